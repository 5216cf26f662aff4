import { type AssistantDrawing, AssistantError, type AssistantPort, type AssistantReply, type AssistantTurn, imageToEdit, type StructuredPrompt } from "./assistantPort.js"

export interface OpenAiAssistantOptions {
  /** the API's root without /v1 (MIDO_OPENAI_BASE_URL), https://api.openai.com by default */
  readonly baseUrl?: string
  readonly apiKey: string
  /** the chat model (MIDO_ASSISTANT_MODEL), gpt-4o-mini by default */
  readonly model?: string
  /** the longest one answer may take; 60 s by default */
  readonly timeoutMs?: number
}

export const DEFAULT_ASSISTANT_MODEL = "gpt-4o-mini"

const SYSTEM_PROMPT = [
  "你是米豆AI的绘画助手，用简体中文回答。只输出一个 JSON 对象，不要输出其他内容：",
  '{"text": "给用户看的回答", "drawing": null 或 {"subject": "主体", "style": "风格", "composition": "构图", "lighting": "光线", "prompt": "交给绘图模型的完整提示词", "edit": "none" | "last" | "attachment"}}',
  "用户要一张新图时给出 drawing，edit 为 none；要求修改上一张图时 edit 为 last；附了图片并要求据此作画或修改时 edit 为 attachment。",
  "只是聊天或提问时 drawing 为 null。不要声称已经画好：图片会在用户确认消耗米豆后才开始绘制。"
].join("\n")

interface ChatMessage {
  readonly role: "system" | "user" | "assistant"
  readonly content: string
}

const turnText = (turn: AssistantTurn): string => {
  const images = turn.imageUrls.length === 0 ? "" : turn.role === "user" ? `\n[用户附了 ${turn.imageUrls.length} 张图片]` : `\n[已画出 ${turn.imageUrls.length} 张图片]`
  const drawing = turn.drawing === undefined ? "" : `\n[绘画提示词：${turn.drawing.prompt}]`
  return `${turn.text}${drawing}${images}`
}

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "")

/** The model's JSON answer as a reply; the image to edit is resolved here, never taken from the model. */
export const replyOfAnswer = (content: string, history: ReadonlyArray<AssistantTurn>, attachments: ReadonlyArray<string>): AssistantReply => {
  let parsed: unknown
  try {
    parsed = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ""))
  } catch {
    // a model that ignored the format still said something worth showing
    return { text: content.trim() }
  }
  const answer = (parsed ?? {}) as { text?: unknown; drawing?: unknown }
  const drawing = answer.drawing as Record<string, unknown> | null | undefined
  const reply = text(answer.text)
  if (drawing === null || drawing === undefined || typeof drawing !== "object") {
    if (reply === "") throw new AssistantError("助手没有给出回答，请重试", `empty answer: ${content.slice(0, 120)}`)
    return { text: reply }
  }
  const structured: StructuredPrompt = { subject: text(drawing.subject), style: text(drawing.style), composition: text(drawing.composition), lighting: text(drawing.lighting) }
  const prompt = text(drawing.prompt) || [structured.subject, structured.style, structured.composition, structured.lighting].filter((part) => part !== "").join(", ")
  if (prompt === "") return { text: reply || "请说说想画什么。" }
  const edit = drawing.edit === "attachment" ? attachments[0] : drawing.edit === "last" ? imageToEdit(history, { text: "", imageUrls: [] }) : undefined
  const made: AssistantDrawing = { prompt: prompt.slice(0, 3800), structured, ...(edit === undefined ? {} : { editOf: edit }) }
  return { text: reply || "好的，确认后开始绘制。", drawing: made }
}

const failure = (status: number, body: string): AssistantError => {
  if (status === 401 || status === 403) return new AssistantError("助手鉴权失败，请联系管理员", `HTTP ${status}`)
  if (status === 429) return new AssistantError("助手太忙了，请稍后再试", `HTTP ${status}: ${body.slice(0, 160)}`)
  if (status >= 500) return new AssistantError("助手暂时不可用，请稍后再试", `HTTP ${status}`)
  return new AssistantError("助手拒绝了这条消息，请换个说法", `HTTP ${status}: ${body.slice(0, 160)}`)
}

/**
 * An OpenAI-compatible chat model (POST {base}/v1/chat/completions, JSON mode) as the assistant. It
 * decides between talking and drawing and writes the structured prompt; the drawing itself is an
 * agent task like any other (MIDO_ENGINE_AGENT draws it). Attached images are named, not sent: our
 * storage is usually not reachable from the model's side.
 */
export const makeOpenAiAssistant = (options: OpenAiAssistantOptions): AssistantPort => {
  const root = (options.baseUrl ?? "https://api.openai.com").replace(/\/+$/, "")
  const model = options.model ?? DEFAULT_ASSISTANT_MODEL
  const timeoutMs = options.timeoutMs ?? 60_000
  return {
    label: model,
    offline: false,
    reply: async (history, message, signal) => {
      const messages: Array<ChatMessage> = [
        { role: "system", content: SYSTEM_PROMPT },
        ...history.slice(-20).map((turn) => ({ role: turn.role, content: turnText(turn) })),
        { role: "user", content: turnText({ role: "user", text: message.text, imageUrls: message.imageUrls }) }
      ]
      const deadline = AbortSignal.timeout(timeoutMs)
      let response: Response
      try {
        response = await fetch(`${root}/v1/chat/completions`, {
          method: "POST",
          headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({ model, messages, response_format: { type: "json_object" }, temperature: 0.7 }),
          signal: signal === undefined ? deadline : AbortSignal.any([signal, deadline])
        })
      } catch (error) {
        if (deadline.aborted) throw new AssistantError("助手响应超时，请稍后再试", `no answer within ${timeoutMs} ms`)
        throw new AssistantError("助手无法连接，请稍后再试", String(error))
      }
      const body = await response.text().catch(() => "")
      if (!response.ok) throw failure(response.status, body)
      let content: unknown
      try {
        content = (JSON.parse(body) as { choices?: Array<{ message?: { content?: unknown } }> }).choices?.[0]?.message?.content
      } catch {
        throw new AssistantError("助手的回答无法读取，请重试", `not JSON: ${body.slice(0, 120)}`)
      }
      if (typeof content !== "string") throw new AssistantError("助手没有给出回答，请重试", "no choices[0].message.content")
      return replyOfAnswer(content, history, message.imageUrls)
    }
  }
}
