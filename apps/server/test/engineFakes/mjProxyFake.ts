import { type FakeAnswer, json, png, type RecordedRequest, type RecordingServer, startRecordingServer } from "./recordingHttpServer.js"
import { blurred, QUADRANT_COLORS, renderGrid, renderUpscale, type Rgb, shiftedColors } from "./mjProxyFakeImages.js"

export { CELL_LONG_SIDE, QUADRANT_COLORS, renderGrid } from "./mjProxyFakeImages.js"

/**
 * midjourney-proxy as novicezk ships it (github.com/novicezk/midjourney-proxy, src/main/java/com/github/
 * novicezk/midjourney/…), on loopback. Each behaviour names the upstream file it follows:
 * - routes (controller/SubmitController.java): POST /mj/submit/imagine, simple-change, change,
 *   describe, blend, and nothing else: /mj/submit/upload-discord-images is a 404 (Spring's error
 *   JSON) unless `plus` (the plus forks and relays have it);
 * - task routes (controller/TaskController.java): GET /mj/task/{id}/fetch (an unknown id answers
 *   200 with an empty body: the controller returns null), /mj/task/queue, /mj/task/list,
 *   POST /mj/task/list-by-condition {ids};
 * - auth (support/ApiAuthorizeInterceptor.java): a wrong `mj-api-secret` is 401 with no body;
 * - answers (result/SubmitResultVO.java, ReturnCode.java): {code, description, result, properties},
 *   1 提交成功, 22 排队中，前面还有N个任务, 23 队列已满，请稍后尝试, 9 提交失败，系统异常
 *   (loadbalancer/DiscordInstanceImpl.java submitTask), 3 无可用的账号实例 (service/TaskServiceImpl.java),
 *   4 validation (prompt不能为空, base64格式错误, taskId不能为空, action参数错误, 关联任务状态错误,
 *   关联任务不允许执行变化), 3 关联任务不存在或已失效, 24 可能包含敏感词 with promptEn and bannedWord;
 * - imagine: `base64Array` (and the older single `base64`) are uploaded to Discord and their URLs put
 *   in front of the prompt (TaskServiceImpl.submitImagine); task ids are millis + 3 digits
 *   (SubmitController.newTask);
 * - Midjourney fetches every link in the prompt itself (--sref / --cref / --oref URLs): the fake
 *   fetches them over HTTP; one it cannot fetch fails the task with "[Invalid link!] …" as
 *   wss/handle/ErrorMessageHandler.java writes an MJ error embed into failReason;
 * - change (SubmitController.change, dto/SubmitChangeDTO.java): {taskId, action UPSCALE | VARIATION |
 *   REROLL, index}; the target must be SUCCESS and an IMAGINE / VARIATION / REROLL / BLEND (an
 *   upscale is not a grid); index is not checked (a missing one is a NullPointerException: 500);
 *   simple-change {content: "<id> U2" | "<id> V3" | "<id> R"} (util/ConvertUtils.convertChangeParams);
 * - status (enums/TaskStatus.java, support/Task.java): NOT_START → SUBMITTED "0%" → IN_PROGRESS "n%"
 *   with a preview imageUrl → SUCCESS "100%", or FAILURE with progress "" and failReason; `plus`
 *   adds MODAL (waiting for a Remix form) and `buttons` with customIds on a finished grid.
 * A fetch moves a task one step.
 */

export const DESCRIBED =
  "1️⃣ a red fox in the snow, watercolor --ar 1:1\n\n2️⃣ a fox standing in a winter forest --ar 1:1\n\n3️⃣ red fox illustration --ar 1:1\n\n4️⃣ fox, snow, soft light --ar 1:1"

export const INVALID_LINK = "[Invalid link!] Could not validate that this link was a valid image."

export type MjFakeMode =
  | "ok"
  /** submit answers 22 (in queue) */
  | "queued"
  /** change answers 21 (the older SubmitController's "任务已存在") with an already finished task */
  | "exists"
  | "queueFull"
  /** submit answers 3 "无可用的账号实例" (TaskServiceImpl: no Discord account) */
  | "noAccount"
  /** submit answers 9 "提交失败，系统异常" (DiscordInstanceImpl.submitTask) */
  | "submitFailure"
  /** tasks end in FAILURE */
  | "failTask"
  /** tasks stop at MODAL (plus forks, Remix on) */
  | "modal"
  | "serverError"
  | "hang"
  /** submits answer, task fetches hang */
  | "hangFetch"
  | "drop"
  /** the image links answer 404 (an expired CDN link) */
  | "imageGone"

type Action = "IMAGINE" | "UPSCALE" | "VARIATION" | "REROLL" | "DESCRIBE" | "BLEND"

