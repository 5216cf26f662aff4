import type { AssistantExchange, AssistantMessage } from "@mido/core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { readAssistantConfig } from "../src/adapters/assistant/assistantConfig.js"
import { AssistantError, type AssistantTurn } from "../src/adapters/assistant/assistantPort.js"
import { makeOpenAiAssistant } from "../src/adapters/assistant/openAiAssistant.js"
import { type ChatFake, startChatFake } from "./engineFakes/chatCompletionsFake.js"
import { grantBeans, testTuning } from "./generationFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { testUsers } from "./testUsers.js"

let fake: ChatFake
beforeAll(async () => {
  fake = await startChatFake()
})
afterAll(() => fake.close())

const assistant = (extra: { timeoutMs?: number } = {}) => makeOpenAiAssistant({ baseUrl: fake.url, apiKey: "sk-test", model: "gpt-4o-mini", ...extra })
const drawingAnswer = (edit: string) =>
  JSON.stringify({
    text: "好的，我来画一座灯塔。",
    drawing: { subject: "海边灯塔", style: "油画", composition: "远景", lighting: "黄昏", prompt: "a lighthouse by the sea, oil painting, wide shot, dusk", edit }
  })
const drawnTurn: AssistantTurn = { role: "assistant", text: "画好了", imageUrls: ["http://storage/uploads/generated/u/1/t/1.png"], drawing: { prompt: "a cat", structured: { subject: "猫", style: "", composition: "", lighting: "" } } }

describe("the OpenAI-compatible assistant against a fake chat API", () => {
  it("sends the system prompt, the history and the message in JSON mode with the key, and reads a drawing", async () => {
    fake.mode = "ok"
    fake.contents.push(drawingAnswer("none"))
    const before = fake.requests.length
    const reply = await assistant().reply([{ role: "user", text: "你好", imageUrls: [] }, drawnTurn], { text: "画一座灯塔", imageUrls: [] })
    expect(reply).toEqual({
      text: "好的，我来画一座灯塔。",
      drawing: { prompt: "a lighthouse by the sea, oil painting, wide shot, dusk", structured: { subject: "海边灯塔", style: "油画", composition: "远景", lighting: "黄昏" } }
    })
    const sent = fake.requests[before]!
    expect(sent.headers.authorization).toBe("Bearer sk-test")
    const body = sent.json as { model: string; response_format: unknown; messages: Array<{ role: string; content: string }> }
    expect(body.model).toBe("gpt-4o-mini")
    expect(body.response_format).toEqual({ type: "json_object" })
    expect(body.messages.map((message) => message.role)).toEqual(["system", "user", "assistant", "user"])
    expect(body.messages[0]!.content).toContain("JSON")
    expect(body.messages[2]!.content).toContain("[绘画提示词：a cat]")
    expect(body.messages[3]!.content).toBe("画一座灯塔")
  })

  it("resolves an edit to the last drawn image or the attachment itself, never to an address from the model", async () => {
    fake.mode = "ok"
    fake.contents.push(drawingAnswer("last"), drawingAnswer("attachment"), JSON.stringify({ text: "聊聊天", drawing: null }))
    expect((await assistant().reply([drawnTurn], { text: "背景换成夜晚", imageUrls: [] })).drawing?.editOf).toBe(drawnTurn.imageUrls[0])
    expect((await assistant().reply([drawnTurn], { text: "照这张画", imageUrls: ["http://storage/uploads/u/1/a.png"] })).drawing?.editOf).toBe("http://storage/uploads/u/1/a.png")
    expect(await assistant().reply([], { text: "你好", imageUrls: [] })).toEqual({ text: "聊聊天" })
  })

  it("shows a model's plain text when it ignores the JSON format", async () => {
    fake.mode = "ok"
    fake.contents.push("你好！有什么可以帮你？")
    expect(await assistant().reply([], { text: "你好", imageUrls: [] })).toEqual({ text: "你好！有什么可以帮你？" })
  })

  it.each([
    ["unauthorized", "助手鉴权失败，请联系管理员"],
    ["rateLimit", "助手太忙了，请稍后再试"],
    ["serverError", "助手暂时不可用，请稍后再试"],
    ["noChoices", "助手没有给出回答，请重试"],
    ["drop", "助手无法连接，请稍后再试"]
  ] as const)("%s → AssistantError %s", async (mode, reason) => {
    fake.mode = mode
    const failure = await assistant().reply([], { text: "你好", imageUrls: [] }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AssistantError)
    expect((failure as AssistantError).reason).toBe(reason)
  })

  it("a hung API times out with a Chinese reason", async () => {
    fake.mode = "hang"
    const failure = await assistant({ timeoutMs: 300 }).reply([], { text: "你好", imageUrls: [] }).catch((error: unknown) => error)
    expect((failure as AssistantError).reason).toBe("助手响应超时，请稍后再试")
  })
})

describe("choosing the assistant (MIDO_ASSISTANT)", () => {
  it("is offline by default and openai with a key; a wrong setting stops the start", () => {
    expect(readAssistantConfig({})).toEqual({ kind: "offline" })
    expect(readAssistantConfig({ MIDO_ASSISTANT: "OpenAI", MIDO_OPENAI_API_KEY: "sk-1", MIDO_OPENAI_BASE_URL: "https://relay.example.com/", MIDO_ASSISTANT_MODEL: "qwen-plus" })).toEqual({
      kind: "openai",
      apiKey: "sk-1",
      baseUrl: "https://relay.example.com",
      model: "qwen-plus",
      timeoutMs: 60_000
    })
    expect(() => readAssistantConfig({ MIDO_ASSISTANT: "gpt" })).toThrow('MIDO_ASSISTANT="gpt" is not an assistant')
    expect(() => readAssistantConfig({ MIDO_ASSISTANT: "openai" })).toThrow("MIDO_ASSISTANT=openai needs MIDO_OPENAI_API_KEY")
  })
})

describe("the server with the chat assistant", () => {
  let server: TestServer
  const newUser = testUsers(() => server.deps.db, { phonePrefix: "1370005", nickname: "对话用户", inviteCodePrefix: "AO", nidPrefix: "850" })
  beforeAll(async () => {
    server = await startTestServer({ generation: testTuning() }, { assistant: assistant() })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("answers with the model's label, keeps its drawing as a proposal, and turns its failure into a 503 that stores nothing", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 20)
    const conversation = (await server.request("POST", "/api/v2/assistant/conversation/create", {}, user.token)).data as { id: number }
    expect(await server.request("GET", "/api/v2/assistant/info", undefined, user.token)).toMatchObject({ code: 0, data: { engine: "gpt-4o-mini", offline: false } })
    fake.mode = "ok"
    fake.contents.push(drawingAnswer("last"))
    const sent = await server.request("POST", "/api/v2/assistant/send", { conversation_id: conversation.id, text: "画一座灯塔" }, user.token)
    const { answer } = sent.data as AssistantExchange
    // nothing drawn yet in this conversation: "last" has no image to edit
    expect(answer).toMatchObject({ engine: "gpt-4o-mini", drawing: { structured: { subject: "海边灯塔" } } })
    expect(answer.drawing!.edit_of).toBeUndefined()
    fake.mode = "serverError"
    expect(await server.request("POST", "/api/v2/assistant/send", { conversation_id: conversation.id, text: "再来" }, user.token)).toMatchObject({ code: 503, msg: "助手暂时不可用，请稍后再试" })
    const kept = (await server.request("GET", `/api/v2/assistant/messages?conversation_id=${conversation.id}`, undefined, user.token)).data as { list: Array<AssistantMessage> }
    expect(kept.list).toHaveLength(2)
  })
})
