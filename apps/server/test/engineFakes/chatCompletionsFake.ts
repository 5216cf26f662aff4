import { type FakeAnswer, json, type RecordingServer, startRecordingServer } from "./recordingHttpServer.js"

/**
 * An OpenAI-compatible chat API on loopback: POST /v1/chat/completions with Bearer auth answers
 * `{id, object: "chat.completion", choices: [{message: {role, content}}], usage}` with the content a
 * test queues, or OpenAI's `{error: {...}}` failures, a hang or a dropped connection.
 */
export type ChatFakeMode = "ok" | "unauthorized" | "rateLimit" | "serverError" | "hang" | "drop" | "noChoices"

export interface ChatFake extends RecordingServer {
  mode: ChatFakeMode
  /** the next answers' contents, first in first out; "{}" once empty */
  readonly contents: Array<string>
}

const error = (status: number, message: string, type: string, code: string | null): FakeAnswer => json(status, { error: { message, type, param: null, code } })

export const startChatFake = async (apiKey = "sk-test"): Promise<ChatFake> => {
  const state: { mode: ChatFakeMode; contents: Array<string> } = { mode: "ok", contents: [] }
  const server = await startRecordingServer((request) => {
    if (request.method !== "POST" || request.path !== "/v1/chat/completions") return error(404, `Unknown request URL: ${request.method} ${request.path}`, "invalid_request_error", "unknown_url")
    if (request.headers.authorization !== `Bearer ${apiKey}` || state.mode === "unauthorized") return error(401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key")
    if (state.mode === "rateLimit") return error(429, "Rate limit reached for requests", "requests", "rate_limit_exceeded")
    if (state.mode === "serverError") return error(500, "The server had an error while processing your request.", "server_error", null)
    if (state.mode === "hang") return { kind: "hang" }
    if (state.mode === "drop") return { kind: "drop" }
    const body = request.json as { model?: string; messages?: Array<unknown> } | undefined
    if (body?.model === undefined || !Array.isArray(body.messages)) return error(400, "you must provide a model parameter", "invalid_request_error", null)
    if (state.mode === "noChoices") return json(200, { id: "chatcmpl-1", object: "chat.completion", choices: [] })
    const content = state.contents.shift() ?? "{}"
    return json(200, {
      id: "chatcmpl-1",
      object: "chat.completion",
      created: 1_790_000_000,
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: { prompt_tokens: 120, completion_tokens: 60, total_tokens: 180 }
    })
  })
  const fake = Object.assign(server, { contents: state.contents, mode: state.mode })
  // the handler reads the mode a test sets on the fake
  Object.defineProperty(fake, "mode", { get: () => state.mode, set: (mode: ChatFakeMode) => (state.mode = mode) })
  return fake
}
