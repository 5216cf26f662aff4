import sharp, { type OverlayOptions } from "sharp"
import { labelMaskPng, labelMaskSize } from "./labelMask.js"

/**
 * The explicit label of GB 45438-2025 §5 (images): the words AI生成 in a corner of the picture, the
 * text at least 5% of the shorter side tall (AL6), in a pill that keeps it legible on any background.
 * The operator picks the corner and the style (app_config aigc.label.corner / aigc.label.style, AL7);
 * there is no setting that leaves it out.
 */

export const LABEL_CORNERS = ["bottom-left", "bottom-right", "top-left", "top-right"] as const
export type LabelCorner = (typeof LABEL_CORNERS)[number]
export const LABEL_STYLES = ["dark", "light"] as const
export type LabelStyle = (typeof LABEL_STYLES)[number]

export interface LabelLook {
  readonly corner: LabelCorner
  readonly style: LabelStyle
}

/** The default: bottom-left, so the 本地演示引擎 caption of the offline engine keeps the bottom-right. */
export const DEFAULT_LOOK: LabelLook = { corner: "bottom-left", style: "dark" }

/** AL7: the configured look; an unknown value falls back to the default, never to "no label". */
export const labelLookOf = (corner: string | undefined, style: string | undefined): LabelLook => ({
  corner: (LABEL_CORNERS as ReadonlyArray<string>).includes(corner ?? "") ? (corner as LabelCorner) : DEFAULT_LOOK.corner,
  style: (LABEL_STYLES as ReadonlyArray<string>).includes(style ?? "") ? (style as LabelStyle) : DEFAULT_LOOK.style
})

export interface LabelBox {
  readonly left: number
  readonly top: number
  readonly width: number
  readonly height: number
  /** the text's own height and width inside the pill */
  readonly textHeight: number
  readonly textWidth: number
}

/** AL6: 5% of the shorter side, never under 10 px (legible), rounded up so it is never below 5%. */
export const labelTextHeight = (width: number, height: number): number => Math.max(10, Math.ceil(Math.min(width, height) * 0.05))

/** Where the label goes on a width × height image; shrunk only when the image is too narrow to hold it. */
export const labelBox = (width: number, height: number, corner: LabelCorner): LabelBox => {
  const wanted = labelTextHeight(width, height)
  // the pill is the text plus 0.5 of its height each side and 0.3 above and below; a margin of 0.4
  const fits = Math.floor(Math.min(width / ((labelMaskSize.width / labelMaskSize.height) + 1.8), height / 2.4))
  const textHeight = Math.max(1, Math.min(wanted, fits))
  const textWidth = Math.round((labelMaskSize.width * textHeight) / labelMaskSize.height)
  const pillWidth = textWidth + Math.round(textHeight)
  const pillHeight = textHeight + Math.round(textHeight * 0.6)
  const margin = Math.round(textHeight * 0.4)
  const left = corner.endsWith("left") ? margin : width - pillWidth - margin
  const top = corner.startsWith("top") ? margin : height - pillHeight - margin
  return { left, top, width: pillWidth, height: pillHeight, textHeight, textWidth }
}

const INK: Record<LabelStyle, { readonly ink: string; readonly pill: string }> = {
  dark: { ink: "#ffffff", pill: "rgba(12,12,20,0.55)" },
  light: { ink: "#14141c", pill: "rgba(255,255,255,0.75)" }
}

/** The ink of a style as RGB, for reading the label back. */
export const inkRgb = (style: LabelStyle): readonly [number, number, number] => {
  const hex = INK[style].ink
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as unknown as readonly [number, number, number]
}

/** The text's coverage mask scaled to the box (white = ink), as raw one-channel pixels. */
export const labelMask = async (box: LabelBox): Promise<Buffer> =>
  sharp(labelMaskPng).resize({ width: box.textWidth, height: box.textHeight, fit: "fill", kernel: "lanczos3" }).toColourspace("b-w").raw().toBuffer()

const pillPng = async (box: LabelBox, style: LabelStyle): Promise<Buffer> => {
  const mask = await labelMask(box)
  const ink = await sharp({ create: { width: box.textWidth, height: box.textHeight, channels: 3, background: INK[style].ink } })
    .joinChannel(mask, { raw: { width: box.textWidth, height: box.textHeight, channels: 1 } })
    .png()
    .toBuffer()
  const radius = Math.round(box.height / 2)
  const pill = `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}"><rect width="${box.width}" height="${box.height}" rx="${radius}" fill="${INK[style].pill}"/></svg>`
  return sharp(Buffer.from(pill))
    .composite([{ input: ink, left: textLeft(box), top: textTop(box) }])
    .png()
    .toBuffer()
}

/** The text's offset inside the pill. */
export const textLeft = (box: LabelBox): number => Math.round((box.width - box.textWidth) / 2)
export const textTop = (box: LabelBox): number => Math.round((box.height - box.textHeight) / 2)

/** The label as a sharp composite layer for a width × height image. */
export const labelLayer = async (width: number, height: number, look: LabelLook): Promise<OverlayOptions> => {
  const box = labelBox(width, height, look.corner)
  return { input: await pillPng(box, look.style), left: box.left, top: box.top }
}
