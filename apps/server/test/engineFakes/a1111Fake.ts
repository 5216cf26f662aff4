import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import sharp from "sharp"
import { fakePng, readBody, sendJson, type FakeFailure } from "./fakePng.js"

/**
 * A Stable Diffusion WebUI (A1111 / Forge) `sdapi/v1` on 127.0.0.1:0 for the adapter tests: the real
 * paths and answer shapes, FastAPI-style 422s for badly typed fields, the 404s of an unknown sampler or
 * a missing init image, Forge's hires crash, one job at a time with a global progress, an interrupt,
 * and switchable failures (422, 500, hang, dropped socket) plus HTTP Basic auth.
 */

export interface A1111FakeOptions {
  readonly forge?: boolean
  readonly auth?: { readonly username: string; readonly password: string }
  /** how long each sampling step takes (default 5 ms) */
  readonly stepMs?: number
}

export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly body: Record<string, unknown>
  readonly authorization?: string
}

export const FAKE_SAMPLERS = ["Euler a", "Euler", "DPM++ 2M"]
export const FAKE_MODELS = [
  { title: "v1-5-pruned-emaonly.safetensors [6ce0161689]", model_name: "v1-5-pruned-emaonly", hash: "6ce0161689" },
  { title: "sdxl_base.safetensors [31e35c80fc]", model_name: "sdxl_base", hash: "31e35c80fc" }
]

const FIELD_TYPES: Record<string, "string" | "integer" | "number" | "boolean" | "list"> = {
  prompt: "string", negative_prompt: "string", sampler_name: "string", scheduler: "string", steps: "integer", cfg_scale: "number",
  width: "integer", height: "integer", seed: "integer", batch_size: "integer", n_iter: "integer", enable_hr: "boolean", hr_scale: "number",
  hr_upscaler: "string", hr_second_pass_steps: "integer", denoising_strength: "number", send_images: "boolean", save_images: "boolean",
  init_images: "list", mask: "string", resize_mode: "integer", inpainting_fill: "integer", hr_additional_modules: "list", image: "string",
  upscaling_resize: "number", upscaler_1: "string"
}

const typeErrors = (body: Record<string, unknown>) =>
  Object.entries(FIELD_TYPES).flatMap(([field, type]) => {
    const value = body[field]
    if (value === undefined || value === null) return []
    const fine = type === "string" ? typeof value === "string" : type === "integer" ? Number.isInteger(value) : type === "number" ? typeof value === "number" : type === "boolean" ? typeof value === "boolean" : Array.isArray(value)
    return fine ? [] : [{ loc: ["body", field], msg: `value is not a valid ${type}`, type: `type_error.${type}` }]
  })

const GENERATION = /^\/sdapi\/v1\/(txt2img|img2img|extra-single-image)$/

