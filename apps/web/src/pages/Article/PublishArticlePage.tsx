import { useArticleEditorStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
import { useNavigate } from "react-router-dom"
import { LazyMarkdownEditor as MarkdownEditor } from "../../components/markdown/lazyMarkdown"
import { Button } from "../../components/ui/Button"
import { Input } from "../../components/ui/Input"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { CoverField } from "./CoverField"
import { DraftOffer } from "./DraftOffer"
import { uploadFileOf } from "./uploadFileOf"

/** /community/publish-article (login required): write an article in Markdown and publish it. */
export function PublishArticlePage() {
  return (
    <StoreSuspense>
      <PublishArticleView />
    </StoreSuspense>
  )
}

const TITLE_MAX = 50
const SUMMARY_MAX = 200

const PublishArticleView = observer(function PublishArticleView() {
  const editor = useArticleEditorStore()
  const navigate = useNavigate()
  useEffect(() => {
    void editor.open()
    return () => editor.close()
  }, [editor])
  const { title, summary, circleId, content } = editor.fields

  const publish = async () => {
    const id = await editor.publish()
    if (id !== undefined) navigate(`/article-detail/${id}`)
  }

  return (
    <section aria-label="发布文章" className="mx-auto flex w-full max-w-[1080px] flex-col gap-4 pb-10">
      <header className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-gray-900">发布文章</h1>
          <p className="mt-1 text-sm text-gray-500">分享创作心得、提示词技巧与教程，支持 Markdown</p>
        </div>
        <span className="text-xs text-gray-400" aria-live="polite">{editor.savedText}</span>
      </header>
      <DraftOffer editor={editor} />
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_300px]">
        <div className="flex min-w-0 flex-col gap-4">
          <Input
            aria-label="标题"
            size="lg"
            placeholder="请输入标题"
            maxLength={TITLE_MAX}
            value={title}
            onChange={(event) => editor.setTitle(event.target.value)}
            className="text-lg font-medium"
            suffix={<span className="text-xs">{title.length}/{TITLE_MAX}</span>}
          />
          <MarkdownEditor
            key={editor.revision}
            initialMarkdown={content}
            onChange={editor.setContent}
            onUploadImage={(file) => editor.uploadImage(uploadFileOf(file))}
            checkLink={editor.linkInput}
            wordCount={editor.wordCount}
            uploading={editor.imageUploading}
            placeholder="从这里开始写正文，可用工具栏插入标题、列表、链接和图片"
            minHeight={480}
          />
        </div>
        <aside className="flex flex-col gap-4 self-start rounded-xl bg-surface p-4 shadow-xs ring-1 ring-line lg:sticky lg:top-20">
          <CoverField editor={editor} />
          <label className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-gray-700">摘要 <span className="font-normal text-gray-400">（选填）</span></span>
            <textarea
              value={summary}
              maxLength={SUMMARY_MAX}
              rows={4}
              placeholder="不填则取正文开头"
              onChange={(event) => editor.setSummary(event.target.value)}
              className="resize-none rounded-md px-3 py-2 text-sm ring-1 ring-line-strong ring-inset outline-none focus:ring-2 focus:ring-brand-500"
            />
            <span className="self-end text-xs text-gray-400">{summary.length}/{SUMMARY_MAX}</span>
          </label>
          <label className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-gray-700">发布到圈子 <span className="font-normal text-gray-400">（选填）</span></span>
            <select
              value={circleId ?? ""}
              onChange={(event) => editor.setCircle(event.target.value === "" ? null : Number(event.target.value))}
              className="h-10 rounded-md bg-surface px-3 text-sm ring-1 ring-line-strong ring-inset outline-none focus:ring-2 focus:ring-brand-500"
            >
              <option value="">不发布到圈子</option>
              {editor.circles.map((circle) => (
                <option key={circle.id} value={circle.id}>{circle.name}</option>
              ))}
            </select>
            {editor.circles.length === 0 ? <span className="text-xs text-gray-400">加入圈子后可发布到圈内</span> : null}
          </label>
          {editor.problem !== "" ? <p role="alert" className="text-sm text-danger-600">{editor.problem}</p> : null}
          <Button size="lg" disabled={!editor.canPublish} onClick={() => void publish()}>
            {editor.publishing ? "发布中…" : "发布文章"}
          </Button>
          <p className="text-xs text-gray-400">草稿自动保存在本机，发布后清除</p>
        </aside>
      </div>
    </section>
  )
})
