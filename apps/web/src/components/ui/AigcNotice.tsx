import { cx } from "./cx"

/** The AIGC attribute of a work (GB 45438-2025): 1 generated, 2 possibly, 3 suspected; absent: none. */
export type AigcLabel = 1 | 2 | 3

/** AL8 (docs/spec/aigc-labels.md): the notice's words; nothing for a work without an attribute. */
export const aigcNoticeText = (label: AigcLabel | undefined): string | undefined =>
  label === undefined ? undefined : label === 1 ? "AI生成" : "疑似AI生成"

/**
 * The AI-generated notice on a work's card and detail (《人工智能生成合成内容标识办法》 第六条: the
 * platform shows a notice on content that is, or may be, generated). Small and always visible.
 */
export function AigcNotice({ label, className }: { label: AigcLabel | undefined; className?: string }) {
  const text = aigcNoticeText(label)
  if (text === undefined) return null
  return (
    <span
      data-testid="aigc-notice"
      data-label={label}
      title={label === 1 ? "本作品由人工智能生成" : "本作品疑似由人工智能生成"}
      className={cx("pointer-events-none inline-flex h-5 items-center rounded-sm bg-black/55 px-1.5 text-[11px] leading-none font-medium whitespace-nowrap text-white", className)}
    >
      {text}
    </span>
  )
}
