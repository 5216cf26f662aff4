/**
 * The demo checkpoints of the offline engine. Each is a style the procedural renderer applies on top of
 * the prompt's palette, so picking a "model" visibly changes the picture as it would on a real engine.
 */

/** How the subjects (and, for ink and pixel, the whole picture) are treated for a style (rule OE3). */
export type Treatment = "plain" | "watercolour" | "neon" | "oil" | "ink" | "pixel" | "anime"

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
  readonly treatment: Treatment
}

export const defaultStyle: RenderStyle = {
  checkpoint: "本地演示·通用",
  saturation: 68,
  lightnessShift: 0,
  blur: 0,
  grain: 6,
  dabs: 0,
  treatment: "plain"
}

export const renderStyles: ReadonlyArray<RenderStyle> = [
  defaultStyle,
  { checkpoint: "本地演示·水彩", saturation: 56, lightnessShift: 6, mood: "light", blur: 1.4, grain: 16, dabs: 0, treatment: "watercolour" },
  { checkpoint: "本地演示·霓虹", saturation: 96, lightnessShift: -4, mood: "dark", blur: 0, grain: 4, dabs: 0, treatment: "neon" },
  { checkpoint: "本地演示·油画", saturation: 78, lightnessShift: -6, blur: 0, grain: 12, dabs: 2600, treatment: "oil" },
  { checkpoint: "本地演示·水墨", saturation: 20, lightnessShift: 8, mood: "light", blur: 0.6, grain: 14, dabs: 0, treatment: "ink" },
  { checkpoint: "本地演示·像素", saturation: 74, lightnessShift: 0, blur: 0, grain: 0, dabs: 0, treatment: "pixel" },
  { checkpoint: "本地演示·动漫", saturation: 80, lightnessShift: 4, blur: 0, grain: 0, dabs: 0, treatment: "anime" }
]

/** The style a checkpoint names; an unknown or missing one draws in the general style. */
export const styleOfCheckpoint = (checkpoint: string | undefined): RenderStyle =>
  renderStyles.find((style) => style.checkpoint === checkpoint) ?? defaultStyle

/** Style words a prompt may carry (a quick style's name is part of its prompt: 国风水墨, 像素游戏…). */
const treatmentWords: ReadonlyArray<readonly [Treatment, RegExp]> = [
  ["pixel", /像素|8-?bit|pixel/],
  ["ink", /水墨|国画|墨韵|ink/],
  ["watercolour", /水彩|watercolou?r/],
  ["oil", /油画|厚涂|oil paint/],
  ["neon", /霓虹|赛博|neon|cyberpunk/],
  ["anime", /动漫|二次元|漫画|卡通|童话|绘本|anime|manga|cartoon|niji|ghibli/]
]

/**
 * The treatment of a picture: a demo checkpoint's own, or with the general checkpoint the first style
 * word of the prompt (so 快捷绘画's 国风水墨 draws ink), else plain.
 */
export const treatmentOf = (style: RenderStyle, prompt: string): Treatment => {
  if (style.treatment !== "plain") return style.treatment
  const text = prompt.toLowerCase()
  const named = treatmentWords.map(([treatment, pattern]) => ({ treatment, at: text.search(pattern) })).filter(({ at }) => at >= 0).sort((a, b) => a.at - b.at)[0]
  return named?.treatment ?? "plain"
}
