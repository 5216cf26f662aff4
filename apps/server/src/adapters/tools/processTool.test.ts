import sharp from "sharp"
import { describe, expect, it } from "vitest"
import { meanDifference, psnr, ssim } from "./imageMeasures.js"
import { processTool } from "./processTool.js"
import { ToolInputError } from "./toolProcessorPort.js"

// Every image here is drawn by the test (SVG through sharp), small so the suite stays fast.
const svgPng = async (svg: string) => new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer())
const rgbOf = async (bytes: Uint8Array, width?: number, height?: number) => {
  const pipeline = sharp(bytes).removeAlpha()
  return new Uint8Array(await (width === undefined ? pipeline : pipeline.resize(width, height, { fit: "fill" })).raw().toBuffer())
}

/** A "photo": gradients, soft shapes and fine detail, 256² unless asked. */
const scene = (size = 256, extra = "") => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 256 256">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6a8fb5"/><stop offset="1" stop-color="#d8c7a0"/></linearGradient>
  <radialGradient id="sun"><stop offset="0" stop-color="#ffe9a8"/><stop offset="1" stop-color="#e0a050"/></radialGradient></defs>
  <rect width="256" height="256" fill="url(#sky)"/>
  <circle cx="180" cy="70" r="34" fill="url(#sun)"/>
  <path d="M0 200 Q60 150 120 190 T256 180 V256 H0 Z" fill="#4c6b3a"/>
  <g stroke="#2b3a22" stroke-width="2">${Array.from({ length: 14 }, (_, i) => `<line x1="${10 + i * 18}" y1="250" x2="${14 + i * 18}" y2="${205 + (i % 3) * 8}"/>`).join("")}</g>
  ${extra}</svg>`

describe("hd-repair: ESRGAN beats bicubic against a known high-resolution original", () => {
  it("×2 from 128² to 256²: higher PSNR and SSIM than bicubic", async () => {
    const original = await svgPng(scene(256, `<text x="20" y="120" font-size="22" font-family="sans-serif" fill="#222">Mido 米豆 2026</text>`))
    const small = new Uint8Array(await sharp(original).resize(128, 128, { kernel: "cubic" }).png().toBuffer())
    const result = await processTool({ tool: "hd-repair", image: small, options: { scale: 2, method: "esrgan" } })
    expect(result.images[0]).toMatchObject({ width: 256, height: 256, format: "png" })
    const truth = await rgbOf(original)
    const esrgan = await rgbOf(result.images[0]!.bytes)
    const bicubic = new Uint8Array(await sharp(small).removeAlpha().resize(256, 256, { kernel: "cubic" }).raw().toBuffer())
    expect(psnr(esrgan, truth)).toBeGreaterThan(psnr(bicubic, truth))
    expect(ssim(esrgan, truth, 256, 256)).toBeGreaterThan(ssim(bicubic, truth, 256, 256))
  }, 60_000)

  it("method lanczos is instant and says so; a JPEG stays a JPEG", async () => {
    const jpeg = new Uint8Array(await sharp(await svgPng(scene(96))).jpeg().toBuffer())
    const result = await processTool({ tool: "hd-repair", image: jpeg, options: { scale: 4, method: "lanczos" } })
    expect(result.images[0]).toMatchObject({ width: 384, height: 384, format: "jpeg" })
    expect((await sharp(result.images[0]!.bytes).metadata()).format).toBe("jpeg")
    expect(result.note).toContain("Lanczos")
  })
})

describe("discount: grabCut keeps the subject", () => {
  // a textured background and an orange subject of known shape
  const subject = `<ellipse cx="128" cy="136" rx="62" ry="84" fill="#e07a1f"/><ellipse cx="110" cy="110" rx="14" ry="10" fill="#f6c27a"/>`
  const background = `<rect width="256" height="256" fill="#2f6f8f"/>${Array.from({ length: 40 }, (_, i) => `<circle cx="${(i * 53) % 256}" cy="${(i * 97) % 256}" r="${6 + (i % 5) * 3}" fill="${i % 2 === 0 ? "#3d8aa8" : "#24566e"}"/>`).join("")}`

  it("IoU with the known mask ≥ 0.8, as a transparent PNG even from a JPEG", async () => {
    const image = new Uint8Array(await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">${background}${subject}</svg>`)).jpeg({ quality: 95 }).toBuffer())
    const known = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256"/>${subject.replaceAll(/fill="[^"]+"/g, 'fill="#fff"')}</svg>`)).greyscale().raw().toBuffer()
    const result = await processTool({ tool: "discount", image, options: { feather: 2 } })
    expect(result.images[0]!.format).toBe("png")
    const { data, info } = await sharp(result.images[0]!.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    expect(info.channels).toBe(4)
    let both = 0
    let either = 0
    for (let i = 0; i < 256 * 256; i++) {
      const kept = (data[i * 4 + 3] ?? 0) > 127
      const truth = (known[i] ?? 0) > 127
      if (kept && truth) both++
      if (kept || truth) either++
    }
    expect(both / either).toBeGreaterThanOrEqual(0.8)
  })
})

describe("discount: the user's box picks the subject", () => {
  it("an off-centre subject beside another object: IoU ≥ 0.8 inside the box the user drew", async () => {
    const subject = `<circle cx="70" cy="128" r="48" fill="#e07a1f"/>`
    const image = await svgPng(`<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#2f6f8f"/>${subject}<rect x="160" y="60" width="80" height="140" fill="#d8d040"/></svg>`)
    const known = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256"/>${subject.replace(/fill="[^"]+"/, 'fill="#fff"')}</svg>`)).greyscale().raw().toBuffer()
    const result = await processTool({ tool: "discount", image, options: { feather: 0, box: "0.04,0.25,0.5,0.5" } })
    const { data } = await sharp(result.images[0]!.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    let both = 0
    let either = 0
    for (let i = 0; i < 256 * 256; i++) {
      const kept = (data[i * 4 + 3] ?? 0) > 127
      const truth = (known[i] ?? 0) > 127
      if (kept && truth) both++
      if (kept || truth) either++
    }
    expect(both / either).toBeGreaterThanOrEqual(0.8)
  })
})

describe("remove-watermark / element-elimination: inpaint removes stamped text", () => {
  const text = `<text x="28" y="132" font-size="34" font-weight="bold" font-family="sans-serif" fill="#ffffff">SAMPLE</text>`
  const stampedAndClean = async () => {
    const clean = await svgPng(scene())
    const stamped = await svgPng(scene(256, text))
    const cleanRgb = await rgbOf(clean)
    const stampedRgb = await rgbOf(stamped)
    const where = new Uint8Array(256 * 256)
    for (let p = 0; p < where.length; p++) where[p] = Math.abs((cleanRgb[p * 3] ?? 0) - (stampedRgb[p * 3] ?? 0)) + Math.abs((cleanRgb[p * 3 + 1] ?? 0) - (stampedRgb[p * 3 + 1] ?? 0)) > 12 ? 1 : 0
    return { stamped, cleanRgb, stampedRgb, where }
  }

  it.each(["telea", "ns"] as const)("under the user's mask (%s, a mask of another size): the masked difference drops by ≥ 70%%", async (method) => {
    const { stamped, cleanRgb, stampedRgb, where } = await stampedAndClean()
    const mask = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256"/>${text.replace('fill="#ffffff"', 'fill="#fff" stroke="#fff" stroke-width="3"')}</svg>`)).resize(128, 128).png().toBuffer()
    const result = await processTool({ tool: "element-elimination", image: stamped, mask: new Uint8Array(mask), options: { method, radius: 5 } })
    const before = meanDifference(stampedRgb, cleanRgb, 3, where)
    const after = meanDifference(await rgbOf(result.images[0]!.bytes), cleanRgb, 3, where)
    expect(after).toBeLessThanOrEqual(before * 0.3)
  })

  it("remove-watermark finds the text itself with no mask", async () => {
    const { stamped, cleanRgb, stampedRgb, where } = await stampedAndClean()
    const result = await processTool({ tool: "remove-watermark", image: stamped, options: { method: "telea", radius: 5, auto_mask: true } })
    const before = meanDifference(stampedRgb, cleanRgb, 3, where)
    const after = meanDifference(await rgbOf(result.images[0]!.bytes), cleanRgb, 3, where)
    expect(after).toBeLessThanOrEqual(before * 0.3)
    expect(result.note).toContain("自动识别")
  })
})

