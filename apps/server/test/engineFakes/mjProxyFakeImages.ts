import sharp from "sharp"

/**
 * The pictures the midjourney-proxy fake serves: a 2×2 grid whose quadrants are solid colours in MJ's
 * order (1 top left, 2 top right, 3 bottom left, 4 bottom right), so a test tells by colour which
 * candidate it got; an upscale (U1–U4) is candidate i alone at twice the cell size.
 */
export const QUADRANT_COLORS: ReadonlyArray<readonly [number, number, number]> = [
  [220, 40, 40],
  [40, 180, 60],
  [40, 80, 220],
  [230, 200, 40]
]

/** the longer side of one grid cell, in pixels */
export const CELL_LONG_SIDE = 64

export type Rgb = readonly [number, number, number]

export const cellSize = ([a, b]: readonly [number, number]): { width: number; height: number } =>
  a >= b ? { width: CELL_LONG_SIDE, height: Math.round((CELL_LONG_SIDE * b) / a) } : { width: Math.round((CELL_LONG_SIDE * a) / b), height: CELL_LONG_SIDE }

/** A variation's or reroll's grid: the colours turned, so it differs from the grid it came from. */
export const shiftedColors = (colors: ReadonlyArray<Rgb>, by: number): ReadonlyArray<Rgb> =>
  colors.map((_, index) => colors[(index + by) % colors.length]!)

export const renderGrid = async (aspect: readonly [number, number], colors: ReadonlyArray<Rgb> = QUADRANT_COLORS): Promise<Uint8Array> => {
  const { width, height } = cellSize(aspect)
  const cells = await Promise.all(
    colors.map(async ([r, g, b], index) => ({
      input: await sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).png().toBuffer(),
      left: (index % 2) * width,
      top: Math.floor(index / 2) * height
    }))
  )
  const grid = sharp({ create: { width: width * 2, height: height * 2, channels: 3, background: { r: 0, g: 0, b: 0 } } })
  return new Uint8Array(await grid.composite(cells).png().toBuffer())
}

export const renderUpscale = async (aspect: readonly [number, number], [r, g, b]: Rgb): Promise<Uint8Array> => {
  const { width, height } = cellSize(aspect)
  return new Uint8Array(await sharp({ create: { width: width * 2, height: height * 2, channels: 3, background: { r, g, b } } }).png().toBuffer())
}

export const blurred = async (bytes: Uint8Array): Promise<Uint8Array> => new Uint8Array(await sharp(bytes).blur(3).png().toBuffer())
