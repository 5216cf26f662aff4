import sharp from "sharp"
import { type FakeAnswer, json, png, type RecordedRequest, type RecordingServer, startRecordingServer } from "./recordingHttpServer.js"

/**
 * A midjourney-proxy (novicezk, with the plus forks' upload route) on loopback: the /mj paths, the
 * `mj-api-secret` or Bearer auth, the submit codes and Task objects, and grids it serves itself.
 * Each fetch of a task moves it one step: NOT_START → SUBMITTED → IN_PROGRESS "35%" (with a
 * preview) → SUCCESS "100%" with a 2×2 grid PNG whose quadrants are QUADRANT_COLORS in MJ's order.
 */
export const QUADRANT_COLORS: ReadonlyArray<readonly [number, number, number]> = [
  [220, 40, 40],
  [40, 180, 60],
  [40, 80, 220],
  [230, 200, 40]
]

/** the longer side of one grid cell, in pixels */
export const CELL_LONG_SIDE = 64

export const DESCRIBED =
  "1️⃣ a red fox in the snow, watercolor --ar 1:1\n\n2️⃣ a fox standing in a winter forest --ar 1:1\n\n3️⃣ red fox illustration --ar 1:1\n\n4️⃣ fox, snow, soft light --ar 1:1"

export type MjFakeMode =
  | "ok"
  /** submit answers 22 (queued) */
  | "queued"
  /** imagine answers 21 with an already finished task */
  | "exists"
  | "queueFull"
  /** submit answers 4 (validation error) */
  | "validation"
  /** submit answers 9 (no account available) */
  | "accountDown"
  /** tasks end in FAILURE */
  | "failTask"
  | "serverError"
  | "hang"
  /** submits answer, task fetches hang */
  | "hangFetch"
  | "drop"
  /** the open-source proxy: no /mj/submit/upload-discord-images */
  | "noUpload"
  /** the image links answer 404 (an expired CDN link) */
  | "imageGone"

interface FakeTask {
  readonly id: string
  readonly action: "IMAGINE" | "BLEND" | "DESCRIBE"
  readonly prompt: string
  readonly aspect: readonly [number, number]
  step: number
}

export interface MjProxyFake extends RecordingServer {
  mode: MjFakeMode
  /** the requests to /mj/submit/… */
  readonly submits: () => ReadonlyArray<RecordedRequest>
  readonly fetches: () => number
}

const cellSize = ([a, b]: readonly [number, number]): { width: number; height: number } =>
  a >= b ? { width: CELL_LONG_SIDE, height: Math.round((CELL_LONG_SIDE * b) / a) } : { width: Math.round((CELL_LONG_SIDE * a) / b), height: CELL_LONG_SIDE }

export const renderGrid = async (aspect: readonly [number, number]): Promise<Uint8Array> => {
  const { width, height } = cellSize(aspect)
  const cells = await Promise.all(
    QUADRANT_COLORS.map(async ([r, g, b], index) => ({
      input: await sharp({ create: { width, height, channels: 3, background: { r, g, b } } }).png().toBuffer(),
      left: (index % 2) * width,
      top: Math.floor(index / 2) * height
    }))
  )
  const grid = sharp({ create: { width: width * 2, height: height * 2, channels: 3, background: { r: 0, g: 0, b: 0 } } })
  return new Uint8Array(await grid.composite(cells).png().toBuffer())
}

const aspectOf = (prompt: string): readonly [number, number] => {
  const match = /--ar (\d+):(\d+)/.exec(prompt)
  return match === null ? [1, 1] : [Number(match[1]), Number(match[2])]
}

const blendAspect = { PORTRAIT: [2, 3], SQUARE: [1, 1], LANDSCAPE: [3, 2] } as const

const submitFailure = (mode: MjFakeMode): FakeAnswer | undefined => {
  if (mode === "queueFull") return json(200, { code: 23, description: "队列已满，请稍后尝试", properties: { numberOfQueues: 10 } })
  if (mode === "validation") return json(200, { code: 4, description: "base64格式错误" })
  if (mode === "accountDown") return json(200, { code: 9, description: "无可用的账号实例" })
  return undefined
}

