import { lazy, type ReactNode, Suspense } from "react"
import type { MarkdownEditorProps } from "./MarkdownEditor"
import type { MarkdownViewProps } from "./MarkdownView"
import { Spinner } from "../ui/Spinner"

// Tiptap and react-markdown are chunks of their own: the article pages share one small chunk and
// fetch only what they show (the editor to write, the renderer to read); /list never does (ADR 0011).
const Editor = lazy(async () => ({ default: (await import("./MarkdownEditor")).MarkdownEditor }))
const View = lazy(async () => ({ default: (await import("./MarkdownView")).MarkdownView }))

function Loading({ minHeight }: { minHeight: number }): ReactNode {
  return (
    <div style={{ minHeight }} className="flex items-center justify-center rounded-lg bg-surface text-gray-400 ring-1 ring-line">
      <Spinner />
    </div>
  )
}

export function LazyMarkdownEditor(props: MarkdownEditorProps) {
  return (
    <Suspense fallback={<Loading minHeight={props.minHeight ?? 360} />}>
      <Editor {...props} />
    </Suspense>
  )
}

export function LazyMarkdownView(props: MarkdownViewProps) {
  return (
    <Suspense fallback={<Loading minHeight={240} />}>
      <View {...props} />
    </Suspense>
  )
}
