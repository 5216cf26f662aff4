export type AspectRatio = "1:1" | "3:4" | "4:3" | "9:16" | "16:9"

/** Listed nearest-to-square first: on a tie the earlier one wins. */
const ASPECT_RATIOS: ReadonlyArray<readonly [AspectRatio, number]> = [
  ["1:1", 1],
  ["3:4", 3 / 4],
  ["4:3", 4 / 3],
  ["9:16", 9 / 16],
  ["16:9", 16 / 9]
]

const isSide = (length: number): boolean => Number.isFinite(length) && length > 0

/**
 * FM5: the card ratio nearest to an image's width:height, measured as |log(w/h) − log(ratio)| so
 * that 2:1 and 1:2 are equally far from square. An invalid size (0, negative, NaN, infinite) is
 * "1:1", the neutral card. Ties go to the ratio nearer to square; with whole-pixel sizes an exact
 * tie cannot occur, since every boundary between two ratios is an irrational number.
 */
export const snapAspectRatio = (width: number, height: number): AspectRatio => {
  if (!isSide(width) || !isSide(height)) return "1:1"
  const logRatio = Math.log(width) - Math.log(height)
  let nearest: AspectRatio = "1:1"
  let nearestDistance = Number.POSITIVE_INFINITY
  for (const [name, ratio] of ASPECT_RATIOS) {
    const distance = Math.abs(logRatio - Math.log(ratio))
    if (distance < nearestDistance) {
      nearest = name
      nearestDistance = distance
    }
  }
  return nearest
}
