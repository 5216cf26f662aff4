import { useState } from "react"
import { DetailIcon } from "./detailIcons"
import { ImageViewer } from "./ImageViewer"

/** The artwork, fitted into its half of the dialog; a click opens it full size with zoom and pan. */
export function ArtworkImage({ src, width, height, alt }: { src: string; width: number; height: number; alt: string }) {
  const [viewing, setViewing] = useState(false)
  return (
    <>
      <button
        type="button"
        onClick={() => setViewing(true)}
        className="group relative flex size-full cursor-zoom-in items-center justify-center p-4"
        aria-label="查看大图"
        data-testid="detail-image"
      >
        <img src={src} alt={alt} width={width} height={height} className="max-h-full max-w-full rounded-md object-contain" />
        <span className="pointer-events-none absolute right-4 bottom-4 inline-flex items-center gap-1 rounded-full bg-black/50 px-2.5 py-1 text-xs text-white opacity-0 transition group-hover:opacity-100">
          <DetailIcon name="expand" size={14} />
          查看大图
        </span>
      </button>
      <ImageViewer open={viewing} src={src} alt={alt} onClose={() => setViewing(false)} />
    </>
  )
}
