import { EngineError } from "../imageEnginePort.js"
import { cut } from "../remoteEngineCall.js"

/** OpenAI's error body: `{error: {message, type, param, code}}`. */
export interface OpenAiErrorBody {
  readonly message?: string
  readonly type?: string
  readonly param?: string | null
  readonly code?: string | null
}

export const errorBodyOf = (text: string): OpenAiErrorBody => {
  try {
    const parsed = JSON.parse(text) as { error?: OpenAiErrorBody }
    return typeof parsed.error === "object" && parsed.error !== null ? parsed.error : { message: cut(text) }
  } catch {
    return { message: cut(text) }
  }
}

/** A safety refusal names itself in `code` (moderation_blocked) or, on older answers, in type or message. */
const isModeration = (error: OpenAiErrorBody): boolean => {
  const words = `${error.code ?? ""} ${error.type ?? ""}`.toLowerCase()
  return words.includes("moderation") || words.includes("content_policy") || /safety system/i.test(error.message ?? "")
}

/** An HTTP failure of OpenAI Images as an EngineError (retried only when transient). */
export const openAiFailure = (status: number, text: string, what: string): EngineError => {
  const error = errorBodyOf(text)
  const detail = `${what}: HTTP ${status} ${error.code ?? error.type ?? ""} ${cut(error.message ?? "")}`.trim()
  if (status === 400 && isModeration(error)) return new EngineError("rejected", "提示词或图片未通过内容审核", detail)
  if (status === 401) return new EngineError("unavailable", "引擎鉴权失败", detail)
  // a key without image access, an unverified organisation, a model the key cannot see
  if (status === 403 || status === 404) return new EngineError("unavailable", "引擎不可用", detail)
  // an exhausted quota is also a 429, but waiting does not fix it
  if (status === 429 && error.code === "insufficient_quota") return new EngineError("unavailable", "引擎额度不足", detail)
  if (status === 429) return new EngineError("transient", "引擎繁忙，请稍后重试", detail)
  if (status >= 500) return new EngineError("transient", "引擎暂时不可用", detail)
  return new EngineError("rejected", "引擎拒绝了该请求", detail)
}
