import { type ComposerImage, type PostComposerStore, useCommunityStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect, useRef, useState } from "react"
import { Link, useLocation, useNavigate } from "react-router-dom"
import { MentionTextarea } from "../../components/community/MentionTextarea"
import { Button } from "../../components/ui/Button"
import { cx } from "../../components/ui/cx"
import { Icon } from "../../components/ui/Icon"
import { StoreSuspense } from "../../components/ui/StoreSuspense"

const SMALL = "flex size-6 items-center justify-center rounded bg-black/55 text-xs text-white hover:bg-black/75 disabled:opacity-30"

/** One image of the form: its upload progress, then the image with ← → and × (drag to reorder too). */
const ImageTile = observer(function ImageTile({ composer, image, index, dragging, onDrag }: {
  composer: PostComposerStore
  image: ComposerImage
  index: number
  dragging: number | null
  onDrag: (index: number | null) => void
}) {
  return (
    <li
      draggable={image.status === "done"}
      onDragStart={() => onDrag(index)}
      onDragEnd={() => onDrag(null)}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault()
        if (dragging !== null) composer.move(dragging, index)
        onDrag(null)
      }}
      data-testid="composer-image"
      data-status={image.status}
      className={cx("group relative size-28 overflow-hidden rounded-lg bg-gray-100 ring-1 ring-line", dragging === index && "opacity-50")}
    >
      {image.status === "done" ? <img src={image.url} alt={image.name} className="size-full object-cover" /> : null}
      {image.status === "uploading" ? (
        <div className="flex size-full flex-col items-center justify-center gap-2 px-3 text-xs text-gray-500">
          上传中 {image.percent}%
          <div className="h-1.5 w-full overflow-hidden rounded-full bg-gray-200" role="progressbar" aria-valuenow={image.percent} aria-valuemin={0} aria-valuemax={100}>
            <div className="h-full bg-brand-500 transition-[width]" style={{ width: `${image.percent}%` }} />
          </div>
        </div>
      ) : null}
      {image.status === "failed" ? <div className="flex size-full items-center justify-center text-xs text-danger-600">上传失败</div> : null}
      <div className="absolute top-1 right-1 flex gap-1">
        <button type="button" aria-label={`删除图片 ${index + 1}`} onClick={() => composer.remove(image.id)} className={SMALL}><Icon name="close" size={12} /></button>
      </div>
      {image.status === "done" ? (
        <div className="absolute bottom-1 left-1 flex gap-1 opacity-0 group-hover:opacity-100 focus-within:opacity-100">
          <button type="button" aria-label={`图片 ${index + 1} 前移`} disabled={index === 0} onClick={() => composer.move(index, index - 1)} className={SMALL}>←</button>
          <button type="button" aria-label={`图片 ${index + 1} 后移`} disabled={index === composer.images.length - 1} onClick={() => composer.move(index, index + 1)} className={SMALL}>→</button>
        </div>
      ) : null}
    </li>
  )
})

const Composer = observer(function Composer() {
  const { composer, mentions } = useCommunityStore()
  const navigate = useNavigate()
  // useLocation, not useSearchParams: that hook would join /list's first load (react-router is in it)
  const { search } = useLocation()
  const fileInput = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState<number | null>(null)
  const preselect = Number(new URLSearchParams(search).get("circle") ?? "")

  useEffect(() => {
    void composer.loadCircles(Number.isSafeInteger(preselect) && preselect > 0 ? preselect : undefined)
  }, [composer, preselect])

  const pick = (files: FileList | null) => {
    if (files === null) return
    void composer.addFiles([...files].map((file) => ({ name: file.name, type: file.type, size: file.size, blob: file })))
    if (fileInput.current !== null) fileInput.current.value = ""
  }
  const publish = async () => {
    const post = await composer.publish()
    if (post !== undefined) navigate(`/community-detail/${post.id}`)
  }

  return (
    <section aria-label="发布动态" className="mx-auto w-full max-w-[880px] pb-10">
      <header className="mb-4 flex items-baseline justify-between">
        <h1 className="text-xl font-semibold text-gray-900">发布动态</h1>
        <Link to="/community/publish-article" className="text-sm text-brand-600 hover:underline">写长文章？去写文章 ›</Link>
      </header>
      <div className="rounded-xl border border-line bg-surface p-6 shadow-xs">
        <MentionTextarea
          picker={mentions}
          value={composer.content}
          onValueChange={composer.setContent}
          placeholder="分享你的创作心得、作品故事…（输入 @ 提醒关注的人）"
          aria-label="动态内容"
          className="h-44 w-full resize-none text-[15px] leading-relaxed outline-none"
        />
        <p className={cx("text-right text-xs", composer.content.length > composer.textLimit ? "text-danger-600" : "text-gray-400")}>
          {composer.content.length}/{composer.textLimit}
        </p>
        <ul className="mt-3 flex flex-wrap gap-3" aria-label="图片">
          {composer.images.map((image, index) => (
            <ImageTile key={image.id} composer={composer} image={image} index={index} dragging={dragging} onDrag={setDragging} />
          ))}
          {composer.canAddImages ? (
            <li>
              <button
                type="button"
                onClick={() => fileInput.current?.click()}
                className="flex size-28 flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-line-strong text-sm text-gray-500 hover:border-brand-400 hover:text-brand-700"
              >
                <Icon name="plus" size={22} />
                添加图片
                <span className="text-xs text-gray-400">{composer.images.length}/{composer.imageLimit}</span>
              </button>
            </li>
          ) : null}
        </ul>
        <input ref={fileInput} type="file" accept="image/png,image/jpeg" multiple hidden aria-label="选择图片" data-testid="composer-file" onChange={(event) => pick(event.target.files)} />
        <p className="mt-2 text-xs text-gray-400">支持 png、jpg、jpeg，单张不超过 15 MB，最多 {composer.imageLimit} 张；拖动或用箭头调整顺序</p>
        <div className="mt-6 grid grid-cols-2 gap-4 border-t border-line pt-5">
          <label className="flex flex-col gap-1.5 text-sm text-gray-700">
            发布到圈子
            <select
              value={composer.circleId ?? ""}
              onChange={(event) => composer.setCircle(event.target.value === "" ? undefined : Number(event.target.value))}
              className="h-10 rounded-md border border-line-strong bg-surface px-3 outline-none focus:border-brand-400"
              aria-label="选择圈子"
            >
              <option value="">不发布到圈子（仅社区）</option>
              {composer.circles.map((circle) => <option key={circle.id} value={circle.id}>{circle.name}</option>)}
            </select>
          </label>
          <label className="flex flex-col gap-1.5 text-sm text-gray-700">
            话题
            <span className="flex h-10 items-center rounded-md border border-line-strong px-3 focus-within:border-brand-400">
              <span className="text-brand-600">#</span>
              <input
                value={composer.topic}
                maxLength={20}
                onChange={(event) => composer.setTopic(event.target.value)}
                placeholder="添加一个话题，如 国风"
                aria-label="话题"
                className="min-w-0 flex-1 px-1 outline-none"
              />
            </span>
          </label>
        </div>
        <div className="mt-6 flex items-center justify-end gap-3">
          <Button variant="secondary" onClick={() => navigate("/community")}>取消</Button>
          <Button loading={composer.publishing} disabled={!composer.canPublish} onClick={() => void publish()}>发布</Button>
        </div>
      </div>
    </section>
  )
})

/** /community/publish (login required): text, up to 9 images, a joined circle and a topic; the reward shows in the toast. */
export function PublishPage() {
  return (
    <StoreSuspense>
      <Composer />
    </StoreSuspense>
  )
}
