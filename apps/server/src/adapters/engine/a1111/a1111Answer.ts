import { parseInfotext } from "@mido/core/generation"
import sharp from "sharp"
import { readPngTexts } from "../../../platform/pngText.js"
import { EngineError, type DrawnWith, type EngineImage, type EngineResult } from "../imageEnginePort.js"
import { ENGINE_REASONS } from "../engineHttp.js"
import type { GenerationAnswer, WebUiCaller } from "./a1111Run.js"

/**
 * A WebUI answer read as the WebUI means it: `info` is modules/processing.py Processed.js() (seeds,
 * index_of_first_image past a grid, infotexts, sd_model_name / sd_model_hash of the model that really
 * drew, sampler_name after its silent fallback); each PNG carries its infotext in a `parameters` chunk.
 */

interface GenerationInfo {
  readonly all_seeds?: ReadonlyArray<number>
  readonly index_of_first_image?: number
  readonly infotexts?: ReadonlyArray<string>
  readonly sd_model_name?: string
  readonly sd_model_hash?: string
  readonly sampler_name?: string
}

interface ListedModel {
  readonly title?: string
  readonly model_name?: string
  readonly hash?: string | null
}

const parseInfo = (answer: GenerationAnswer): GenerationInfo => {
  try {
    return JSON.parse(answer.info ?? "{}") as GenerationInfo
  } catch {
    // an extension may break the info string; the images still count
    return {}
  }
}

const pngInfotext = (bytes: Uint8Array): string | undefined => {
  try {
    return readPngTexts(bytes).parameters
  } catch {
    return undefined
  }
}

/** "folder/name.safetensors [hash]" → "name", as WebUI's sd_model_name */
const baseName = (title: string) => (title.replace(/\s*\[[0-9a-f]+\]\s*$/i, "").split(/[/\\]/).pop() ?? "").replace(/\.[a-z0-9]+$/i, "")

/**
 * The checkpoint title that drew: the one asked when its hash or name matches what the WebUI reports,
 * else looked up in /sdapi/v1/sd-models (an unknown override is silently ignored and the loaded model draws).
 */
const checkpointThatDrew = async (caller: WebUiCaller, asked: string | undefined, info: GenerationInfo): Promise<string | undefined> => {
  const { sd_model_hash: hash, sd_model_name: name } = info
  if (hash === undefined && name === undefined) return undefined
  if (asked !== undefined && ((hash !== undefined && asked.includes(`[${hash}]`)) || (name !== undefined && baseName(asked) === name))) return asked
  try {
    const models = await caller.json<ReadonlyArray<ListedModel>>({ method: "GET", path: "/sdapi/v1/sd-models", timeoutMs: Math.min(caller.timeoutMs, 5_000) })
    const found = models.find((model) => (hash !== undefined && model.hash === hash) || (name !== undefined && model.model_name === name))
    if (found?.title !== undefined) return found.title
  } catch {
    // the list is only to name the file; the WebUI's own name still beats the one we asked for
  }
  return name
}

/** The images of an answer, without the grid the WebUI may put first, with their seeds, infotexts and what drew them. */
export const readAnswer = async (caller: WebUiCaller, answer: GenerationAnswer, count: number, firstSeed: number, askedCheckpoint?: string): Promise<EngineResult> => {
  const info = parseInfo(answer)
  const first = info.index_of_first_image ?? 0
  const encoded = (answer.images ?? []).slice(first, first + count)
  const images = await Promise.all(
    encoded.map(async (base64, index): Promise<EngineImage> => {
      const bytes = new Uint8Array(Buffer.from(base64, "base64"))
      const meta = await sharp(bytes).metadata()
      const infotext = pngInfotext(bytes) ?? info.infotexts?.[first + index]
      return { bytes, width: meta.width ?? 0, height: meta.height ?? 0, seed: info.all_seeds?.[index] ?? firstSeed + index, ...(infotext === undefined ? {} : { infotext }) }
    })
  )
  if (images.length === 0) throw new EngineError("transient", ENGINE_REASONS.transient, "the WebUI answered without images")
  const scheduler = images[0]?.infotext === undefined ? undefined : parseInfotext(images[0].infotext).params["Schedule type"]
  const checkpoint = await checkpointThatDrew(caller, askedCheckpoint, info)
  const drawnWith: DrawnWith = {
    ...(checkpoint === undefined ? {} : { checkpoint }),
    ...(info.sampler_name === undefined ? {} : { sampler: info.sampler_name }),
    ...(scheduler === undefined ? {} : { scheduler })
  }
  const result: EngineResult = images.length < count ? { images, missing: count - images.length, reason: "绘画引擎少返回了图片" } : { images }
  return Object.keys(drawnWith).length === 0 ? result : { ...result, drawnWith }
}
