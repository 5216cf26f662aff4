import { describe, expect, it } from "vitest"
import { CAPTCHA_ALPHABET, captchaAnswer, captchaSvg } from "../src/features/login/captchaImage.js"

const markupOf = (dataUrl: string) => Buffer.from(dataUrl.split(",")[1] ?? "", "base64").toString("utf8")

/** What a bot reading the markup gets: every text node, and every attribute value. */
const readableParts = (svg: string) => ({
  text: svg.replace(/<[^>]*>/g, "").trim(),
  attributes: [...svg.matchAll(/\s[\w:-]+="([^"]*)"/g)].map((match) => match[1] ?? "")
})

describe("the captcha picture cannot be read from its markup (issue 27, R1)", () => {
  it("has no text node, no <text>, <tspan> or font, and no attribute holding a character of the answer", () => {
    for (let round = 0; round < 40; round += 1) {
      const answer = captchaAnswer()
      const svg = markupOf(captchaSvg(answer))
      expect(svg).not.toMatch(/<(text|tspan|textPath|font|title|desc)\b/i)
      const { text, attributes } = readableParts(svg)
      expect(text).toBe("")
      // path data and colours are numbers and the letters of SVG's path commands and rgb(); none of them
      // spells the answer, and no attribute is a single letter of the alphabet (a character drawn as data)
      for (const value of attributes) {
        expect(value.toUpperCase()).not.toContain(answer)
        expect(/^[A-Z]$/i.test(value) && CAPTCHA_ALPHABET.includes(value.toUpperCase())).toBe(false)
      }
    }
  })

  it("draws one filled outline per character, placed left to right across the picture", () => {
    const svg = markupOf(captchaSvg("AB3K"))
    const outlines = [...svg.matchAll(/<path fill="rgb[^"]*"[^>]* d="([^"]*)"/g)].map((match) => match[1] ?? "")
    expect(outlines).toHaveLength(4)
    const middles = outlines.map((d) => {
      const xs = [...d.matchAll(/(-?\d+(?:\.\d+)?) -?\d+(?:\.\d+)?/g)].map((match) => Number(match[1]))
      return (Math.min(...xs) + Math.max(...xs)) / 2
    }).sort((a, b) => a - b)
    // each character keeps its own column (23, 47, 71, 94 px ± the distortion) inside the 120 px picture
    middles.forEach((middle, index) => expect(Math.abs(middle - 23.6 * (index + 1))).toBeLessThan(8))
  })

  it("two pictures of the same answer differ (random distortion and noise)", () => {
    expect(markupOf(captchaSvg("AB3K"))).not.toBe(markupOf(captchaSvg("AB3K")))
  })
})
