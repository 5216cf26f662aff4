import { useArticleEditorStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useState } from "react"
import { Link } from "react-router-dom"
import { Logo } from "../../components/layout/Logo"
import { LazyMarkdownEditor as MarkdownEditor } from "../../components/markdown/lazyMarkdown"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { uploadFileOf } from "./uploadFileOf"

const SAMPLE = `# 编辑器演示

在左边写作，右边是生成的 **Markdown**。

- 工具栏插入标题、列表、引用和代码
- 选中文字后点「链接」，只接受 http(s) 地址

> 图片先上传（登录后可用），再插入正文。
`

/** /demo/editor: the article editor alone, its Markdown output beside it. Nothing is saved or published. */
export function DemoEditorPage() {
  return (
    <div className="min-h-screen">
      <header className="flex h-14 items-center gap-4 border-b border-line bg-surface px-6">
        <Logo />
        <span className="text-sm text-gray-500">编辑器演示</span>
        <Link to="/community/publish-article" className="ml-auto text-sm text-brand-700 hover:text-brand-800">去发布文章 →</Link>
      </header>
      <StoreSuspense>
        <DemoEditor />
      </StoreSuspense>
    </div>
  )
}

const DemoEditor = observer(function DemoEditor() {
  const editor = useArticleEditorStore()
  const [markdown, setMarkdown] = useState(SAMPLE)
  const words = editor.countWords(markdown)
  return (
    <main className="mx-auto grid w-full max-w-[1600px] grid-cols-1 gap-5 px-6 py-6 lg:grid-cols-2">
      <section aria-label="编辑器" className="min-w-0">
        <MarkdownEditor
          initialMarkdown={SAMPLE}
          onChange={setMarkdown}
          onUploadImage={(file) => editor.uploadImage(uploadFileOf(file))}
          checkLink={editor.linkInput}
          wordCount={words}
          uploading={editor.imageUploading}
          minHeight={560}
        />
      </section>
      <section aria-label="Markdown 输出" className="flex min-w-0 flex-col overflow-hidden rounded-lg bg-gray-900 ring-1 ring-line-strong">
        <header className="border-b border-white/10 px-4 py-2.5 text-xs text-gray-300">Markdown 输出 · {markdown.length} 字符</header>
        <pre data-testid="markdown-output" className="min-h-[560px] flex-1 overflow-auto p-4 font-mono text-[13px] leading-relaxed whitespace-pre-wrap text-gray-100">{markdown}</pre>
      </section>
    </main>
  )
})