interface FakeTask {
  readonly id: string
  readonly action: Action
  readonly prompt: string
  readonly description: string
  readonly aspect: readonly [number, number]
  /** four grid colours, or the one colour of an upscale */
  readonly colors: ReadonlyArray<Rgb>
  readonly submitTime: number
  /** resolves to a failReason when Midjourney could not fetch a link of the prompt */
  readonly links: Promise<string | undefined>
  step: number
}

export interface ReferenceFetch {
  readonly url: string
  readonly status: number
}

export interface MjProxyFake extends RecordingServer {
  mode: MjFakeMode
  /** the requests to /mj/submit/… */
  readonly submits: () => ReadonlyArray<RecordedRequest>
  readonly fetches: () => number
  /** the links of prompts the fake fetched, as Midjourney would */
  readonly referenceFetches: () => ReadonlyArray<ReferenceFetch>
}

export interface MjFakeOptions {
  readonly secret?: string
  readonly bearer?: string
  /** a plus fork: upload-discord-images, MODAL, buttons */
  readonly plus?: boolean
}

const aspectOf = (prompt: string): readonly [number, number] => {
  const match = /--ar (\d+):(\d+)/.exec(prompt)
  return match === null ? [1, 1] : [Number(match[1]), Number(match[2])]
}

const blendAspect = { PORTRAIT: [2, 3], SQUARE: [1, 1], LANDSCAPE: [3, 2] } as const

const isDataUrl = (value: unknown): boolean => typeof value === "string" && /^data:[a-z]+\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=]+$/i.test(value)

const fail = (code: number, description: string, properties?: Record<string, unknown>): FakeAnswer =>
  json(200, { code, description, result: null, properties: properties ?? {} })

const notFoundRoute = (path: string): FakeAnswer => json(404, { timestamp: "2024-01-01T00:00:00.000+00:00", status: 404, error: "Not Found", path })

const buttonsOf = (task: FakeTask) => [
  ...[1, 2, 3, 4].map((index) => ({ customId: `MJ::JOB::upsample::${index}::${task.id}`, emoji: "", label: `U${index}`, type: 2, style: 2 })),
  { customId: `MJ::JOB::reroll::0::${task.id}::SOLO`, emoji: "🔄", label: "", type: 2, style: 2 },
  ...[1, 2, 3, 4].map((index) => ({ customId: `MJ::JOB::variation::${index}::${task.id}`, emoji: "", label: `V${index}`, type: 2, style: 2 }))
]

