/**
 * The look of an article's body, shared by the editor (what is typed) and the article page (what is
 * read), so that what the writer sees is what readers get.
 */
export const PROSE_CLASSES = [
  "text-[16px] leading-[1.85] text-gray-800 break-words",
  "[&_h1]:mt-6 [&_h1]:mb-3 [&_h1]:text-[26px] [&_h1]:font-semibold [&_h1]:leading-snug [&_h1]:text-gray-900",
  "[&_h2]:mt-6 [&_h2]:mb-3 [&_h2]:text-[22px] [&_h2]:font-semibold [&_h2]:leading-snug [&_h2]:text-gray-900",
  "[&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-[18px] [&_h3]:font-semibold [&_h3]:text-gray-900",
  "[&_h4]:mt-4 [&_h4]:mb-2 [&_h4]:font-semibold",
  "[&_p]:my-3 [&_strong]:font-semibold [&_em]:italic",
  "[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1 [&_li>p]:my-0",
  "[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-300 [&_blockquote]:bg-brand-50/60 [&_blockquote]:px-4 [&_blockquote]:py-2 [&_blockquote]:text-gray-600",
  "[&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em] [&_code]:text-brand-800",
  "[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-gray-900 [&_pre]:p-4 [&_pre]:text-[14px] [&_pre]:leading-relaxed [&_pre]:text-gray-100",
  "[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-gray-100",
  "[&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-800",
  "[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg",
  "[&_hr]:my-6 [&_hr]:border-line"
].join(" ")
