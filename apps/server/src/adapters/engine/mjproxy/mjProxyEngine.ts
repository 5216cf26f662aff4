import {
  EngineError,
  type EngineHealth,
  type EngineResult,
  type ImageEngine,
  type MjAction,
  type RunControl,
  type TextToImage
} from "../imageEnginePort.js"
import { type CallScope, checkScope, engineFetch, failureOf, openScope, pause, readBytes } from "../remoteEngineCall.js"
import { acceptedTaskId, httpFailure, makeMjClient, type MjClient, type MjTask } from "./mjClient.js"
import { previewOf, splitGrid, wholeImage } from "./mjGrid.js"
import { blendDimensionsOf, buildMjPrompt, mjAspectOf, mjVersionOf } from "./mjPrompt.js"
import { dataUrlOf, type PublishReference, referenceRefusalFor, referenceUrlsOf } from "./mjReferences.js"

export interface MjProxyOptions {
  /** the proxy's root, e.g. http://127.0.0.1:8080 or a relay's https://relay.example.com; calls go to <baseUrl>/mj/… */
  readonly baseUrl: string
  /** sent as `mj-api-secret` (the proxy's own secret) */
  readonly secret?: string
  /** sent as `Authorization: Bearer …` (new-api / one-api relays) */
  readonly bearer?: string
  /** between task fetches; 3000 by default (the proxy's advice is 2–5 s) */
  readonly pollMs?: number
  /** the longest one call may take, submit to downloaded result; 10 minutes by default */
  readonly timeoutMs?: number
  /** plus forks pick the bot by this; a niji version asks for NIJI_JOURNEY when unset */
  readonly botType?: "MID_JOURNEY" | "NIJI_JOURNEY"
  /** stores a reference image and returns its public URL (mjReferences.ts: why references are URLs) */
  readonly publishReference?: PublishReference
  /** the versions offered as checkpoints; DEFAULT_MJ_VERSIONS when unset */
  readonly versions?: ReadonlyArray<string>
}

export const DEFAULT_MJ_VERSIONS: ReadonlyArray<string> = ["v7", "v6.1", "v6", "niji 6", "niji 5"]

const percentOf = (progress: string | undefined): number => {
  const value = Number.parseFloat(progress ?? "")
  return Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0
}

/** Describe answers four prompts in one text, each after a keycap number (1️⃣ … 4️⃣). */
export const describedPrompts = (text: string): ReadonlyArray<string> =>
  text
    .split(/[1-9]\uFE0F?\u20E3/u)
    .flatMap((part) => part.split(/\n\s*\n/))
    .map((part) => part.trim())
    .filter((part) => part !== "")

interface Submitted {
  readonly id: string
  /** the grid's seed, when we set one (blend takes none) */
  readonly seed?: number
}

