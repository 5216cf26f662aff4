import type { WebuiStore } from "@mido/react"
import { type DragEvent, type ReactNode, useEffect, useState } from "react"
import { cx } from "../../components/ui/cx"

/** The first file of a drop or a paste that is a picture (a dragged text or link is left to the page). */
export const pictureOf = (data: DataTransfer | null): File | undefined =>
  Array.from(data?.files ?? []).find((file) => file.type.startsWith("image/") || /\.(png|jpe?g|webp)$/i.test(file.name))

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes("Files")

/**
 * Recreate from a picture (docs/spec/pnginfo.md): a picture dropped anywhere on /webui, or pasted
 * while the page is shown (React's Activity removes the listener while the page is kept hidden),
 * fills the form with the settings it carries. A drop shows where it will land while it hovers.
 */
export function PictureDrop({ webui, children, className }: { webui: WebuiStore; children: ReactNode; className?: string }) {
  const [hovering, setHovering] = useState(false)

  useEffect(() => {
    const paste = (event: ClipboardEvent) => {
      const picture = pictureOf(event.clipboardData)
      if (picture === undefined) return
      event.preventDefault()
      void webui.readPicture(picture)
    }
    window.addEventListener("paste", paste)
    return () => window.removeEventListener("paste", paste)
  }, [webui])

  return (
    <div
      className={cx("relative", className)}
      data-testid="webui-drop"
      onDragOver={(event) => {
        if (!carriesFiles(event)) return
        event.preventDefault()
        event.dataTransfer.dropEffect = "copy"
        setHovering(true)
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHovering(false)
      }}
      onDrop={(event) => {
        setHovering(false)
        const picture = pictureOf(event.dataTransfer)
        if (picture === undefined) return
        event.preventDefault()
        void webui.readPicture(picture)
      }}
    >
      {children}
      {hovering ? (
        <div className="pointer-events-none absolute inset-0 z-20 flex items-center justify-center rounded-xl border-2 border-dashed border-brand-500 bg-brand-50/80">
          <p className="rounded-lg bg-surface px-4 py-2 text-sm font-medium text-brand-700 shadow-sm">松开即可读取图片中的生成参数</p>
        </div>
      ) : null}
    </div>
  )
}
