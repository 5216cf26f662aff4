import { EngineError } from "./imageEnginePort.js"

/**
 * One HTTP call to a drawing engine (Stable Diffusion WebUI, ComfyUI) with a deadline and the task's
 * AbortSignal, every failure turned into an EngineError with a Chinese reason. Details for the log are
 * cut short: an engine's error body may echo the prompt or base64 images, which must not reach a log.
 */

export interface EngineCall {
  readonly method: "GET" | "POST"
  readonly url: string
  readonly headers?: Record<string, string>
  /** a JSON value (sent as application/json) or a FormData (multipart) */
  readonly json?: unknown
  readonly form?: FormData
  readonly timeoutMs: number
  readonly signal?: AbortSignal
}

export const ENGINE_REASONS = {
  auth: "引擎鉴权失败",
  rejected: "参数不被引擎接受",
  transient: "绘画引擎暂时不可用",
  unreachable: "绘画引擎未启动或无法连接",
  missingApi: "绘画引擎没有开放这个接口（请检查地址和 --api 启动参数）",
  timeout: "绘画超时",
  interrupted: "绘画已中断"
} as const

/** At most `max` characters, on one line: enough to recognise an error, never a whole prompt. */
export const cut = (text: string, max = 160): string => {
  const line = text.replace(/\s+/g, " ").trim()
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`
}

const NETWORK_DOWN = new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"])

const codesOf = (error: unknown): ReadonlyArray<string> => {
  const codes: Array<string> = []
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || typeof value !== "object" || value === null) return
    const code = (value as { code?: unknown }).code
    if (typeof code === "string") codes.push(code)
    visit((value as { cause?: unknown }).cause, depth + 1)
    const inner = (value as { errors?: unknown }).errors
    if (Array.isArray(inner)) for (const each of inner) visit(each, depth + 1)
  }
  visit(error, 0)
  return codes
}

/** The signal ended the call: its EngineError reason, `timeout` for a timeout reason, `interrupted` otherwise. */
export const abortError = (signal: AbortSignal): EngineError =>
  signal.reason instanceof EngineError
    ? signal.reason
    : (signal.reason as { name?: unknown } | undefined)?.name === "TimeoutError"
    ? new EngineError("timeout", ENGINE_REASONS.timeout, "the task's deadline passed")
    : new EngineError("interrupted", ENGINE_REASONS.interrupted)

/** A failure of the socket (no HTTP answer) as an EngineError. */
export const networkError = (error: unknown, timedOut: boolean, timeoutMs: number, signal?: AbortSignal): EngineError => {
  if (error instanceof EngineError) return error
  if (signal?.aborted) return abortError(signal)
  if (timedOut) return new EngineError("timeout", ENGINE_REASONS.timeout, `no answer within ${timeoutMs} ms`)
  const codes = codesOf(error)
  const detail = cut(`${codes.join(",") || "no code"}: ${error instanceof Error ? error.message : String(error)}`)
  if (codes.some((code) => NETWORK_DOWN.has(code))) return new EngineError("unavailable", ENGINE_REASONS.unreachable, detail)
  return new EngineError("transient", ENGINE_REASONS.transient, detail)
}

/** Runs `use` under the call's deadline and signal; socket failures become EngineErrors. */
const withDeadline = async <T>(call: EngineCall, use: (signal: AbortSignal) => Promise<T>): Promise<T> => {
  const deadline = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    deadline.abort()
  }, call.timeoutMs)
  const signal = call.signal === undefined ? deadline.signal : AbortSignal.any([deadline.signal, call.signal])
  try {
    return await use(signal)
  } catch (error) {
    throw networkError(error, timedOut, call.timeoutMs, call.signal)
  } finally {
    clearTimeout(timer)
  }
}

export interface EngineAnswer {
  readonly status: number
  readonly body: Buffer
}

/** Sends the call and reads the whole answer (any status). */
export const send = (call: EngineCall): Promise<EngineAnswer> =>
  withDeadline(call, async (signal) => {
    const headers: Record<string, string> = { accept: "application/json", ...call.headers }
    let body: string | FormData | undefined
    if (call.json !== undefined) {
      headers["content-type"] = "application/json"
      body = JSON.stringify(call.json)
    } else if (call.form !== undefined) body = call.form
    const response = await fetch(call.url, { method: call.method, headers, body, signal })
    return { status: response.status, body: Buffer.from(await response.arrayBuffer()) }
  })

/** A short, prompt-free summary of an error body: FastAPI's detail list, A1111's error/errors, ComfyUI's error. */
export const errorSummary = (body: Buffer): string => {
  let parsed: unknown
  try {
    parsed = JSON.parse(body.toString("utf8"))
  } catch {
    return cut(body.toString("utf8"), 80)
  }
  const value = parsed as { detail?: unknown; error?: unknown; errors?: unknown }
  if (Array.isArray(value.detail)) {
    return cut(
      value.detail
        .map((item: { loc?: ReadonlyArray<unknown>; msg?: unknown }) => `${(item.loc ?? []).filter((part) => part !== "body").join(".")}: ${String(item.msg)}`)
        .join("; ")
    )
  }
  const message = typeof value.error === "object" && value.error !== null ? (value.error as { message?: unknown }).message : value.error
  const parts = [message, value.errors, typeof value.detail === "string" ? value.detail : undefined].filter((part) => typeof part === "string" && part !== "")
  return cut(parts.join(": "))
}

/** The EngineError for a non-2xx answer (shared rules: auth, validation, missing API, server errors). */
export const statusError = (answer: EngineAnswer): EngineError => {
  const summary = errorSummary(answer.body)
  const detail = `HTTP ${answer.status}: ${summary}`
  if (answer.status === 401 || answer.status === 403) return new EngineError("unavailable", ENGINE_REASONS.auth, detail)
  if (answer.status === 404 && /^"?not found"?$/i.test(summary)) return new EngineError("unavailable", ENGINE_REASONS.missingApi, detail)
  if (answer.status === 408 || answer.status === 429 || answer.status >= 500) return new EngineError("transient", ENGINE_REASONS.transient, detail)
  return new EngineError("rejected", `${ENGINE_REASONS.rejected}: ${summary}`, detail)
}

/** Sends the call and parses a 2xx JSON answer; anything else is an EngineError. */
export const sendJson = async <T>(call: EngineCall): Promise<T> => {
  const answer = await send(call)
  if (answer.status < 200 || answer.status > 299) throw statusError(answer)
  try {
    return JSON.parse(answer.body.toString("utf8")) as T
  } catch {
    throw new EngineError("transient", ENGINE_REASONS.transient, `HTTP ${answer.status}: the answer is not JSON`)
  }
}
