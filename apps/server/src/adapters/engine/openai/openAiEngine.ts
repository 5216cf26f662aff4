import sharp from "sharp"
import {
  EngineError,
  type EngineHealth,
  type EngineImage,
  type EngineResult,
  type ImageEngine,
  type RunControl
} from "../imageEnginePort.js"
import { type CallScope, checkScope, cut, engineFetch, failureOf, openScope, readJson, readText } from "../remoteEngineCall.js"
import { openAiFailure } from "./openAiErrors.js"
import { openAiMaskOf, pngWithSize } from "./openAiMask.js"
import { openAiModelProfile, openAiModelProblem } from "./openAiModels.js"
import { openAiSizeOf } from "./openAiSize.js"

export interface OpenAiOptions {
  /** https://api.openai.com by default; an OpenAI-compatible relay's root otherwise (calls go to <baseUrl>/v1/…) */
  readonly baseUrl?: string
  readonly apiKey: string
  /** gpt-image-1 by default; a GPT image model or dall-e-3 / dall-e-2 (openAiModels.ts, checked at start) */
  readonly model?: string
  readonly quality?: "low" | "medium" | "high" | "auto"
  /** the longest one request may take; 5 minutes by default (a high-quality image takes one or two) */
  readonly timeoutMs?: number
}

const pngBlob = (bytes: Uint8Array): Blob => new Blob([Uint8Array.from(bytes)], { type: "image/png" })

interface ImagesAnswer {
  readonly data?: ReadonlyArray<{ readonly b64_json?: string }>
}

/**
 * OpenAI Images with plain fetch and FormData (no SDK: openai 7 needs Node 22). The API gives no
 * progress, so the task says 0 at the start and 100 at the end; streamed partial images are not
 * used. It has no negative prompt, seed, steps or denoising strength: those are left out, and the
 * images come at the nearest size the model draws (openAiSize.ts), not always the one asked for.
 */
