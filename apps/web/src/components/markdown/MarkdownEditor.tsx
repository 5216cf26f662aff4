import Image from "@tiptap/extension-image"
import { Placeholder } from "@tiptap/extensions"
import { Markdown } from "@tiptap/markdown"
import { type Editor, EditorContent, useEditor } from "@tiptap/react"
import StarterKit from "@tiptap/starter-kit"
import { useRef, useState } from "react"
import { cx } from "../ui/cx"
import { Spinner } from "../ui/Spinner"
import { type LinkCheck, LinkDialog } from "./LinkDialog"
import { PROSE_CLASSES } from "./prose"
import { MarkdownToolbar } from "./MarkdownToolbar"

export type MarkdownEditorProps = {
  /** The Markdown the editor starts from; remount (a new `key`) to replace it. */
  initialMarkdown: string
  /** Every change, as Markdown (CommonMark). */
  onChange: (markdown: string) => void
  /** Uploads a chosen image (the store checks §5 and toasts a refusal); its address, or undefined. */
  onUploadImage: (file: File) => Promise<string | undefined>
  /** The link dialog's rule (AR3). */
  checkLink: (text: string) => LinkCheck
  wordCount: number
  uploading?: boolean
  placeholder?: string
  /** The editable area's least height in px. */
  minHeight?: number
}

/**
 * A Markdown editor on Tiptap 3 (docs/adr/0011): headings, bold, italic, lists, quotes, code, links
 * (http(s) only, through a dialog) and images (uploaded first). Markdown in and out through
 * @tiptap/markdown. Loaded only by the pages that write articles.
 */
export function MarkdownEditor({ initialMarkdown, onChange, onUploadImage, checkLink, wordCount, uploading = false, placeholder = "开始写作吧…", minHeight = 360 }: MarkdownEditorProps) {
  const changed = useRef(onChange)
  changed.current = onChange
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ["http", "https"],
          isAllowedUri: (url) => checkLink(url).ok,
          HTMLAttributes: { rel: "noopener noreferrer nofollow", target: "_blank" }
        }
      }),
      Image.configure({ inline: false, allowBase64: false }),
      Placeholder.configure({ placeholder }),
      Markdown
    ],
    content: initialMarkdown,
    contentType: "markdown",
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: cx(PROSE_CLASSES, "outline-none px-6 py-5"),
        "aria-label": "正文",
        "aria-multiline": "true",
        role: "textbox"
      }
    },
    onUpdate: ({ editor }) => changed.current(editor.getMarkdown())
  })
  const [linkOpen, setLinkOpen] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)

  const pickImage = async (file: File | undefined) => {
    if (file === undefined) return
    const src = await onUploadImage(file)
    if (src !== undefined) editor.chain().focus().setImage({ src, alt: file.name.replace(/\.[a-z0-9]+$/i, "") }).run()
  }

  return (
    <div className="flex flex-col overflow-hidden rounded-lg bg-surface ring-1 ring-line-strong focus-within:ring-2 focus-within:ring-brand-500">
      <MarkdownToolbar editor={editor} onLink={() => setLinkOpen(true)} onImage={() => fileInput.current?.click()} uploading={uploading} />
      <div style={{ minHeight }} className="cursor-text [&_.is-editor-empty:first-child]:before:pointer-events-none [&_.is-editor-empty:first-child]:before:float-left [&_.is-editor-empty:first-child]:before:h-0 [&_.is-editor-empty:first-child]:before:text-gray-400 [&_.is-editor-empty:first-child]:before:content-[attr(data-placeholder)]" onClick={() => editor.commands.focus()}>
        <EditorContent editor={editor} />
      </div>
      <footer className="flex items-center justify-between border-t border-line px-4 py-2 text-xs text-gray-500">
        <span>支持 Markdown：# 标题、**加粗**、- 列表、&gt; 引用、`代码`</span>
        <span className="flex items-center gap-2">
          {uploading ? (
            <span className="flex items-center gap-1 text-brand-700">
              <Spinner size={12} />
              图片上传中…
            </span>
          ) : null}
          <span data-testid="word-count">字数 {wordCount}</span>
        </span>
      </footer>
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg"
        className="hidden"
        aria-label="上传图片"
        data-testid="editor-image-input"
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ""
          void pickImage(file)
        }}
      />
      <LinkDialog
        open={linkOpen}
        initial={currentLink(editor)}
        onClose={() => setLinkOpen(false)}
        check={checkLink}
        onRemove={editor.isActive("link") ? () => {
          editor.chain().focus().extendMarkRange("link").unsetLink().run()
          setLinkOpen(false)
        } : undefined}
        onSubmit={(href) => {
          setLinkOpen(false)
          insertLink(editor, href)
        }}
      />
    </div>
  )
}

const currentLink = (editor: Editor): string => {
  const href: unknown = editor.getAttributes("link").href
  return typeof href === "string" ? href : ""
}

/** Links the selection, or, with nothing selected, inserts the address as its own text. */
const insertLink = (editor: Editor, href: string) => {
  const chain = editor.chain().focus()
  if (editor.isActive("link")) chain.extendMarkRange("link").setLink({ href }).run()
  else if (editor.state.selection.empty) chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run()
  else chain.setLink({ href }).run()
}

