import { randomUUID } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import sharp from "sharp"
import { drawAnswer, FAKE_LORAS, FAKE_MODELS, FAKE_SAMPLERS, FAKE_SCHEDULERS, findCheckpoint } from "./a1111FakeDraw.js"
import { makeJobQueue } from "./a1111FakeQueue.js"
import { fakePng, readBody, sendJson, type FakeFailure } from "./fakePng.js"

export { FAKE_MODELS, FAKE_SAMPLERS } from "./a1111FakeDraw.js"

/**
 * A Stable Diffusion WebUI (A1111 / Forge) on 127.0.0.1:0 for the adapter tests, rebuilt from the
 * WebUI's own source (AUTOMATIC1111/stable-diffusion-webui; lllyasviel/stable-diffusion-webui-forge
 * where it differs). The queue, the task ids and the global interrupt are in a1111FakeQueue.ts, what
 * is drawn and the infotext in a1111FakeDraw.ts; here the routes:
 * - modules/api/api.py: `/sdapi/v1/*` (FastAPI 422 details for badly typed fields, 404 "Init image not
 *   found", HTTP Basic of --api-auth with 401 "Incorrect username or password", the exception handler's
 *   500 {error, detail, body, errors}); `force_task_id` on txt2img / img2img, else `task(…)` of its own.
 * - modules/api/api.py progressapi + modules/api/models.py ProgressResponse: GET /sdapi/v1/progress
 *   answers progress, eta_relative, state, current_image, textinfo and NO current_task (api.py passes
 *   `current_task`, imported by value from modules/progress.py and so always None, and ProgressResponse
 *   has no such field anyway): the progress of whatever job runs, any client's.
 * - modules/progress.py: POST /internal/progress {id_task, id_live_preview} → {active, queued, paused,
 *   completed, progress, eta, live_preview (a JPEG data: URI, only when newer than id_live_preview),
 *   id_live_preview, textinfo}; not active → only the flags and "Queued..." / "Waiting...". It is added
 *   to the app directly (setup_progress_api), not through Api.add_api_route, so --api-auth does not guard it.
 * - modules/api/api.py interruptapi: POST /sdapi/v1/interrupt → {} and interrupts whatever job runs.
 * - Forge (lllyasviel/stable-diffusion-webui-forge, modules/api/api.py): the same routes, force_task_id
 *   and /internal/progress; but its text2imgapi refuses an unknown sd_model_checkpoint override with
 *   RuntimeError "model '…' not found" (a 500) before queueing; a hires request without hr_additional_modules
 *   dies with "argument of type 'NoneType' is not iterable" (modules/processing.py: `'Use same choices' not in
 *   self.hr_additional_modules`, declared None); its Version reads f2.0.1v1.10.1-….
 * `busyWith` starts another client's job (its own progress and previews) through the same queue.
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

const VERSION = { a1111: "v1.10.1", forge: "f2.0.1v1.10.1-previous-669-gdfdcbab6" }

export const startA1111Fake = async (options: A1111FakeOptions = {}) => {
  const requests: Array<RecordedRequest> = []
  const queue = makeJobQueue(options.stepMs ?? 5)
  let failure: { mode: FakeFailure; pattern: RegExp } | undefined
  let interrupts = 0
  let loaded = FAKE_MODELS[0]!
  let url = ""
  // a preview per job, so a test tells whose preview it was shown
  const previewOf = async (id: string) => fakePng(`preview|${id}`, 64, 64)

  const generate = (kind: "txt2img" | "img2img", body: Record<string, unknown>) => {
    const id = typeof body.force_task_id === "string" && body.force_task_id !== "" ? body.force_task_id : `task(${randomUUID()})`
    return queue.run(id, typeof body.force_task_id === "string" ? "forced" : "other", Number(body.steps ?? 50), async () => {
      const settings = (body.override_settings ?? {}) as Record<string, unknown>
      const model = findCheckpoint(settings.sd_model_checkpoint) ?? loaded
      if (body.override_settings_restore_afterwards === false) loaded = model
      return drawAnswer({ kind, body, model, version: options.forge === true ? VERSION.forge : VERSION.a1111 })
    })
  }

  const globalProgress = async () => {
    const { state } = queue
    if (state.jobCount === 0 || state.running === undefined) return { progress: 0, eta_relative: 0, state: { job_count: 0, interrupted: state.interrupted }, current_image: null, textinfo: null }
    const progress = Math.min(1, 0.01 + state.samplingStep / Math.max(1, state.samplingSteps))
    const elapsed = (Date.now() - state.timeStart) / 1000
    const current = state.samplingStep > 0 ? (await previewOf(state.running.id)).toString("base64") : null
    return { progress, eta_relative: elapsed / progress - elapsed, state: { job_count: 1, interrupted: state.interrupted, sampling_step: state.samplingStep, sampling_steps: state.samplingSteps }, current_image: current, textinfo: null }
  }

  const taskProgress = async (body: Record<string, unknown>) => {
    const id = String(body.id_task ?? "")
    const known = queue.lookup(id)
    const { state } = queue
    if (!known.active) return { ...known, paused: false, id_live_preview: -1, textinfo: known.queued ? "Queued..." : "Waiting..." }
    const progress = Math.min(1, state.samplingStep / Math.max(1, state.samplingSteps))
    const elapsed = (Date.now() - state.timeStart) / 1000
    const fresh = state.samplingStep > 0 && state.idLivePreview !== Number(body.id_live_preview ?? -1)
    const livePreview = fresh ? `data:image/jpeg;base64,${(await sharp(await previewOf(id)).jpeg().toBuffer()).toString("base64")}` : null
    return { ...known, paused: false, progress, eta: progress > 0 ? elapsed / progress - elapsed : null, live_preview: livePreview, id_live_preview: fresh ? state.idLivePreview : Number(body.id_live_preview ?? -1), textinfo: null }
  }

  const route = async (method: string, path: string, body: Record<string, unknown>, response: ServerResponse) => {
    if (method === "GET" && path === "/sdapi/v1/progress") return sendJson(response, 200, await globalProgress())
    if (method === "POST" && path === "/internal/progress") return sendJson(response, 200, await taskProgress(body))
    if (method === "POST" && path === "/sdapi/v1/interrupt") {
      interrupts += 1
      queue.interrupt()
      return sendJson(response, 200, {})
    }
    if (method === "GET" && path === "/sdapi/v1/sd-models") return sendJson(response, 200, FAKE_MODELS.map((model) => ({ title: model.title, model_name: model.model_name, hash: model.hash, sha256: null, filename: `/models/Stable-diffusion/${model.name}`, config: null })))
    if (method === "GET" && path === "/sdapi/v1/loras") return sendJson(response, 200, FAKE_LORAS.map((lora) => ({ name: lora.name, alias: lora.name, path: `/models/Lora/${lora.name}.safetensors`, metadata: {} })))
    if (method === "GET" && path === "/sdapi/v1/samplers") return sendJson(response, 200, FAKE_SAMPLERS.map((name) => ({ name, aliases: [], options: {} })))
    if (method === "GET" && path === "/sdapi/v1/schedulers") return sendJson(response, 200, FAKE_SCHEDULERS.map((each) => ({ ...each, aliases: null, default_rho: -1, need_inner_model: false })))
    if (method === "GET" && path === "/sdapi/v1/upscalers") return sendJson(response, 200, ["None", "Lanczos", "R-ESRGAN 4x+"].map((name) => ({ name, model_name: null, model_path: null, model_url: null, scale: 4 })))
    if (method === "GET" && path === "/sdapi/v1/options") return sendJson(response, 200, { sd_model_checkpoint: loaded.title })
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
    if (path.endsWith("img2img") && (!Array.isArray(body.init_images) || body.init_images.length === 0)) return sendJson(response, 404, { detail: "Init image not found" })
    if (options.forge === true && body.enable_hr === true && body.hr_additional_modules === undefined) {
      return sendJson(response, 500, { error: "TypeError", detail: "", body: "", errors: "argument of type 'NoneType' is not iterable" })
    }
    // Forge's text2imgapi checks the override before the queue and raises (A1111 ignores it silently)
    const asked = ((body.override_settings ?? {}) as Record<string, unknown>).sd_model_checkpoint
    if (options.forge === true && path.endsWith("txt2img") && asked !== undefined && findCheckpoint(asked) === undefined) {
      return sendJson(response, 500, { error: "RuntimeError", detail: "", body: "", errors: `model '${String(asked)}' not found` })
    }
    // a client that has gone does not stop the job: it runs in its turn and the answer goes nowhere
    return sendJson(response, 200, await generate(path.endsWith("img2img") ? "img2img" : "txt2img", body))
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
  url = `http://127.0.0.1:${port}`
  return {
    url,
    requests,
    /** requests to paths matching `pattern` (default: the generation calls) fail this way until cleared */
    fail: (mode: FakeFailure | undefined, pattern: RegExp = GENERATION) => {
      failure = mode === undefined ? undefined : { mode, pattern }
    },
    interrupts: () => interrupts,
    /** every generation job the WebUI took, in order, with how far it drew and whether an interrupt hit it */
    jobs: queue.jobs,
    /** the checkpoint the WebUI has loaded (what draws when an override names none it knows) */
    loadedModel: () => loaded.title,
    /** the JPEG-able preview the fake shows for a job id */
    previewOf,
    /** another client's txt2img (no force_task_id), sent over HTTP as that client would */
    busyWith: async (steps: number) => {
      const before = queue.jobs.length
      const answer = fetch(`${url}/sdapi/v1/txt2img`, { method: "POST", body: JSON.stringify({ prompt: "someone else's job", steps, send_images: true }) }).then((reply) => reply.json())
      while (queue.jobs.length === before) await new Promise((resolve) => setTimeout(resolve, 2))
      return { job: queue.jobs[before]!, answer }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

export type A1111Fake = Awaited<ReturnType<typeof startA1111Fake>>
