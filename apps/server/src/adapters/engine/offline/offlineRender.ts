import sharp, { type OverlayOptions, type Sharp } from "sharp"
import { captionLayer } from "./caption.js"
import { brushDabs, type ColourAt, compositionsByName } from "./compositions.js"
import { makePaint, type Paint } from "./paint.js"
import { paletteOfPrompt } from "./promptPalette.js"
import { type RenderStyle, styleOfCheckpoint, type Treatment, treatmentOf } from "./renderStyle.js"
import { seededRandom } from "./seededRandom.js"
import { placeSubjects, subjectsSvg } from "./subjects/subjectLayer.js"
import { subjectsOfPrompt } from "./subjects/subjectTable.js"

/**
 * The offline engine's picture for a prompt and seed: the prompt picks the palette, the composition and
 * the subjects it names (subjects/: a cat for 猫, a lighthouse for 灯塔), the seed the layout, the
 * checkpoint (or a style word of the prompt) the style. Drawn as SVG, rasterised by sharp (librsvg),
 * then styled (blur, brush strokes, ink greys, pixel blocks), grained with a deterministic noise tile
 * and captioned 本地演示引擎.
 */
export interface ArtRequest {
  readonly prompt: string
  readonly seed: number
  readonly width: number
  readonly height: number
  readonly checkpoint?: string
}

interface Drawing {
  readonly svgAt: (scale: number, overlay?: string) => string
  readonly paint: Paint
  readonly style: RenderStyle
  readonly treatment: Treatment
}

/** The composition of a request, ready to be written as SVG at any scale (previews draw it smaller). */
const drawingOf = (request: ArtRequest): Drawing => {
  const palette = paletteOfPrompt(request.prompt)
  const style = styleOfCheckpoint(request.checkpoint)
  const rng = seededRandom("art", request.prompt, request.seed)
  const paint = makePaint(palette, style, rng, request.width, request.height)
  const treatment = treatmentOf(style, request.prompt)
  // the subjects take their own random source, so the background is the one the prompt always had
  const placed = placeSubjects(subjectsOfPrompt(request.prompt).icons, request.width, request.height, palette.composition, seededRandom("subjects", request.prompt, request.seed))
  const background = compositionsByName[palette.composition](paint)
  const subjects = subjectsSvg(placed, treatment, paint)
  // the oil style's strokes (the overlay) go between the background and the subjects, which stay legible
  const svgAt = (scale: number, overlay = "") => {
    const [width, height] = [Math.max(1, Math.round(request.width * scale)), Math.max(1, Math.round(request.height * scale))]
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${request.width} ${request.height}" preserveAspectRatio="none">${background}${overlay}${subjects}</svg>`
  }
  return { svgAt, paint, style, treatment }
}

/** The oil style's brush strokes, coloured from a 96-px copy of the composition. */
const dabsOver = async (drawing: Drawing, request: ArtRequest): Promise<string> => {
  const scale = 96 / Math.max(request.width, request.height)
  const small = await sharp(Buffer.from(drawing.svgAt(scale))).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const { width, height } = small.info
  const colourAt: ColourAt = (x, y) => {
    const at = (Math.min(height - 1, Math.floor(y * scale)) * width + Math.min(width - 1, Math.floor(x * scale))) * 3
    return [small.data[at] ?? 0, small.data[at + 1] ?? 0, small.data[at + 2] ?? 0]
  }
  // an oil style word on the general checkpoint paints as many strokes as the oil checkpoint
  const dabs = drawing.treatment === "oil" ? Math.max(drawing.style.dabs, 2600) : drawing.style.dabs
  return brushDabs(drawing.paint, Math.round((dabs * request.width * request.height) / (1024 * 1024)), colourAt)
}

/** The picture drawn in blocks (about 56 across the shorter side), scaled up without smoothing. */
const pixelated = async (drawing: Drawing, request: ArtRequest): Promise<Sharp> => {
  const block = Math.max(2, Math.round(Math.min(request.width, request.height) / 56))
  const small = await sharp(Buffer.from(drawing.svgAt(1 / block))).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: small.info.channels } })
    .resize(request.width, request.height, { kernel: "nearest", fit: "fill" })
}

const grainTiles = new Map<string, Promise<Buffer>>()

/** A square tile of grey noise (128 px, less on a smaller image) at `strength` alpha, the same on every run. */
const grainTile = (strength: number, grainSide: number): Promise<Buffer> => {
  const key = `${strength}/${grainSide}`
  const cached = grainTiles.get(key)
  if (cached !== undefined) return cached
  const rng = seededRandom("grain")
  const pixels = Buffer.alloc(grainSide * grainSide * 4)
  for (let i = 0; i < grainSide * grainSide; i++) {
    const grey = Math.floor(rng.next() * 256)
    pixels.fill(grey, i * 4, i * 4 + 3)
    pixels[i * 4 + 3] = strength
  }
  const made = sharp(pixels, { raw: { width: grainSide, height: grainSide, channels: 4 } }).png().toBuffer()
  grainTiles.set(key, made)
  return made
}

/** The picture as a sharp pipeline (RGB), with `layers` (the caption) composited over it. */
export const artPipeline = async (request: ArtRequest, layers: ReadonlyArray<OverlayOptions> = []): Promise<Sharp> => {
  const drawing = drawingOf(request)
  const { style } = drawing
  const side = Math.min(request.width, request.height)
  const overlay = style.dabs > 0 || drawing.treatment === "oil" ? await dabsOver(drawing, request) : ""
  let image = drawing.treatment === "pixel" ? await pixelated(drawing, request) : sharp(Buffer.from(drawing.svgAt(1, overlay))).removeAlpha()
  if (style.blur > 0) image = image.blur(Math.max(0.4, (style.blur * side) / 1024))
  if (drawing.treatment === "ink") image = image.modulate({ saturation: 0.12 }).linear(1.12, -10)
  const grain: OverlayOptions[] = style.grain > 0 ? [{ input: await grainTile(style.grain, Math.min(128, side)), tile: true, blend: "over" }] : []
  return image.composite([...grain, ...layers])
}

/** The finished PNG: the picture with its caption (fast compression: the worker re-encodes it with the infotext). */
export const renderArt = async (request: ArtRequest): Promise<Buffer> =>
  (await artPipeline(request, await captionLayer(request.width, request.height))).png({ compressionLevel: 3 }).toBuffer()

/** Small JPEGs of the picture (192 px on the long side), one per blur sigma, as a running task's previews. */
export const renderPreviews = async (request: ArtRequest, sigmas: ReadonlyArray<number>): Promise<ReadonlyArray<Buffer>> => {
  const scale = Math.min(1, 192 / Math.max(request.width, request.height))
  const small = await sharp(Buffer.from(drawingOf(request).svgAt(scale))).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const raw = { raw: { width: small.info.width, height: small.info.height, channels: small.info.channels } }
  return Promise.all(sigmas.map((sigma) => sharp(small.data, raw).blur(sigma).jpeg({ quality: 60 }).toBuffer()))
}
