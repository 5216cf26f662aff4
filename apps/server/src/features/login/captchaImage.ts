import { randomInt } from "node:crypto"

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
export const CAPTCHA_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
export const CAPTCHA_LENGTH = 4

const WIDTH = 120
const HEIGHT = 40

/** A fresh captcha answer from a secure random source (R1). */
export const captchaAnswer = (length = CAPTCHA_LENGTH): string =>
  Array.from({ length }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join("")

const between = (low: number, high: number) => low + randomInt(high - low + 1)
const colour = (low: number, high: number) => `rgb(${between(low, high)},${between(low, high)},${between(low, high)})`

const noiseLine = () => {
  const y = () => between(4, HEIGHT - 4)
  return `<path d="M${between(0, 20)} ${y()} C${between(20, 50)} ${y()},${between(60, 90)} ${y()},${between(100, WIDTH)} ${y()}" ` +
    `stroke="${colour(60, 170)}" stroke-width="${between(1, 2)}" fill="none"/>`
}

const dot = () => `<circle cx="${between(0, WIDTH)}" cy="${between(0, HEIGHT)}" r="1" fill="${colour(80, 200)}"/>`

const glyph = (char: string, index: number, count: number) => {
  const step = (WIDTH - 20) / count
  const x = 10 + step * index + between(0, Math.max(0, Math.floor(step) - 20))
  const y = between(26, 34)
  const rotate = between(-28, 28)
  const skew = between(-12, 12)
  return `<text x="${x}" y="${y}" font-family="Verdana,Arial,sans-serif" font-size="${between(22, 27)}" font-weight="bold" ` +
    `fill="${colour(20, 110)}" transform="rotate(${rotate} ${x + 8} ${y - 10}) skewX(${skew})">${char}</text>`
}

/**
 * The captcha picture: the characters at random sizes, angles and colours over noise curves and dots,
 * as an SVG data URL (no image library). Only alphabet characters are drawn, so nothing needs escaping.
 */
export const captchaSvg = (answer: string): string => {
  if (!/^[A-Za-z0-9]+$/.test(answer)) throw new Error("captcha answers are letters and digits")
  const parts = [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${colour(225, 250)}"/>`,
    ...Array.from({ length: 30 }, dot),
    ...Array.from({ length: 3 }, noiseLine),
    ...[...answer].map((char, index) => glyph(char, index, answer.length)),
    ...Array.from({ length: 2 }, noiseLine)
  ]
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join("")}</svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`
}