export const makeMjProxyEngine = (options: MjProxyOptions): ImageEngine => {
  const client: MjClient = makeMjClient(options.baseUrl, options)
  const pollMs = options.pollMs ?? 3000
  const timeoutMs = options.timeoutMs ?? 600_000

  const inScope = async <T>(control: RunControl, what: string, body: (scope: CallScope) => Promise<T>): Promise<T> => {
    const scope = openScope(control.signal, timeoutMs)
    try {
      return await body(scope)
    } catch (error) {
      throw failureOf(scope, error, what)
    }
  }

  const submit = async (scope: CallScope, control: RunControl, path: string, body: Record<string, unknown>): Promise<string> => {
    const accepted = acceptedTaskId(await client.post(scope, path, body))
    // code 22: waiting in the proxy's queue; shown as 0 % like a task not started
    control.onProgress({ percent: 0 })
    return accepted.id
  }

  const download = async (scope: CallScope, url: string, what: string): Promise<Uint8Array> => {
    const absolute = new URL(url, `${client.root}/`).toString()
    const response = await engineFetch(scope, absolute, { headers: client.headersFor(absolute) }, what)
    // an expired or refused image link: the job may be retried, so transient whatever the status
    if (!response.ok) throw new EngineError("transient", "结果图片下载失败", `${what}: HTTP ${response.status}`)
    return readBytes(scope, response, what)
  }

  /** A preview is a nicety: one that cannot be fetched or read is skipped, unless a signal fired. */
  const previewAt = async (scope: CallScope, url: string): Promise<Uint8Array | undefined> => {
    try {
      return await previewOf(await download(scope, url, "preview"))
    } catch (error) {
      checkScope(scope)
      if (error instanceof EngineError && error.kind !== "transient") throw error
      return undefined
    }
  }

  /**
   * Polls the task until it ends. Midjourney cannot be interrupted: once Discord has the job it runs
   * to the end (and is billed) whatever we do, so an abort only stops the polling here.
   */
  const awaitTask = async (scope: CallScope, control: RunControl, id: string): Promise<MjTask> => {
    let lastPercent = 0
    let lastPreviewUrl: string | undefined
    for (;;) {
      const task = await client.fetchTask(scope, id)
      if (task.status === "SUCCESS") return task
      if (task.status === "MODAL") {
        // the plus forks wait here for a form (Remix mode on the account): Mido never sends one
        throw new EngineError("rejected", "Midjourney 账号开启了 Remix 模式，需要额外确认，无法自动完成，米豆已退还", `task ${id} MODAL`)
      }
      if (task.status === "FAILURE" || task.status === "CANCEL") {
        const reason = (task.failReason ?? "").trim()
        throw new EngineError("rejected", reason === "" ? "Midjourney 未能完成该任务" : `Midjourney 未能完成该任务: ${reason.slice(0, 80)}`, `task ${id} ${task.status}`)
      }
      if (task.status === "IN_PROGRESS") {
        // the last few percent are the download and the split: 100 is said once the images are ours
        const percent = Math.min(99, percentOf(task.progress))
        const url = task.imageUrl ?? undefined
        if (url !== undefined && url !== "" && url !== lastPreviewUrl) {
          lastPreviewUrl = url
          const preview = await previewAt(scope, url)
          control.onProgress(preview === undefined ? { percent } : { percent, preview })
          lastPercent = percent
        } else if (percent !== lastPercent) {
          control.onProgress({ percent })
          lastPercent = percent
        }
      }
      await pause(scope, pollMs)
    }
  }

  const submitDrawing = async (scope: CallScope, control: RunControl, request: TextToImage, init?: Uint8Array, denoisingStrength?: number): Promise<Submitted> => {
    const imagePrompts = [...(init === undefined ? [] : [init]), ...(request.mj?.imagePrompts ?? [])]
    const hasReferences = [request.mj?.styleReference, request.mj?.characterReference, request.mj?.omniReference].some((list) => (list?.length ?? 0) > 0)
    const version = mjVersionOf(request.mj?.version)
    const botType = options.botType ?? (version.niji ? "NIJI_JOURNEY" : undefined)
    const bot = botType === undefined ? {} : { botType }
    if (request.prompt.trim() === "") {
      // images alone: Midjourney's /blend mixes 2–5 of them (no text, no flags, no references)
      if (init === undefined && !hasReferences && imagePrompts.length >= 2 && imagePrompts.length <= 5) {
        const dimensions = blendDimensionsOf(mjAspectOf(request))
        return { id: await submit(scope, control, "submit/blend", { base64Array: imagePrompts.map(dataUrlOf), dimensions, ...bot }) }
      }
      throw new EngineError("rejected", "请填写提示词（只有 2–5 张垫图时可以留空以混合图片）", "empty prompt")
    }
    const references = await referenceUrlsOf(request.mj, client, scope, options.publishReference)
    const prompt = buildMjPrompt({ request, references, ...(denoisingStrength === undefined ? {} : { denoisingStrength }) })
    const images = imagePrompts.length === 0 ? {} : { base64Array: imagePrompts.map(dataUrlOf) }
    return { id: await submit(scope, control, "submit/imagine", { prompt, ...images, ...bot }), seed: request.seed }
  }

  const draw = (request: TextToImage, control: RunControl, init?: Uint8Array, denoisingStrength?: number): Promise<EngineResult> =>
    inScope(control, "mj draw", async (scope) => {
      const submitted = await submitDrawing(scope, control, request, init, denoisingStrength)
      const task = await awaitTask(scope, control, submitted.id)
      const url = task.imageUrl ?? ""
      if (url === "") throw new EngineError("transient", "引擎没有返回图片", `task ${submitted.id} SUCCESS without imageUrl`)
      const images = await splitGrid(await download(scope, url, "grid"), request.count, submitted.seed)
      checkScope(scope)
      control.onProgress({ percent: 100 })
      return { images, engineTaskId: submitted.id }
    })

  /**
   * U1–U4, V1–V4 and reroll: POST /mj/submit/change {taskId, action, index} (SubmitController.change,
   * dto/SubmitChangeDTO.java). The proxy checks nothing about index, so it is checked here. An
   * upscale answers one image; a variation or reroll a new grid, cut like any other.
   */
  const mjAction = (request: MjAction, control: RunControl): Promise<EngineResult> =>
    inScope(control, `mj ${request.action}`, async (scope) => {
      const gridId = request.gridEngineTaskId
      if (gridId === undefined || gridId === "") throw new EngineError("rejected", "这组图没有 Midjourney 任务编号，无法继续放大或变体，米豆已退还", "no grid task id")
      if (!Number.isInteger(request.index) || request.index < 1 || request.index > 4) throw new EngineError("rejected", "请选择第 1 到 4 张图", `index ${request.index}`)
      const action = { upscale: "UPSCALE", variation: "VARIATION", reroll: "REROLL" }[request.action]
      const body = { taskId: gridId, action, ...(request.action === "reroll" ? {} : { index: request.index }) }
      const id = await submit(scope, control, "submit/change", body)
      const task = await awaitTask(scope, control, id)
      const url = task.imageUrl ?? ""
      if (url === "") throw new EngineError("transient", "引擎没有返回图片", `task ${id} SUCCESS without imageUrl`)
      const bytes = await download(scope, url, request.action)
      const images = request.action === "upscale" ? await wholeImage(bytes) : await splitGrid(bytes, request.grid.count)
      checkScope(scope)
      control.onProgress({ percent: 100 })
      return { images, engineTaskId: id }
    })

  const probe = async (scope: CallScope, method: "GET" | "POST", path: string, body?: unknown): Promise<number> => {
    const json = body === undefined ? {} : { body: JSON.stringify(body) }
    const headers = { ...client.headersFor(client.root), ...(body === undefined ? {} : { "content-type": "application/json" }) }
    const response = await engineFetch(scope, `${client.root}/mj/${path}`, { method, headers, ...json }, `health ${path}`)
    await response.arrayBuffer().catch(() => undefined)
    return response.status
  }

  const health = async (): Promise<EngineHealth> => {
    const scope = openScope(new AbortController().signal, Math.min(timeoutMs, 10_000))
    try {
      let status = await probe(scope, "GET", "task/queue")
      // relays (new-api) keep only the per-task routes: list-by-condition with no ids proves auth as well
      if (status === 404) status = await probe(scope, "POST", "task/list-by-condition", { ids: [] })
      return status < 300 ? { ok: true } : { ok: false, detail: httpFailure(status, "", "health").message }
    } catch (error) {
      return { ok: false, detail: failureOf(scope, error, "health").message }
    }
  }

  return {
    kind: "mj-proxy",
    label: "Midjourney",
    txt2img: (request, control) => draw(request, control),
    // the init image is the first image prompt, its strength MJ's image weight (--iw); MJ has no mask
    img2img: (request, control) => draw(request, control, request.init, request.denoisingStrength),
    upscale: () => Promise.reject(new EngineError("rejected", "该引擎不支持放大", "midjourney-proxy upscales only its own grids")),
    catalog: () =>
      Promise.resolve({ checkpoints: options.versions ?? DEFAULT_MJ_VERSIONS, loras: [], samplers: [], schedulers: [], upscalers: [] }),
    health,
    mjAction,
    referenceRefusal: referenceRefusalFor(client.root),
    describe: (image, control) =>
      inScope(control, "mj describe", async (scope) => {
        const id = await submit(scope, control, "submit/describe", { base64: dataUrlOf(image) })
        const task = await awaitTask(scope, control, id)
        control.onProgress({ percent: 100 })
        return describedPrompts(task.properties?.finalPrompt ?? task.prompt ?? "")
      })
  }
}