export const startMjProxyFake = async (options: MjFakeOptions = {}): Promise<MjProxyFake> => {
  const tasks = new Map<string, FakeTask>()
  let counter = 0
  let fetches = 0
  const referenceFetches: ReferenceFetch[] = []
  const state = { mode: "ok" as MjFakeMode }

  /** Midjourney fetching the links of a prompt (ErrorMessageHandler: an "Invalid link!" embed fails the task). */
  const fetchLinks = async (prompt: string): Promise<string | undefined> => {
    // attachments already on Discord's CDN (the plus forks' uploads) are Midjourney's own
    for (const url of (prompt.match(/https?:\/\/\S+/g) ?? []).filter((link) => !link.startsWith("https://cdn.discordapp.com/"))) {
      const status = await fetch(url).then(async (response) => {
        const type = response.headers.get("content-type") ?? ""
        await response.arrayBuffer()
        return response.ok && type.startsWith("image/") ? response.status : response.ok ? 415 : response.status
      }, () => 0)
      referenceFetches.push({ url, status })
      if (status !== 200) return INVALID_LINK
    }
    return undefined
  }

  const statusOf = async (task: FakeTask): Promise<{ status: string; failReason: string | null }> => {
    if (task.step < 2) return { status: task.step === 0 ? "NOT_START" : "SUBMITTED", failReason: null }
    const linkFailure = await task.links
    if (linkFailure !== undefined) return { status: "FAILURE", failReason: linkFailure }
    if (state.mode === "failTask") return { status: "FAILURE", failReason: "[Invalid parameter] Unrecognized parameter(s): `--foo`" }
    if (state.mode === "modal" && options.plus === true) return { status: "MODAL", failReason: null }
    return { status: task.step === 2 ? "IN_PROGRESS" : "SUCCESS", failReason: null }
  }

  const taskView = async (task: FakeTask, base: string) => {
    const { status, failReason } = await statusOf(task)
    const done = status === "SUCCESS"
    const image = `${base}/mj/image/${task.id}.png`
    const grid = task.action !== "UPSCALE" && task.action !== "DESCRIBE"
    return {
      id: task.id,
      action: task.action,
      status,
      prompt: task.prompt,
      promptEn: task.prompt,
      description: task.description,
      submitTime: task.submitTime,
      progress: status === "FAILURE" ? "" : done ? "100%" : status === "IN_PROGRESS" ? "35%" : status === "NOT_START" ? null : "0%",
      imageUrl: task.action === "DESCRIBE" || status === "FAILURE" ? null : done ? image : status === "IN_PROGRESS" ? `${image}?preview=1` : null,
      failReason,
      properties: { discordInstanceId: "1118138338562560102", ...(done && task.action === "DESCRIBE" ? { finalPrompt: DESCRIBED } : { finalPrompt: task.prompt }) },
      ...(options.plus === true ? { buttons: done && grid ? buttonsOf(task) : [] } : {})
    }
  }

  const accept = (task: Omit<FakeTask, "id" | "step" | "submitTime" | "links">, links = ""): FakeAnswer => {
    counter += 1
    const id = `${1_700_000_000_000 + counter}${String(counter % 1000).padStart(3, "0")}`
    tasks.set(id, { ...task, id, step: 0, submitTime: Date.now(), links: fetchLinks(links) })
    if (state.mode === "queued") return json(200, { code: 22, description: "排队中，前面还有1个任务", result: id, properties: { numberOfQueues: 1, discordInstanceId: "1118138338562560102" } })
    return json(200, { code: 1, description: "提交成功", result: id, properties: { discordInstanceId: "1118138338562560102" } })
  }

  /** SubmitController.change with TaskServiceImpl.submitUpscale / submitVariation / submitReroll. */
  const change = (body: Record<string, unknown>): FakeAnswer => {
    const taskId = typeof body.taskId === "string" ? body.taskId.trim() : ""
    if (taskId === "") return fail(4, "taskId不能为空")
    const action = body.action
    if (action !== "UPSCALE" && action !== "VARIATION" && action !== "REROLL") return fail(4, "action参数错误")
    const index = body.index
    const position = typeof index === "number" ? index : 0
    const description = `/up ${taskId} ${action === "REROLL" ? "R" : `${action.charAt(0)}${position}`}`
    if (state.mode === "exists") {
      // the older SubmitController.change looked the description up first (TaskCondition) and answered 21
      const existing = [...tasks.values()].find((task) => task.description === description)
      if (existing !== undefined) return json(200, { code: 21, description: "任务已存在", result: existing.id, properties: { status: "SUCCESS" } })
    }
    const target = tasks.get(taskId)
    if (target === undefined) return fail(3, "关联任务不存在或已失效")
    if (target.step < 3) return fail(4, "关联任务状态错误")
    if (!["IMAGINE", "VARIATION", "REROLL", "BLEND"].includes(target.action)) return fail(4, "关联任务不允许执行变化")
    // the controller unboxes index into an int: a missing one is a NullPointerException, Spring's 500
    if (action !== "REROLL" && typeof index !== "number") return json(500, { status: 500, error: "Internal Server Error", path: "/mj/submit/change" })
    const colors =
      action === "UPSCALE" ? [target.colors[(position - 1 + 4) % 4] ?? QUADRANT_COLORS[0]!] : shiftedColors(target.colors, action === "REROLL" ? 2 : position)
    return accept({ action, prompt: target.prompt, description, aspect: target.aspect, colors })
  }

  const imagine = (body: Record<string, unknown>): FakeAnswer => {
    const prompt = typeof body.prompt === "string" ? body.prompt.trim() : ""
    if (prompt === "") return fail(4, "prompt不能为空")
    if (/\bblood\b/i.test(prompt)) return fail(24, "可能包含敏感词", { promptEn: prompt, bannedWord: "blood" })
    const images = [...(Array.isArray(body.base64Array) ? body.base64Array : []), ...(typeof body.base64 === "string" && body.base64 !== "" ? [body.base64] : [])]
    if (!images.every(isDataUrl)) return fail(4, "base64格式错误")
    const uploaded = images.map((_, index) => `https://cdn.discordapp.com/attachments/1/${counter + 1}/${index}.png`)
    const stored = [...uploaded, prompt].join(" ")
    return accept({ action: "IMAGINE", prompt: stored, description: `/imagine ${stored}`, aspect: aspectOf(prompt), colors: QUADRANT_COLORS }, prompt)
  }

  const submit = (kind: string, body: Record<string, unknown>): FakeAnswer => {
    const known = ["imagine", "simple-change", "change", "describe", "blend", ...(options.plus === true ? ["upload-discord-images"] : [])]
    if (!known.includes(kind)) return notFoundRoute(`/mj/submit/${kind}`)
    if (state.mode === "queueFull") return fail(23, "队列已满，请稍后尝试", { numberOfQueues: 10 })
    if (state.mode === "noAccount" && kind !== "change" && kind !== "simple-change") return fail(3, "无可用的账号实例")
    if (state.mode === "submitFailure") return fail(9, "提交失败，系统异常")
    switch (kind) {
      case "imagine":
        return imagine(body)
      case "change":
        return change(body)
      case "simple-change": {
        const match = /^(\S+) ([uv])([1-4])$/i.exec(String(body.content ?? "").trim()) ?? /^(\S+) (r)()$/i.exec(String(body.content ?? "").trim())
        if (match === null) return fail(4, "content参数错误")
        const action = { u: "UPSCALE", v: "VARIATION", r: "REROLL" }[match[2]!.toLowerCase() as "u" | "v" | "r"]
        return change({ taskId: match[1], action, ...(match[3] === "" ? {} : { index: Number(match[3]) }) })
      }
      case "blend": {
        const images = Array.isArray(body.base64Array) ? body.base64Array : []
        const dimensions = body.dimensions as keyof typeof blendAspect | undefined
        if (images.length < 2 || images.length > 5) return fail(4, "base64List参数错误")
        if (dimensions === undefined || !(dimensions in blendAspect)) return fail(4, "dimensions参数错误")
        if (!images.every(isDataUrl)) return fail(4, "base64格式错误")
        return accept({ action: "BLEND", prompt: "", description: `/blend ${images.length}`, aspect: blendAspect[dimensions], colors: QUADRANT_COLORS })
      }
      case "describe":
        if (typeof body.base64 !== "string" || body.base64 === "") return fail(4, "base64不能为空")
        if (!isDataUrl(body.base64)) return fail(4, "base64格式错误")
        return accept({ action: "DESCRIBE", prompt: "", description: "/describe", aspect: [1, 1], colors: QUADRANT_COLORS })
      default: {
        const images = Array.isArray(body.base64Array) ? body.base64Array : []
        return json(200, { code: 1, description: "success", result: images.map((_, index) => `https://cdn.discordapp.com/attachments/ref-${counter}-${index}.png`) })
      }
    }
  }

  const authorized = (request: RecordedRequest): boolean =>
    (options.secret === undefined || request.headers["mj-api-secret"] === options.secret) &&
    (options.bearer === undefined || request.headers.authorization === `Bearer ${options.bearer}`)

  const imageOf = async (task: FakeTask, preview: boolean): Promise<Uint8Array> => {
    const bytes = task.action === "UPSCALE" ? await renderUpscale(task.aspect, task.colors[0]!) : await renderGrid(task.aspect, task.colors)
    return preview ? blurred(bytes) : bytes
  }

  const server = await startRecordingServer(async (request, base): Promise<FakeAnswer> => {
    const url = new URL(request.path, base)
    const image = /^\/mj\/image\/([^/]+)\.png$/.exec(url.pathname)
    if (image !== null) {
      const task = tasks.get(image[1] ?? "")
      if (task === undefined || state.mode === "imageGone") return json(404, {})
      return png(await imageOf(task, url.searchParams.has("preview")))
    }
    if (state.mode === "serverError") return json(502, { message: "Bad Gateway" })
    if (state.mode === "hang") return { kind: "hang" }
    if (state.mode === "drop") return { kind: "drop" }
    if (!authorized(request)) return { kind: "bytes", status: 401, type: "text/plain", body: new Uint8Array() }
    const submitted = /^\/mj\/submit\/([a-z-]+)$/.exec(url.pathname)
    if (submitted !== null && request.method === "POST") return submit(submitted[1] ?? "", (request.json ?? {}) as Record<string, unknown>)
    const fetched = /^\/mj\/task\/([^/]+)\/fetch$/.exec(url.pathname)
    if (fetched !== null) {
      if (state.mode === "hangFetch") return { kind: "hang" }
      fetches += 1
      const task = tasks.get(decodeURIComponent(fetched[1] ?? ""))
      if (task === undefined) return json(200, undefined)
      const view = await taskView(task, base)
      task.step += 1
      return json(200, view)
    }
    if (url.pathname === "/mj/task/list-by-condition" && request.method === "POST") {
      const ids = (request.json as { ids?: unknown } | undefined)?.ids
      const found = Array.isArray(ids) ? ids.flatMap((id) => (typeof id === "string" && tasks.has(id) ? [tasks.get(id)!] : [])) : []
      return json(200, await Promise.all(found.map((task) => taskView(task, base))))
    }
    if (url.pathname === "/mj/task/queue") return json(200, [])
    if (url.pathname === "/mj/task/list") return json(200, await Promise.all([...tasks.values()].reverse().map((task) => taskView(task, base))))
    return notFoundRoute(url.pathname)
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
    fetches: () => fetches,
    referenceFetches: () => referenceFetches
  }
}
