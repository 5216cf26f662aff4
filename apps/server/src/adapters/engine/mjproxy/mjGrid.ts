import sharp from "sharp"
import { EngineError, type EngineImage } from "../imageEnginePort.js"

/**
 * IMAGINE and BLEND finish with one 2×2 grid of four candidates (PNG or WebP). Upscaling one of them
 * (U1–U4) is another paid job that returns the same pixels at v6/v7, so the grid is cut here
 * instead: candidate 1 top left, 2 top right, 3 bottom left, 4 bottom right, as MJ numbers them.
 */
export const splitGrid = async (grid: Uint8Array, count: number, seed?: number): Promise<ReadonlyArray<EngineImage>> => {
  let width: number
  let height: number
  try {
    const meta = await sharp(grid).metadata()
    width = meta.width
    height = meta.height
  } catch (error) {
    throw new EngineError("transient", "引擎返回的图片无法读取", error instanceof Error ? error.message : String(error))
  }
  const cellWidth = Math.floor(width / 2)
  const cellHeight = Math.floor(height / 2)
  if (cellWidth < 1 || cellHeight < 1) throw new EngineError("transient", "引擎返回的图片无法读取", `grid ${width}×${height}`)
  const cells = [
    { left: 0, top: 0 },
    { left: cellWidth, top: 0 },
    { left: 0, top: cellHeight },
    { left: cellWidth, top: cellHeight }
  ].slice(0, Math.min(4, Math.max(1, count)))
  return Promise.all(
    cells.map(async ({ left, top }) => {
      const bytes = await sharp(grid).extract({ left, top, width: cellWidth, height: cellHeight }).png().toBuffer()
      return { bytes: new Uint8Array(bytes), width: cellWidth, height: cellHeight, ...(seed === undefined ? {} : { seed }) }
    })
  )
}

/** A progress image as JPEG (the port takes JPEG or PNG; Discord serves WebP). */
export const previewOf = async (bytes: Uint8Array): Promise<Uint8Array | undefined> => {
  try {
    return new Uint8Array(await sharp(bytes).jpeg({ quality: 70 }).toBuffer())
  } catch {
    // a preview is a nicety: a broken one is skipped, the task goes on
    return undefined
  }
}

/** An upscale (U1–U4) answers one image, not a grid: kept whole, as PNG. */
export const wholeImage = async (bytes: Uint8Array): Promise<ReadonlyArray<EngineImage>> => {
  try {
    const { data, info } = await sharp(bytes).png().toBuffer({ resolveWithObject: true })
    return [{ bytes: new Uint8Array(data), width: info.width, height: info.height }]
  } catch (error) {
    throw new EngineError("transient", "引擎返回的图片无法读取", error instanceof Error ? error.message : String(error))
  }
}
