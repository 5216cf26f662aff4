import sharp from "sharp"
import { describe, expect, it } from "vitest"
import { crc32, readPngTexts, withPngText } from "../src/platform/pngText.js"

/** The infotext chunk of every PNG Mido writes, checked against libpng (through sharp) as an independent reader. */
describe("PNG text chunks", () => {
  it.each([
    ["Latin-1 text goes in tEXt", "a fox, Steps: 20, Seed: 1, Size: 64x64", "tEXt"],
    ["text beyond Latin-1 goes in uncompressed iTXt (as WebUI's PIL writer does)", "雪中红狐\nSteps: 20, Seed: 1, Model: 本地演示引擎", "iTXt"]
  ])("%s, read back by libpng and by our reader", async (_, text, chunk) => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } }).png().toBuffer()
    const written = withPngText(png, "parameters", text)
    expect(Buffer.from(written).includes(Buffer.from(chunk, "latin1"))).toBe(true)
    expect((await sharp(Buffer.from(written)).metadata()).comments).toEqual([{ keyword: "parameters", text }])
    expect(readPngTexts(written)).toEqual({ parameters: text })
    // the image itself is untouched
    expect(await sharp(Buffer.from(written)).raw().toBuffer()).toEqual(await sharp(png).raw().toBuffer())
  })

  it("computes the standard CRC-32", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926)
  })

  it("refuses bytes that are not a PNG", () => {
    expect(() => withPngText(new Uint8Array([1, 2, 3]), "parameters", "x")).toThrow("not a PNG")
  })
})
