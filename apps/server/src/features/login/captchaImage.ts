import { randomInt } from "node:crypto"
import { createRequire } from "node:module"
import type { create } from "svg-captcha"

/**
 * svg-captcha's module is itself the renderer of a given text (README "svgCaptcha(text, options)",
 * lib/index.js `module.exports = createCaptcha`), which its index.d.ts does not declare; `create`
 * would pick its own answer with Math.random, and the answer must come from the secure source (R1).
 */
const renderCaptcha = createRequire(import.meta.url)("svg-captcha") as (text: string, options: NonNullable<Parameters<typeof create>[0]>) => string

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
export const CAPTCHA_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
export const CAPTCHA_LENGTH = 4

const WIDTH = 120
const HEIGHT = 40
const FONT_SIZE = 38

/** A fresh captcha answer from a secure random source (R1). */
export const captchaAnswer = (length = CAPTCHA_LENGTH): string =>
  Array.from({ length }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join("")

const between = (low: number, high: number) => low + randomInt(high - low + 1)
const colour = (low: number, high: number) => `rgb(${between(low, high)},${between(low, high)},${between(low, high)})`

const noiseLine = () => {
  const y = () => between(4, HEIGHT - 4)
  return `<path d="M${between(0, 20)} ${y()} C${between(20, 50)} ${y()},${between(60, 90)} ${y()},${between(100, WIDTH)} ${y()}" ` +
    `stroke="${colour(90, 190)}" stroke-width="1" fill="none"/>`
}

const dot = () => `<circle cx="${between(0, WIDTH)}" cy="${between(0, HEIGHT)}" r="1" fill="${colour(80, 200)}"/>`

/**
 * svg-captcha (lib/index.js, lib/ch-to-path.js) turns each character into the outline of its glyph in
 * its bundled font (opentype.js), one `<path fill=… d=…>` per character, so the markup holds no text.
 * Its outlines are the font's own shapes, only translated and scaled: a bot could still match them
 * against the font. So each outline is distorted here too, baked into its coordinates (no transform
 * attribute to undo): a random rotation, shear and stretch about its centre, and a per-point wobble.
 */
const glyphOutlines = (answer: string): Array<string> => {
  const svg = renderCaptcha(answer, { width: WIDTH, height: HEIGHT, fontSize: FONT_SIZE, noise: 0, color: true, background: "" })
  return [...svg.matchAll(/<path fill="[^"]*" d="([^"]*)"\/>/g)].map((match) => distortOutline(match[1] ?? ""))
}

const POINT = /(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g

/** The middle of an outline's bounding box (svg-captcha shuffles its paths, so the order says nothing). */
const centreOf = (pathData: string): { readonly x: number; readonly y: number } => {
  const points = [...pathData.matchAll(POINT)].map((match) => [Number(match[1]), Number(match[2])] as const)
  const xs = points.map(([x]) => x)
  const ys = points.map(([, y]) => y)
  return { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 }
}

const distortOutline = (pathData: string): string => {
  const { x: centreX, y: centreY } = centreOf(pathData)
  const angle = (between(-25, 25) * Math.PI) / 180
  const shear = between(-25, 25) / 100
  const stretchX = between(85, 110) / 100
  const stretchY = between(85, 110) / 100
  const shiftY = between(-3, 3)
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  const moved = pathData.replace(POINT, (_whole, xText: string, yText: string) => {
    const dx = (Number(xText) - centreX) * stretchX
    const dy = (Number(yText) - centreY) * stretchY
    const sheared = dx + shear * dy
    const x = centreX + sheared * cos - dy * sin + between(-4, 4) / 10
    const y = centreY + shiftY + sheared * sin + dy * cos + between(-4, 4) / 10
    return `${x.toFixed(2)} ${y.toFixed(2)}`
  })
  // svg-captcha's font draws thin double strokes: a stroke of the same colour makes them legible at 96 × 32 on screen
  const ink = colour(20, 100)
  return `<path fill="${ink}" stroke="${ink}" stroke-width="1.1" stroke-linejoin="round" d="${moved}"/>`
}

/** Draws the parts in a random order, so the markup's order does not give the characters' order. */
const shuffled = <T>(items: ReadonlyArray<T>): Array<T> => {
  const copy = [...items]
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1)
    ;[copy[index], copy[other]] = [copy[other] as T, copy[index] as T]
  }
  return copy
}

/**
 * The captcha picture: the characters as distorted outlines (no `<text>`: a program reading the
 * markup finds no answer, issue 27) at random angles and colours over noise curves and dots, as an
 * SVG data URL.
 */
export const captchaSvg = (answer: string): string => {
  if (!/^[A-Za-z0-9]+$/.test(answer)) throw new Error("captcha answers are letters and digits")
  const parts = [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${colour(225, 250)}"/>`,
    ...Array.from({ length: 30 }, dot),
    ...shuffled([...Array.from({ length: 4 }, noiseLine), ...glyphOutlines(answer)])
  ]
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join("")}</svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`
}