describe("style-avatar: a square per style, each different", () => {
  it("four styles make four centre squares that differ from each other and from the input", async () => {
    const wide = new Uint8Array(await sharp(await svgPng(scene(256))).resize(320, 256, { fit: "fill" }).png().toBuffer())
    const result = await processTool({ tool: "style-avatar", image: wide, options: { styles: "cartoon,sketch,posterize,film" } })
    expect(result.images.map((image) => [image.label, image.width, image.height])).toEqual([["cartoon", 256, 256], ["sketch", 256, 256], ["posterize", 256, 256], ["film", 256, 256]])
    const pixels = await Promise.all(result.images.map((image) => rgbOf(image.bytes)))
    const input = await rgbOf(await sharp(wide).resize(256, 256, { fit: "cover" }).png().toBuffer().then((buffer) => new Uint8Array(buffer)))
    for (let i = 0; i < pixels.length; i++) {
      expect(meanDifference(pixels[i]!, input, 3)).toBeGreaterThan(4)
      for (let j = i + 1; j < pixels.length; j++) expect(meanDifference(pixels[i]!, pixels[j]!, 3), `${i} vs ${j}`).toBeGreaterThan(8)
    }
  })
})

describe("old-photo-restoration: scratches inpainted, a tint only as a labelled filter", () => {
  it("thin bright scratches come out; sepia is named a filter", async () => {
    const scratches = `<g stroke="#fff" stroke-width="1.5"><line x1="30" y1="10" x2="60" y2="240"/><line x1="200" y1="20" x2="170" y2="230"/></g>`
    const clean = await rgbOf(await svgPng(scene()))
    const scratched = await svgPng(scene(256, scratches))
    const scratchedRgb = await rgbOf(scratched)
    const where = new Uint8Array(256 * 256)
    for (let p = 0; p < where.length; p++) where[p] = Math.abs((clean[p * 3] ?? 0) - (scratchedRgb[p * 3] ?? 0)) > 20 ? 1 : 0
    const result = await processTool({ tool: "old-photo-restoration", image: scratched, options: { denoise: 0, contrast: 0, scratch: 6, tint: "none" } })
    expect(meanDifference(await rgbOf(result.images[0]!.bytes), clean, 3, where)).toBeLessThan(meanDifference(scratchedRgb, clean, 3, where) * 0.5)
    const sepia = await processTool({ tool: "old-photo-restoration", image: scratched, options: { denoise: 4, contrast: 4, scratch: 5, tint: "sepia" } })
    expect(sepia.note).toContain("只是滤镜，不是上色")
    const duotone = await processTool({ tool: "old-photo-restoration", image: scratched, options: { denoise: 0, contrast: 0, scratch: 0, tint: "duotone" } })
    expect(duotone.note).toContain("双色调滤镜")
    const toned = await rgbOf(duotone.images[0]!.bytes)
    // every pixel lies on the brown-to-cream line: red ≥ green ≥ blue
    for (let p = 0; p < 256 * 256; p += 97) expect(toned[p * 3]! >= toned[p * 3 + 1]! && toned[p * 3 + 1]! >= toned[p * 3 + 2]!).toBe(true)
  })
})

