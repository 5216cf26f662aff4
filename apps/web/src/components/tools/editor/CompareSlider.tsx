import type { CompareSliderProps } from "./types"

/** Before / after images stacked with a draggable divider. */
export function CompareSlider({ before, after, beforeLabel = "原图", afterLabel = "效果图", alt = "" }: CompareSliderProps) {
  return (
    <div className="relative">
      <img src={after} alt={`${alt}${afterLabel}`} />
      <img src={before} alt={`${alt}${beforeLabel}`} className="absolute inset-0" />
    </div>
  )
}
