/**
 * The demo checkpoints of the offline engine. Each is a style the procedural renderer applies on top of
 * the prompt's palette, so picking a "model" visibly changes the picture as it would on a real engine.
 */

export interface RenderStyle {
  readonly checkpoint: string
  /** HSL saturation of the painted shapes, percent */
  readonly saturation: number
  /** added to every lightness the compositions ask for */
  readonly lightnessShift: number
  /** forces a dark or light scene whatever the prompt says */
  readonly mood?: "dark" | "light"
  /** sharp blur after rasterising (watercolour bleeding), sigma in px at 1024² */
  readonly blur: number
  /** grain strength, 0–40 (alpha of the deterministic noise tile) */
  readonly grain: number
  /** short translucent brush strokes painted over the composition (oil), 0 for none */
  readonly dabs: number
}

export const defaultStyle: RenderStyle = {
  checkpoint: "本地演示·通用",
  saturation: 68,
  lightnessShift: 0,
  blur: 0,
  grain: 6,
  dabs: 0
}

export const renderStyles: ReadonlyArray<RenderStyle> = [
  defaultStyle,
  { checkpoint: "本地演示·水彩", saturation: 56, lightnessShift: 6, mood: "light", blur: 1.4, grain: 16, dabs: 0 },
  { checkpoint: "本地演示·霓虹", saturation: 96, lightnessShift: -4, mood: "dark", blur: 0, grain: 4, dabs: 0 },
  { checkpoint: "本地演示·油画", saturation: 78, lightnessShift: -6, blur: 0, grain: 12, dabs: 2600 }
]

/** The style a checkpoint names; an unknown or missing one draws in the general style. */
export const styleOfCheckpoint = (checkpoint: string | undefined): RenderStyle =>
  renderStyles.find((style) => style.checkpoint === checkpoint) ?? defaultStyle