export const startMjProxyFake = async (auth: { secret?: string; bearer?: string } = {}): Promise<MjProxyFake> => {
  const tasks = new Map<string, FakeTask>()
  let counter = 0
  let fetches = 0
  const state = { mode: "ok" as MjFakeMode }

  const taskView = (task: FakeTask, base: string) => {
    const failed = state.mode === "failTask" && task.step >= 2
    const status = failed ? "FAILURE" : (["NOT_START", "SUBMITTED", "IN_PROGRESS"][task.step] ?? "SUCCESS")
    const done = status === "SUCCESS"
    return {
      id: task.id,
      action: task.action,
      status,
      prompt: task.prompt,
      progress: done ? "100%" : status === "IN_PROGRESS" ? "35%" : "0%",
      imageUrl: task.action === "DESCRIBE" || failed ? null : done ? `${base}/mj/image/${task.id}.png` : status === "IN_PROGRESS" ? `${base}/mj/image/${task.id}.png?preview=1` : null,
      failReason: failed ? "Invalid parameter" : null,
      properties: done && task.action === "DESCRIBE" ? { finalPrompt: DESCRIBED } : {}
    }
  }

  const accept = (task: Omit<FakeTask, "id" | "step">): FakeAnswer => {
    counter += 1
    const id = `17000000000${counter}`
    tasks.set(id, { ...task, id, step: 0 })
    if (state.mode === "queued") return json(200, { code: 22, description: "排队中，前面还有1个任务", result: id, properties: { numberOfQueues: 1 } })
    return json(200, { code: 1, description: "提交成功", result: id })
  }

  const authorized = (request: RecordedRequest): boolean =>
    (auth.secret === undefined || request.headers["mj-api-secret"] === auth.secret) &&
    (auth.bearer === undefined || request.headers.authorization === `Bearer ${auth.bearer}`)

  const submit = (kind: string, body: Record<string, unknown>): FakeAnswer => {
    const failure = submitFailure(state.mode)
    if (failure !== undefined) return failure
    if (kind === "imagine") {
      const prompt = typeof body.prompt === "string" ? body.prompt.trim() : ""
      if (prompt === "") return json(200, { code: 4, description: "prompt不能为空" })
      if (/\bblood\b/i.test(prompt)) return json(200, { code: 24, description: "可能包含敏感词", properties: { promptEn: prompt, bannedWord: "blood" } })
      if (state.mode === "exists") {
        tasks.set("existing-task", { id: "existing-task", action: "IMAGINE", prompt, aspect: aspectOf(prompt), step: 3 })
        return json(200, { code: 21, description: "任务已存在", result: "existing-task", properties: { status: "SUCCESS" } })
      }
      return accept({ action: "IMAGINE", prompt, aspect: aspectOf(prompt) })
    }
    if (kind === "blend") {
      const images = Array.isArray(body.base64Array) ? body.base64Array : []
      const dimensions = body.dimensions as keyof typeof blendAspect | undefined
      if (images.length < 2 || images.length > 5) return json(200, { code: 4, description: "base64List参数错误" })
      if (dimensions === undefined || !(dimensions in blendAspect)) return json(200, { code: 4, description: "dimensions参数错误" })
      return accept({ action: "BLEND", prompt: "", aspect: blendAspect[dimensions] })
    }
    if (kind === "describe") {
      if (typeof body.base64 !== "string" || !body.base64.startsWith("data:image/")) return json(200, { code: 4, description: "base64格式错误" })
      return accept({ action: "DESCRIBE", prompt: "", aspect: [1, 1] })
    }
    if (kind === "upload-discord-images" && state.mode !== "noUpload") {
      const images = Array.isArray(body.base64Array) ? body.base64Array : []
      return json(200, { code: 1, description: "success", result: images.map((_, index) => `https://cdn.discordapp.test/attachments/ref-${counter}-${index}.png`) })
    }
    return json(404, { timestamp: "2024-01-01T00:00:00.000+00:00", status: 404, error: "Not Found", path: `/mj/submit/${kind}` })
  }

  const server = await startRecordingServer(async (request, base): Promise<FakeAnswer> => {
    const url = new URL(request.path, base)
    const image = /^\/mj\/image\/([^/]+)\.png$/.exec(url.pathname)
    if (image !== null) {
      const task = tasks.get(image[1] ?? "")
      if (task === undefined || state.mode === "imageGone") return json(404, {})
      const grid = await renderGrid(task.aspect)
      return png(url.searchParams.has("preview") ? new Uint8Array(await sharp(grid).blur(3).png().toBuffer()) : grid)
    }
    if (state.mode === "serverError") return json(502, { message: "Bad Gateway" })
    if (state.mode === "hang") return { kind: "hang" }
    if (state.mode === "drop") return { kind: "drop" }
    if (!authorized(request)) return json(401, { code: 401, description: "unauthorized" })
    const submitted = /^\/mj\/submit\/([a-z-]+)$/.exec(url.pathname)
    if (submitted !== null && request.method === "POST") return submit(submitted[1] ?? "", (request.json ?? {}) as Record<string, unknown>)
    const fetched = /^\/mj\/task\/([^/]+)\/fetch$/.exec(url.pathname)
    if (fetched !== null) {
      if (state.mode === "hangFetch") return { kind: "hang" }
      fetches += 1
      const task = tasks.get(decodeURIComponent(fetched[1] ?? ""))
      if (task === undefined) return json(200, undefined)
      const view = taskView(task, base)
      task.step += 1
      return json(200, view)
    }
    if (url.pathname === "/mj/task/queue" || url.pathname === "/mj/task/list") return json(200, [])
    return json(404, { status: 404, error: "Not Found", path: url.pathname })
  })

  return {
    ...server,
    get mode() {
      return state.mode
    },
    set mode(mode: MjFakeMode) {
      state.mode = mode
    },
    submits: () => server.requests.filter((request) => request.path.startsWith("/mj/submit/")),
    fetches: () => fetches
  }
}
