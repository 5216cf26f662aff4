import type { ToolSpec } from "@mido/core/generation"

/** A rectangle on the source picture, in fractions (0–1) of its width and height. */
export interface SubjectBox {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

/** The key of the tool's box option (智能抠图: "box"), or null when the tool reads none. */
export const boxKeyOf = (spec: ToolSpec | null): string | null => spec?.options.find((option) => option.kind === "box")?.key ?? null

const thousandths = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 1000) / 1000

/**
 * A drawn box as the option's "x,y,w,h" text: each fraction rounded to 0.001 (a pixel of a 1000 px
 * picture; grabCut works on a 320 px copy) and the far edges kept inside the picture. The core's TL5
 * judges the result (a box that rounds to nothing is refused there, with its message).
 */
export const boxOptionOf = (box: SubjectBox): string => {
  const x = thousandths(box.x)
  const y = thousandths(box.y)
  const width = Math.min(thousandths(box.width), thousandths(1 - x))
  const height = Math.min(thousandths(box.height), thousandths(1 - y))
  return [x, y, width, height].join(",")
}