describe("old-photo-restoration: a caption is not a scratch", () => {
  it("long thin scratches (slanted, upright, level) come out, a white caption's short strokes stay", async () => {
    // one slanted, one upright and one level scratch (the last two fill their whole box)
    const scratches = `<g stroke="#fff" stroke-width="1.5"><line x1="30" y1="60" x2="60" y2="240"/><line x1="215" y1="60" x2="215" y2="230"/><line x1="80" y1="150" x2="170" y2="150"/></g>`
    const caption = `<text x="20" y="40" font-size="14" font-family="sans-serif" fill="#fff">1965年夏 北京留念 Li</text>`
    const size = 512
    const plain = await rgbOf(await svgPng(scene(size)))
    const withCaption = await rgbOf(await svgPng(scene(size, caption)))
    const photo = await svgPng(scene(size, `${caption}${scratches}`))
    const photoRgb = await rgbOf(photo)
    const captionAt = new Uint8Array(size * size)
    const scratchAt = new Uint8Array(size * size)
    for (let p = 0; p < captionAt.length; p++) {
      captionAt[p] = Math.abs((plain[p * 3] ?? 0) - (withCaption[p * 3] ?? 0)) > 40 ? 1 : 0
      scratchAt[p] = Math.abs((withCaption[p * 3] ?? 0) - (photoRgb[p * 3] ?? 0)) > 20 ? 1 : 0
    }
    const result = await processTool({ tool: "old-photo-restoration", image: photo, options: { denoise: 0, contrast: 0, scratch: 6, tint: "none" } })
    const restored = await rgbOf(result.images[0]!.bytes)
    expect(meanDifference(restored, withCaption, 3, scratchAt)).toBeLessThan(meanDifference(photoRgb, withCaption, 3, scratchAt) * 0.5)
    // the caption's pixels are as they were (inpainting them would move them by ~100)
    expect(meanDifference(restored, photoRgb, 3, captionAt)).toBeLessThan(8)
  })
})

describe("bad images fail with a Chinese reason", () => {
  it.each([
    ["a truncated PNG", async () => (await svgPng(scene(128))).subarray(0, 900)],
    ["not an image", async () => new TextEncoder().encode("GIF89a not really an image at all")]
  ])("%s", async (_name, make) => {
    const error = await processTool({ tool: "style-avatar", image: await make(), options: { styles: "film" } }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ToolInputError)
    expect((error as ToolInputError).reason).toBe("图片已损坏或格式不受支持，无法处理")
  })
})
