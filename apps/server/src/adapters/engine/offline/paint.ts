import type { PromptPalette } from "./promptPalette.js"
import type { RenderStyle } from "./renderStyle.js"
import { type SeededRandom } from "./seededRandom.js"

/**
 * What a composition draws with: the canvas size, the seeded random source and colours taken from the
 * prompt's hues in the checkpoint's style. Lightness is asked for as on a light scene (0 black – 100
 * white); a dark scene mirrors it, so every composition works in both moods.
 */
export interface Paint {
  readonly width: number
  readonly height: number
  /** the shorter side, for sizes that should look the same in portrait and landscape */
  readonly side: number
  readonly rng: SeededRandom
  readonly dark: boolean
  /** an SVG colour of hue `index` (0–2, wraps) at `lightness`, optionally with an alpha and less saturation */
  readonly colour: (index: number, lightness: number, alpha?: number, saturation?: number) => string
  /** a fresh id for a gradient in <defs> */
  readonly id: (prefix: string) => string
}

/** HSL to 0–255 RGB (librsvg reads rgb()/rgba() everywhere, CSS Color 4 hsl() not in every build). */
export const hslToRgb = (hue: number, saturation: number, lightness: number): [number, number, number] => {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12
    return Math.round(255 * (lightness - (chroma / 2) * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
  }
  return [channel(0), channel(8), channel(4)]
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

export const makePaint = (
  palette: PromptPalette,
  style: RenderStyle,
  rng: SeededRandom,
  width: number,
  height: number
): Paint => {
  const dark = (style.mood ?? palette.mood) === "dark"
  let counter = 0
  const colour = (index: number, lightness: number, alpha = 1, saturation = 1) => {
    const hue = palette.hues[((index % 3) + 3) % 3] ?? 0
    const asked = dark ? 100 - lightness : lightness
    const light = clamp(asked + style.lightnessShift + ((style.mood ?? palette.mood) === "light" ? 8 : 0), 4, 96)
    const [r, g, b] = hslToRgb(hue, (style.saturation * saturation) / 100, light / 100)
    return alpha >= 1 ? `rgb(${r},${g},${b})` : `rgba(${r},${g},${b},${alpha.toFixed(2)})`
  }
  return {
    width,
    height,
    side: Math.min(width, height),
    rng,
    dark,
    colour,
    id: (prefix) => `${prefix}${counter++}`
  }
}

/**
 * A radial gradient of `inner` that stays nearly solid up to `body` (0–1 of the radius) and fades out
 * to the same colour at zero opacity (fading to "transparent" would blend through black and muddy it),
 * or to `outer` when given; returns its id.
 */
export const radialFade = (paint: Paint, defs: string[], inner: string, outer?: string, body = 0): string => {
  const id = paint.id("r")
  const rim = outer === undefined ? `<stop offset="1" stop-color="${inner}" stop-opacity="0"/>` : `<stop offset="1" stop-color="${outer}"/>`
  const solid = body > 0 ? `<stop offset="${body.toFixed(2)}" stop-color="${inner}" stop-opacity="0.85"/>` : ""
  defs.push(`<radialGradient id="${id}"><stop offset="0" stop-color="${inner}"/>${solid}${rim}</radialGradient>`)
  return id
}

/** A straight gradient through the colours, at `angle` degrees (0: left to right, 90: top to bottom). */
export const linearThrough = (paint: Paint, defs: string[], colours: ReadonlyArray<string>, angle: number): string => {
  const id = paint.id("l")
  const radians = (angle * Math.PI) / 180
  const dx = Math.cos(radians) / 2
  const dy = Math.sin(radians) / 2
  const stops = colours.map((c, i) => `<stop offset="${(i / Math.max(1, colours.length - 1)).toFixed(3)}" stop-color="${c}"/>`)
  defs.push(
    `<linearGradient id="${id}" x1="${(0.5 - dx).toFixed(3)}" y1="${(0.5 - dy).toFixed(3)}" x2="${(0.5 + dx).toFixed(3)}" y2="${(0.5 + dy).toFixed(3)}">${stops.join("")}</linearGradient>`
  )
  return id
}

export const fmt = (value: number) => value.toFixed(1)
