import type { PostDetailStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
import { Icon } from "../../components/ui/Icon"

const ROUND = "flex size-11 items-center justify-center rounded-full bg-white/15 text-white hover:bg-white/25"

/** The post's images full screen: arrows (and ← →) move, + / − zoom (a click on the image too), Esc closes. */
export const ImageViewer = observer(function ImageViewer({ detail }: { detail: PostDetailStore }) {
  const viewer = detail.viewer
  const images = detail.post?.images ?? []
  useEffect(() => {
    if (viewer === null) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") detail.closeViewer()
      else if (event.key === "ArrowLeft") detail.step(-1)
      else if (event.key === "ArrowRight") detail.step(1)
      else if (event.key === "+" || event.key === "=") detail.zoomIn()
      else if (event.key === "-") detail.zoomOut()
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [detail, viewer === null])
  if (viewer === null) return null
  const image = images[viewer.index]
  if (image === undefined) return null
  return (
    <div role="dialog" aria-modal="true" aria-label="查看图片" data-testid="image-viewer" className="fixed inset-0 z-50 flex items-center justify-center bg-black/90">
      <div className="absolute inset-0 overflow-auto" onClick={(event) => (event.target === event.currentTarget ? detail.closeViewer() : undefined)}>
        <div className="flex min-h-full min-w-full items-center justify-center p-16" onClick={(event) => (event.target === event.currentTarget ? detail.closeViewer() : undefined)}>
          <img
            src={image.url}
            alt={`图片 ${viewer.index + 1}`}
            onClick={detail.zoomIn}
            className="max-w-none cursor-zoom-in select-none"
            style={{ maxHeight: viewer.zoom === 1 ? "calc(100vh - 8rem)" : undefined, maxWidth: viewer.zoom === 1 ? "calc(100vw - 10rem)" : undefined, width: viewer.zoom === 1 ? undefined : image.width * viewer.zoom * 0.5 }}
          />
        </div>
      </div>
      <p className="absolute top-5 left-1/2 -translate-x-1/2 rounded-full bg-black/50 px-3 py-1 text-sm text-white" data-testid="viewer-index">
        {viewer.index + 1} / {images.length} · {Math.round(viewer.zoom * 100)}%
      </p>
      <button type="button" aria-label="关闭" onClick={detail.closeViewer} className={`${ROUND} absolute top-4 right-4`}>
        <Icon name="close" size={20} />
      </button>
      {images.length > 1 ? (
        <>
          <button type="button" aria-label="上一张" onClick={() => detail.step(-1)} className={`${ROUND} absolute left-5 text-2xl`}>‹</button>
          <button type="button" aria-label="下一张" onClick={() => detail.step(1)} className={`${ROUND} absolute right-5 text-2xl`}>›</button>
        </>
      ) : null}
      <div className="absolute bottom-6 left-1/2 flex -translate-x-1/2 gap-3">
        <button type="button" aria-label="缩小" onClick={detail.zoomOut} className={`${ROUND} text-xl`}>−</button>
        <button type="button" aria-label="放大" onClick={detail.zoomIn} className={`${ROUND} text-xl`}>+</button>
      </div>
    </div>
  )
})