export const startA1111Fake = async (options: A1111FakeOptions = {}) => {
  const requests: Array<RecordedRequest> = []
  const stepMs = options.stepMs ?? 5
  let failure: { mode: FakeFailure; pattern: RegExp } | undefined
  let job: { taskId: string; started: number; duration: number; interrupted: boolean } | undefined
  let queue: Promise<unknown> = Promise.resolve()
  let interrupts = 0
  const preview = (await fakePng("preview", 64, 64)).toString("base64")

  const generate = async (kind: string, body: Record<string, unknown>) => {
    const steps = Number(body.steps ?? 50)
    const width = Number(body.width ?? 512)
    const height = Number(body.height ?? 512)
    const seed = Number(body.seed ?? -1)
    const count = Number(body.batch_size ?? 1) * Number(body.n_iter ?? 1)
    const run = { taskId: String(body.force_task_id ?? `task(${Date.now()})`), started: Date.now(), duration: steps * stepMs, interrupted: false }
    job = run
    while (!run.interrupted && Date.now() - run.started < run.duration) await new Promise((resolve) => setTimeout(resolve, Math.min(stepMs, 10)))
    job = undefined
    const seeds = Array.from({ length: count }, (_, index) => seed + index)
    const key = `${kind}|${String(body.prompt)}`
    const images = await Promise.all(seeds.map(async (each) => (await fakePng(`${key}|${each}`, width, height)).toString("base64")))
    const grid = count > 1 ? [(await fakePng(`grid|${key}`, width * 2, height)).toString("base64")] : []
    const info = { prompt: body.prompt, all_prompts: seeds.map(() => body.prompt), seed, all_seeds: seeds, width, height, index_of_first_image: grid.length, infotexts: seeds.map((each) => `${String(body.prompt)}\nSteps: ${steps}, Seed: ${each}`) }
    return { images: [...grid, ...images], parameters: body, info: JSON.stringify(info) }
  }

  const route = async (method: string, path: string, body: Record<string, unknown>, response: ServerResponse) => {
    if (method === "GET" && path === "/sdapi/v1/progress") {
      const current = job
      if (current === undefined) return sendJson(response, 200, { progress: 0, eta_relative: 0, state: { job_count: 0, interrupted: false }, current_image: null, textinfo: null, current_task: null })
      const progress = Math.min(0.99, (Date.now() - current.started) / current.duration)
      return sendJson(response, 200, { progress, eta_relative: 1, state: { job_count: 1, interrupted: current.interrupted, sampling_step: 1 }, current_image: preview, textinfo: null, current_task: current.taskId })
    }
    if (method === "POST" && path === "/sdapi/v1/interrupt") {
      interrupts += 1
      if (job !== undefined) job.interrupted = true
      return sendJson(response, 200, {})
    }
    if (method === "GET" && path === "/sdapi/v1/sd-models") return sendJson(response, 200, FAKE_MODELS.map((model) => ({ ...model, sha256: null, filename: `/models/${model.model_name}.safetensors`, config: null })))
    if (method === "GET" && path === "/sdapi/v1/loras") return sendJson(response, 200, [{ name: "detail_tweaker", alias: "detail_tweaker", path: "/models/Lora/detail_tweaker.safetensors", metadata: {} }])
    if (method === "GET" && path === "/sdapi/v1/samplers") return sendJson(response, 200, FAKE_SAMPLERS.map((name) => ({ name, aliases: [], options: {} })))
    if (method === "GET" && path === "/sdapi/v1/schedulers") return sendJson(response, 200, [{ name: "automatic", label: "Automatic", aliases: null }, { name: "karras", label: "Karras", aliases: null }])
    if (method === "GET" && path === "/sdapi/v1/upscalers") return sendJson(response, 200, ["None", "Lanczos", "R-ESRGAN 4x+"].map((name) => ({ name, model_name: null, model_path: null, model_url: null, scale: 4 })))
    if (method === "GET" && path === "/sdapi/v1/options") return sendJson(response, 200, { sd_model_checkpoint: FAKE_MODELS[0]!.title })
    if (method !== "POST" || !GENERATION.test(path)) return sendJson(response, 404, { detail: "Not Found" })
    const invalid = typeErrors(body)
    if (invalid.length > 0) return sendJson(response, 422, { detail: invalid })
    if (path === "/sdapi/v1/extra-single-image") {
      const input = sharp(Buffer.from(String(body.image ?? ""), "base64"))
      const meta = await input.metadata()
      const scale = Number(body.upscaling_resize ?? 2)
      const bytes = await input.resize(Math.round((meta.width ?? 1) * scale), Math.round((meta.height ?? 1) * scale)).png().toBuffer()
      return sendJson(response, 200, { html_info: "", image: bytes.toString("base64") })
    }
    if (body.sampler_name !== undefined && !FAKE_SAMPLERS.includes(String(body.sampler_name))) return sendJson(response, 404, { detail: "Sampler not found" })
    if (path.endsWith("img2img") && (!Array.isArray(body.init_images) || body.init_images.length === 0)) return sendJson(response, 404, { detail: "Init image not found" })
    if (options.forge === true && body.enable_hr === true && body.hr_additional_modules === undefined) {
      return sendJson(response, 500, { error: "TypeError", detail: "", body: "", errors: "'NoneType' object is not iterable" })
    }
    // the WebUI draws one job at a time (its queue lock); the others wait
    const answer = queue.then(() => generate(path.endsWith("img2img") ? "img2img" : "txt2img", body))
    queue = answer.catch(() => undefined)
    return sendJson(response, 200, await answer)
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://fake")
    const raw = await readBody(request)
    let body: Record<string, unknown> = {}
    try {
      body = raw.length === 0 ? {} : (JSON.parse(raw.toString("utf8")) as Record<string, unknown>)
    } catch {
      return sendJson(response, 422, { detail: [{ loc: ["body", 0], msg: "Expecting value", type: "value_error.jsondecode" }] })
    }
    requests.push({ method: request.method ?? "GET", path: url.pathname, body, authorization: request.headers.authorization })
    if (options.auth !== undefined) {
      const expected = `Basic ${Buffer.from(`${options.auth.username}:${options.auth.password}`).toString("base64")}`
      if (request.headers.authorization !== expected) return sendJson(response, 401, { detail: "Incorrect username or password" })
    }
    if (failure !== undefined && failure.pattern.test(url.pathname)) {
      if (failure.mode === "hang") return
      if (failure.mode === "drop") return request.socket.destroy()
      if (failure.mode === "422") return sendJson(response, 422, { detail: [{ loc: ["body", "width"], msg: "ensure this value is less than or equal to 2048", type: "value_error.number.not_le" }] })
      // like the WebUI's exception handler, the answer echoes the request body (prompt, images)
      return sendJson(response, 500, { error: "OutOfMemoryError", detail: "", body: JSON.stringify(body), errors: "CUDA out of memory. Tried to allocate 2.00 GiB" })
    }
    await route(request.method ?? "GET", url.pathname, body, response)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => sendJson(response, 500, { error: "FakeError", errors: String(error) }))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** requests to paths matching `pattern` (default: the generation calls) fail this way until cleared */
    fail: (mode: FakeFailure | undefined, pattern: RegExp = GENERATION) => {
      failure = mode === undefined ? undefined : { mode, pattern }
    },
    interrupts: () => interrupts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

export type A1111Fake = Awaited<ReturnType<typeof startA1111Fake>>
