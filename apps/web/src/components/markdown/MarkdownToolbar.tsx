import { type Editor, useEditorState } from "@tiptap/react"
import { type ReactNode } from "react"
import { cx } from "../ui/cx"
import { Icon } from "../ui/Icon"

type ToolbarProps = {
  editor: Editor
  onLink: () => void
  onImage: () => void
  uploading: boolean
}

type Tool = {
  readonly label: string
  readonly glyph: ReactNode
  readonly active?: (editor: Editor) => boolean
  readonly run: (editor: Editor) => void
}

const heading = (level: 1 | 2 | 3): Tool => ({
  label: `标题 ${level}`,
  glyph: <span className="font-semibold">H{level}</span>,
  active: (editor) => editor.isActive("heading", { level }),
  run: (editor) => editor.chain().focus().toggleHeading({ level }).run()
})

const GROUPS: ReadonlyArray<ReadonlyArray<Tool>> = [
  [heading(1), heading(2), heading(3)],
  [
    { label: "加粗", glyph: <span className="font-bold">B</span>, active: (editor) => editor.isActive("bold"), run: (editor) => editor.chain().focus().toggleBold().run() },
    { label: "斜体", glyph: <span className="font-serif italic">I</span>, active: (editor) => editor.isActive("italic"), run: (editor) => editor.chain().focus().toggleItalic().run() }
  ],
  [
    { label: "列表", glyph: <span>• 列表</span>, active: (editor) => editor.isActive("bulletList"), run: (editor) => editor.chain().focus().toggleBulletList().run() },
    { label: "有序列表", glyph: <span>1. 列表</span>, active: (editor) => editor.isActive("orderedList"), run: (editor) => editor.chain().focus().toggleOrderedList().run() },
    { label: "引用", glyph: <span>“ 引用</span>, active: (editor) => editor.isActive("blockquote"), run: (editor) => editor.chain().focus().toggleBlockquote().run() }
  ],
  [
    { label: "行内代码", glyph: <span className="font-mono">`代码`</span>, active: (editor) => editor.isActive("code"), run: (editor) => editor.chain().focus().toggleCode().run() },
    { label: "代码块", glyph: <span className="font-mono">{"{ } 代码块"}</span>, active: (editor) => editor.isActive("codeBlock"), run: (editor) => editor.chain().focus().toggleCodeBlock().run() }
  ]
]

/** The editor's toolbar: each button shows whether the cursor is inside what it makes. */
export function MarkdownToolbar({ editor, onLink, onImage, uploading }: ToolbarProps) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      marks: GROUPS.flat().map((tool) => tool.active?.(current) ?? false),
      link: current.isActive("link"),
      canUndo: current.can().undo(),
      canRedo: current.can().redo()
    })
  })
  let index = 0
  return (
    <div role="toolbar" aria-label="格式" className="flex flex-wrap items-center gap-1 border-b border-line bg-gray-50/80 px-2 py-1.5">
      {GROUPS.map((group, groupIndex) => (
        <div key={groupIndex} className="flex items-center gap-0.5 border-r border-line pr-1 last:border-r-0">
          {group.map((tool) => {
            const on = active.marks[index++] ?? false
            return <ToolButton key={tool.label} label={tool.label} pressed={on} onClick={() => tool.run(editor)}>{tool.glyph}</ToolButton>
          })}
        </div>
      ))}
      <div className="flex items-center gap-0.5 border-r border-line pr-1">
        <ToolButton label="链接" pressed={active.link} onClick={onLink}><span className="underline underline-offset-2">链接</span></ToolButton>
        <ToolButton label="图片" disabled={uploading} onClick={onImage}><Icon name="image" size={15} /><span className="ml-1">图片</span></ToolButton>
      </div>
      <div className="ml-auto flex items-center gap-0.5">
        <ToolButton label="撤销" disabled={!active.canUndo} onClick={() => editor.chain().focus().undo().run()}>↶</ToolButton>
        <ToolButton label="重做" disabled={!active.canRedo} onClick={() => editor.chain().focus().redo().run()}>↷</ToolButton>
      </div>
    </div>
  )
}

function ToolButton({ label, pressed, disabled, onClick, children }: { label: string; pressed?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cx(
        "inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm text-gray-700 transition-colors",
        "hover:bg-gray-200/70 disabled:cursor-not-allowed disabled:opacity-40",
        pressed ? "bg-brand-100 text-brand-800 hover:bg-brand-100" : ""
      )}
    >
      {children}
    </button>
  )
}
