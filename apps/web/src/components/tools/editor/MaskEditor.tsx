import type { MaskEditorProps } from "./types"

/** Paints a mask (or keep / remove hints) over an image; see MaskEditorMode for the exported PNG. */
export function MaskEditor({ src, alt = "", height = 480, className }: MaskEditorProps) {
  return (
    <div className={className} style={{ height }} data-testid="mask-editor">
      <img src={src} alt={alt} className="h-full w-full object-contain" />
    </div>
  )
}