export const makeOpenAiEngine = (options: OpenAiOptions): ImageEngine => {
  const root = (options.baseUrl ?? "https://api.openai.com").replace(/\/+$/, "")
  const model = options.model ?? "gpt-image-1"
  const profile = openAiModelProfile(model)
  if (profile === undefined) throw new Error(openAiModelProblem(model))
  // GPT image models always answer base64 and take output_format; DALL·E answers a URL unless asked for base64
  const format: Record<string, string> = profile.outputFormat ? { output_format: "png" } : { response_format: "b64_json" }
  // quality low|medium|high is the GPT image models' (dall-e-3 takes standard|hd, dall-e-2 standard only)
  const quality = options.quality === undefined || profile.family !== "gpt-image" ? {} : { quality: options.quality }
  const timeoutMs = options.timeoutMs ?? 300_000
  const auth = { authorization: `Bearer ${options.apiKey}` }

  const decode = async (answer: unknown, asked: number): Promise<EngineResult> => {
    const data = (answer as ImagesAnswer | null)?.data ?? []
    const images: EngineImage[] = []
    for (const item of data.slice(0, asked)) {
      if (typeof item.b64_json !== "string") continue
      const bytes = new Uint8Array(Buffer.from(item.b64_json, "base64"))
      try {
        const meta = await sharp(bytes).metadata()
        images.push({ bytes, width: meta.width, height: meta.height })
      } catch {
        // an unreadable image counts as missing, like one the engine did not send
      }
    }
    if (images.length === 0) throw new EngineError("transient", "引擎没有返回图片", `answer without b64_json: ${cut(JSON.stringify(answer))}`)
    const missing = asked - images.length
    return missing > 0 ? { images, missing, reason: `引擎少返回了 ${missing} 张图片` } : { images }
  }

  /** One images call: 0 before, the answer decoded, 100 after; every failure an EngineError. */
  const call = async (control: RunControl, path: string, body: BodyInit, headers: Record<string, string>, asked: number): Promise<EngineResult> => {
    const scope: CallScope = openScope(control.signal, timeoutMs)
    const what = `POST ${path}`
    try {
      control.onProgress({ percent: 0 })
      // aborting this fetch closes the connection, which is all OpenAI offers as an interrupt
      const response = await engineFetch(scope, `${root}${path}`, { method: "POST", headers: { ...auth, ...headers }, body }, what)
      if (!response.ok) throw openAiFailure(response.status, await readText(scope, response, what), what)
      const result = await decode(await readJson(scope, response, what), asked)
      checkScope(scope)
      control.onProgress({ percent: 100 })
      return result
    } catch (error) {
      throw failureOf(scope, error, what)
    }
  }

  const health = async (): Promise<EngineHealth> => {
    const scope = openScope(new AbortController().signal, Math.min(timeoutMs, 10_000))
    const what = `GET /v1/models/${model}`
    try {
      const response = await engineFetch(scope, `${root}/v1/models/${encodeURIComponent(model)}`, { headers: auth }, what)
      const text = await readText(scope, response, what)
      return response.ok ? { ok: true } : { ok: false, detail: openAiFailure(response.status, text, what).message }
    } catch (error) {
      return { ok: false, detail: failureOf(scope, error, what).message }
    }
  }

  return {
    kind: "openai",
    label: `OpenAI ${model}`,
    txt2img: async (request, control) => {
      const size = openAiSizeOf(model, request.width, request.height)
      const generate = (n: number) =>
        call(control, "/v1/images/generations", JSON.stringify({ model, prompt: request.prompt, n, size, ...quality, ...format }), { "content-type": "application/json" }, n)
      if (request.count <= profile.maxPerRequest) return generate(request.count)
      // dall-e-3 draws one image per request: one call per image, one after the other
      const images: EngineImage[] = []
      for (let index = 0; index < request.count; index++) images.push(...(await generate(1)).images)
      return { images }
    },
    img2img: async (request, control) => {
      if (profile.maxEditImages === 0) throw new EngineError("rejected", "该模型不支持以图改图", `${model} has no /v1/images/edits`)
      const form = new FormData()
      // one image: the field "image"; more: "image[]" each (openai-node src/internal/uploads.ts), up to the model's limit
      const references = (request.references ?? []).slice(0, profile.maxEditImages - 1)
      const field = references.length > 0 ? "image[]" : "image"
      try {
        const image = await pngWithSize(request.init)
        form.append(field, pngBlob(image.bytes), "image.png")
        for (const [index, reference] of references.entries()) form.append(field, pngBlob((await pngWithSize(reference)).bytes), `reference-${index + 1}.png`)
        if (request.mask !== undefined) {
          form.append("mask", pngBlob(await openAiMaskOf(request.mask, image.width, image.height)), "mask.png")
        }
      } catch (error) {
        throw new EngineError("rejected", "图片或蒙版无法读取", error instanceof Error ? error.message : String(error))
      }
      form.append("prompt", request.prompt)
      form.append("model", model)
      form.append("n", String(request.count))
      form.append("size", openAiSizeOf(model, request.width, request.height))
      if (options.quality !== undefined && profile.family === "gpt-image") form.append("quality", options.quality)
      for (const [name, value] of Object.entries(format)) form.append(name, value)
      // a whole-picture edit (no mask: the assistant's photo edits, style avatars, old photos) must keep the
      // faces: high input fidelity where the model takes it; a masked edit keeps the rest by its mask
      if (profile.inputFidelity && request.mask === undefined) form.append("input_fidelity", "high")
      // fetch writes the multipart boundary into content-type itself
      return call(control, "/v1/images/edits", form, {}, request.count)
    },
    upscale: () => Promise.reject(new EngineError("rejected", "该引擎不支持放大", "OpenAI Images has no upscaler")),
    catalog: () => Promise.resolve({ checkpoints: [model], loras: [], samplers: [], schedulers: [], upscalers: [] }),
    health
  }
}
