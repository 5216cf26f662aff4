import { openAiModelProfile } from "./openAiModels.js"

/**
 * The `size` OpenAI Images takes for a requested width × height. The gpt-image-1 family (gpt-image-1,
 * -1-mini, -1.5) draws three sizes only, so the nearest aspect wins; gpt-image-2 draws any WxH in
 * multiples of 16 with an aspect between 1:3 and 3:1, within a pixel budget (our reading of its
 * limits: 655,360 to 8,294,400 pixels, no edge over 3840), so the request is fitted into that.
 * dall-e-3 draws 1024x1024 | 1792x1024 | 1024x1792 (nearest aspect), dall-e-2 squares of 256 | 512 | 1024.
 */
export const FIXED_SIZES = ["1024x1024", "1536x1024", "1024x1536"] as const

const acceptsAnySize = (model: string): boolean => openAiModelProfile(model)?.sizes === "any16"

const nearestFixed = (width: number, height: number, sizes: ReadonlyArray<string> = FIXED_SIZES): string => {
  const wanted = Math.log(width / height)
  let best: string = sizes[0] ?? FIXED_SIZES[0]
  let bestDistance = Number.POSITIVE_INFINITY
  for (const size of sizes) {
    const [w, h] = size.split("x").map(Number)
    const distance = Math.abs(Math.log((w ?? 1) / (h ?? 1)) - wanted)
    if (distance < bestDistance) {
      best = size
      bestDistance = distance
    }
  }
  return best
}

const MIN_PIXELS = 655_360
const MAX_PIXELS = 8_294_400
const MAX_EDGE = 3840

const fitted = (width: number, height: number): string => {
  const aspect = Math.min(3, Math.max(1 / 3, width / height))
  let w = Math.sqrt(width * height * aspect)
  let h = w / aspect
  const grow = Math.sqrt(MIN_PIXELS / (w * h))
  if (grow > 1) [w, h] = [w * grow, h * grow]
  const shrink = Math.min(1, Math.sqrt(MAX_PIXELS / (w * h)), MAX_EDGE / Math.max(w, h))
  ;[w, h] = [w * shrink, h * shrink]
  const round = (value: number, limit: number) => Math.min(limit, Math.max(16, Math.round(value / 16) * 16))
  // rounding may step just outside the aspect or the budget: trim the longer side, grow the shorter
  let outWidth = round(w, MAX_EDGE)
  let outHeight = round(h, MAX_EDGE)
  while (outWidth > 3 * outHeight) outWidth -= 16
  while (outHeight > 3 * outWidth) outHeight -= 16
  while (outWidth * outHeight < MIN_PIXELS) {
    if (outWidth <= outHeight) outWidth += 16
    else outHeight += 16
  }
  return `${outWidth}x${outHeight}`
}

/** dall-e-2 draws squares only: the smallest of its three that covers the longer side (1024 at most). */
const dallE2Square = (width: number, height: number): string => {
  const side = [256, 512, 1024].find((edge) => edge >= Math.max(width, height)) ?? 1024
  return `${side}x${side}`
}

export const openAiSizeOf = (model: string, width: number, height: number): string => {
  if (acceptsAnySize(model)) return fitted(width, height)
  const profile = openAiModelProfile(model)
  if (profile?.family === "dall-e-2") return dallE2Square(width, height)
  return nearestFixed(width, height, profile === undefined || profile.sizes === "any16" ? FIXED_SIZES : profile.sizes)
}
