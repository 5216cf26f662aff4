import type { Sharp } from "sharp"
import { captionLayer } from "../adapters/engine/offline/caption.js"
import { artPipeline } from "../adapters/engine/offline/offlineRender.js"

/** A small deterministic random source, so the demo data is the same on every machine. */
export const seededRandom = (seed: number) => {
  // spread nearby seeds apart (Knuth's multiplicative hash), so seeds 1, 2, 3 look unrelated
  let state = Math.imul(seed + 1, 2_654_435_761) >>> 0 || 1
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 4_294_967_296
  }
}

/**
 * A demo picture drawn by the offline engine from its own title or prompt (so 雾中灯塔 shows a lighthouse
 * and 机械猫咪 a cat), captioned 本地演示引擎 like every picture of that engine, as JPEG bytes.
 */
export const renderSeedPicture = async (prompt: string, seed: number, width: number, height: number, checkpoint?: string): Promise<Buffer> => {
  // straight to JPEG from the engine's pipeline, and libjpeg-turbo's own coder: the seed draws about a
  // hundred of these at first start, and PNG in between or mozjpeg's trellis would double that time
  const picture: Sharp = await artPipeline({ prompt, seed, width, height, ...(checkpoint === undefined ? {} : { checkpoint }) }, await captionLayer(width, height))
  return picture.jpeg({ quality: 84, optimiseCoding: true }).toBuffer()
}

/** The sizes the demo uses, one per aspect ratio the app snaps to (spec §5). */
export const DEMO_SIZES: ReadonlyArray<readonly [number, number]> = [[768, 768], [576, 1024], [768, 1024], [1024, 576], [1024, 768]]
