import { EngineError } from "../imageEnginePort.js"
import { type CallScope, cut, engineFetch, readJson } from "../remoteEngineCall.js"

/**
 * The midjourney-proxy HTTP API (novicezk and its "plus" forks, and the relays new-api / one-api
 * that speak it): JSON under <root>/mj, auth by `mj-api-secret` or, on relays, a Bearer key.
 */
export interface MjAuth {
  readonly secret?: string
  readonly bearer?: string
}

/**
 * The submit answer (result/SubmitResultVO.java: code, description, result = the task id, properties).
 * Codes from ReturnCode.java: 1 SUCCESS, 3 NOT_FOUND, 4 VALIDATION_ERROR, 9 FAILURE, 21 EXISTED,
 * 22 IN_QUEUE, 23 QUEUE_REJECTED, 24 BANNED_PROMPT.
 */
export interface MjSubmitAnswer {
  readonly code: number
  readonly description?: string
  readonly result?: unknown
  readonly properties?: Record<string, unknown>
}

/** enums/TaskStatus.java; MODAL (waiting for a form such as Remix) and CANCEL come from the plus forks. */
export type MjTaskStatus = "NOT_START" | "SUBMITTED" | "MODAL" | "IN_PROGRESS" | "FAILURE" | "SUCCESS" | "CANCEL"

export interface MjTask {
  readonly id: string
  readonly action?: string
  readonly status: MjTaskStatus
  /** "0%" … "100%" */
  readonly progress?: string
  readonly imageUrl?: string | null
  readonly failReason?: string | null
  readonly prompt?: string | null
  readonly properties?: { readonly finalPrompt?: string } & Record<string, unknown>
}

export interface MjClient {
  readonly root: string
  /** POST /mj/<path> with a JSON body; HTTP failures already mapped, the MJ code left to the caller */
  readonly post: (scope: CallScope, path: string, body: unknown) => Promise<MjSubmitAnswer>
  /** GET /mj/task/{id}/fetch */
  readonly fetchTask: (scope: CallScope, id: string) => Promise<MjTask>
  /** headers for a URL: the auth goes only to the proxy's own origin, never to Discord's CDN */
  readonly headersFor: (url: string) => Record<string, string>
}

export const authHeaders = (auth: MjAuth): Record<string, string> => ({
  ...(auth.secret === undefined ? {} : { "mj-api-secret": auth.secret }),
  ...(auth.bearer === undefined ? {} : { authorization: `Bearer ${auth.bearer}` })
})

/** The reason of a 4xx other than auth: the proxy has no such route or refuses its shape. */
export const unsupportedRequestReason = "引擎不支持该请求"

/** HTTP statuses the proxy (or a relay in front of it) answers with, as EngineErrors. */
export const httpFailure = (status: number, body: string, what: string): EngineError => {
  const detail = `${what}: HTTP ${status} ${cut(body)}`
  if (status === 401 || status === 403) return new EngineError("unavailable", "引擎鉴权失败", detail)
  if (status === 429) return new EngineError("transient", "引擎繁忙，请稍后重试", detail)
  if (status >= 500) return new EngineError("transient", "引擎暂时不可用", detail)
  return new EngineError("unavailable", unsupportedRequestReason, detail)
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

export const makeMjClient = (baseUrl: string, auth: MjAuth): MjClient => {
  const root = baseUrl.replace(/\/+$/, "")
  const origin = new URL(root).origin
  const headersFor = (url: string): Record<string, string> => (new URL(url, root).origin === origin ? authHeaders(auth) : {})

  const call = async (scope: CallScope, method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> => {
    const url = `${root}/mj/${path}`
    const response = await engineFetch(
      scope,
      url,
      {
        method,
        headers: { ...headersFor(url), ...(body === undefined ? {} : { "content-type": "application/json" }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      },
      `${method} /mj/${path}`
    )
    if (!response.ok) throw httpFailure(response.status, await response.text().catch(() => ""), `${method} /mj/${path}`)
    return readJson(scope, response, `${method} /mj/${path}`)
  }

  return {
    root,
    headersFor,
    post: async (scope, path, body) => {
      const answer = await call(scope, "POST", path, body)
      if (!isRecord(answer) || typeof answer.code !== "number") {
        throw new EngineError("transient", "引擎返回了无法识别的应答", `POST /mj/${path}: ${cut(JSON.stringify(answer))}`)
      }
      return answer as unknown as MjSubmitAnswer
    },
    fetchTask: async (scope, id) => {
      const task = await call(scope, "GET", `task/${encodeURIComponent(id)}/fetch`)
      // the proxy answers an unknown (expired) id with an empty body
      if (!isRecord(task) || typeof task.status !== "string") {
        throw new EngineError("transient", "引擎上找不到该任务", `GET /mj/task/${id}/fetch: ${cut(JSON.stringify(task))}`)
      }
      return task as unknown as MjTask
    }
  }
}

/** The task id of a submit answer, or the EngineError its code stands for. */
export const acceptedTaskId = (answer: MjSubmitAnswer): { readonly id: string; readonly queued: boolean } => {
  const description = cut(answer.description ?? "", 80)
  const detail = `mj code ${answer.code}: ${description}`
  switch (answer.code) {
    case 1:
    case 21:
    case 22: {
      if (typeof answer.result !== "string" && typeof answer.result !== "number") {
        throw new EngineError("transient", "引擎返回了无法识别的应答", `${detail}, no task id`)
      }
      return { id: String(answer.result), queued: answer.code === 22 }
    }
    case 23:
      throw new EngineError("transient", "引擎繁忙，请稍后重试", detail)
    case 24: {
      const word = answer.properties?.bannedWord
      const reason = typeof word === "string" && word !== "" ? `提示词包含违规内容: ${cut(word, 40)}` : "提示词包含违规内容"
      throw new EngineError("rejected", reason, detail)
    }
    case 3:
      // NOT_FOUND: "关联任务不存在或已失效" (SubmitController.change: the grid expired from the proxy's
      // store) or "无可用的账号实例" / "账号不可用: id" (TaskServiceImpl: no Discord account to draw with)
      if (description.includes("关联任务")) throw new EngineError("rejected", "Midjourney 上的原图任务已失效，无法继续放大或变体，米豆已退还", detail)
      throw new EngineError("unavailable", "Midjourney 暂无可用账号，米豆已退还", detail)
    case 4:
      throw new EngineError("rejected", description === "" ? "引擎拒绝了该请求" : `引擎拒绝了该请求: ${description}`, detail)
    case 9:
      throw new EngineError("unavailable", description === "" ? "引擎暂时无法处理" : `引擎暂时无法处理: ${description}`, detail)
    default:
      throw new EngineError("unavailable", "引擎返回了未知的结果", detail)
  }
}
