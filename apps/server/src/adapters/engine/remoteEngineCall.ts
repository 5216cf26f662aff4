import { EngineError } from "./imageEnginePort.js"

/**
 * One call to a remote engine (submit, polls, downloads) bounded by two signals: the caller's (the
 * worker aborts it when the task is cancelled or runs out of time) and our own deadline (timeoutMs,
 * so a hung engine cannot hold a worker slot forever). Every failure leaves as an EngineError whose
 * kind tells the worker whether to retry: a dropped connection is transient, a refused one means
 * the engine is down (unavailable), either signal firing is interrupted or timeout.
 */
export interface CallScope {
  /** aborted when the caller stops or the deadline passes; give it to every fetch */
  readonly signal: AbortSignal
  /** why the call stopped, when a signal fired */
  readonly stopped: () => EngineError | undefined
}

export const openScope = (caller: AbortSignal, timeoutMs: number): CallScope => {
  const deadline = AbortSignal.timeout(timeoutMs)
  const signal = AbortSignal.any([caller, deadline])
  return {
    signal,
    stopped: () => {
      if (caller.aborted) {
        // the worker's own time limit arrives as AbortSignal.timeout's TimeoutError
        const reason: unknown = caller.reason
        return reason instanceof Error && reason.name === "TimeoutError"
          ? new EngineError("timeout", "生成超时", "the caller's signal timed out")
          : new EngineError("interrupted", "任务已停止", "the caller aborted")
      }
      if (deadline.aborted) return new EngineError("timeout", "引擎响应超时", `no answer within ${timeoutMs} ms`)
      return undefined
    }
  }
}

/** Keeps a log detail or an engine's own message short enough to show. */
export const cut = (text: string, length = 120): string => (text.length <= length ? text : `${text.slice(0, length)}…`)

const causeCode = (error: unknown): string | undefined => {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined
  return typeof cause?.code === "string" ? cause.code : undefined
}

const unreachable = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"])

/** The EngineError for anything a fetch or a body read threw. */
export const failureOf = (scope: CallScope, error: unknown, what: string): EngineError => {
  if (error instanceof EngineError) return error
  const stopped = scope.stopped()
  if (stopped !== undefined) return stopped
  const code = causeCode(error)
  const message = error instanceof Error ? error.message : String(error)
  if (code !== undefined && unreachable.has(code)) return new EngineError("unavailable", "引擎无法连接", `${what}: ${code}`)
  return new EngineError("transient", "与引擎的连接中断", `${what}: ${code ?? message}`)
}

/** fetch under the scope; network failures and the signals become EngineErrors. */
export const engineFetch = async (scope: CallScope, url: string, init: RequestInit, what: string): Promise<Response> => {
  try {
    return await fetch(url, { ...init, signal: scope.signal })
  } catch (error) {
    throw failureOf(scope, error, what)
  }
}

/** The body as bytes: a connection dropped halfway through is transient like one dropped earlier. */
export const readBytes = async (scope: CallScope, response: Response, what: string): Promise<Uint8Array> => {
  try {
    return new Uint8Array(await response.arrayBuffer())
  } catch (error) {
    throw failureOf(scope, error, what)
  }
}

/** The body as text (for JSON the caller parses and checks itself). */
export const readText = async (scope: CallScope, response: Response, what: string): Promise<string> => {
  try {
    return await response.text()
  } catch (error) {
    throw failureOf(scope, error, what)
  }
}

/** The body parsed as JSON; an answer that is not JSON is the engine misbehaving (transient). */
export const readJson = async (scope: CallScope, response: Response, what: string): Promise<unknown> => {
  const text = await readText(scope, response, what)
  try {
    return text === "" ? null : (JSON.parse(text) as unknown)
  } catch {
    throw new EngineError("transient", "引擎返回了无法识别的应答", `${what}: HTTP ${response.status} ${cut(text)}`)
  }
}

/** Waits between polls; a signal firing ends the wait at once with its EngineError. */
export const pause = (scope: CallScope, ms: number): Promise<void> =>
  new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer)
      reject(scope.stopped() ?? new EngineError("interrupted", "任务已停止"))
    }
    const timer = setTimeout(() => {
      scope.signal.removeEventListener("abort", stop)
      resolve()
    }, ms)
    if (scope.signal.aborted) stop()
    else scope.signal.addEventListener("abort", stop, { once: true })
  })

/** Throws the scope's EngineError when a signal has fired (checked between steps). */
export const checkScope = (scope: CallScope): void => {
  const stopped = scope.stopped()
  if (stopped !== undefined) throw stopped
}

/** The MIME type of PNG, JPEG and WebP bytes, by their magic numbers. */
export const imageMimeOf = (bytes: Uint8Array): string => {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return "image/jpeg"
  const riff = String.fromCharCode(...bytes.subarray(0, 4)) === "RIFF"
  if (riff && String.fromCharCode(...bytes.subarray(8, 12)) === "WEBP") return "image/webp"
  return "image/png"
}
