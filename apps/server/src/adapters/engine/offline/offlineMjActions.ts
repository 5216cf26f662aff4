import type { EngineResult, ImageEngine, MjAction, RunControl } from "../imageEnginePort.js"

/**
 * MJ actions without a proxy (ADR 0020), so the demo works offline. The offline engine draws a
 * grid's candidates one by one (candidate i with the grid's seed + i - 1), so:
 * - U1–U4 draw candidate i again from its seed and upscale it 2× (Midjourney's upscale keeps the
 *   candidate's pixels and makes them bigger);
 * - V1–V4 draw from the same prompt with a seed derived from candidate i (near it, not equal);
 * - 重新生成 draws the same prompt with the action task's own seed.
 */
const MAX_SEED = 4294967296

export const variationSeed = (gridSeed: number, index: number): number => (gridSeed + index - 1 + 7919 * index + 104729) % MAX_SEED

export const offlineMjAction = async (engine: Pick<ImageEngine, "txt2img" | "upscale">, request: MjAction, run: RunControl): Promise<EngineResult> => {
  const { grid } = request
  if (request.action === "reroll") return engine.txt2img({ ...grid, seed: request.seed }, run)
  if (request.action === "variation") return engine.txt2img({ ...grid, seed: variationSeed(grid.seed, request.index) }, run)
  const quiet: RunControl = { signal: run.signal, onProgress: ({ percent }) => run.onProgress({ percent: Math.round(percent / 2) }) }
  const candidate = await engine.txt2img({ ...grid, seed: (grid.seed + request.index - 1) % MAX_SEED, count: 1 }, quiet)
  const image = candidate.images[0]
  if (image === undefined) return candidate
  const upscaled = await engine.upscale({ image: image.bytes, scale: 2 }, run)
  return { images: upscaled.images.map((made) => ({ ...made, seed: image.seed ?? grid.seed })) }
}
