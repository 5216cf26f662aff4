import type { AssistantConversation, AssistantExchange, AssistantMessage, TaskView } from "@mido/core"
import { eq } from "drizzle-orm"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildEngines, readEngineConfig } from "../src/adapters/engine/engineConfig.js"
import { beanLedger } from "../src/db/schema/commerce.js"
import { auditedBalance, finished, grantBeans, testTuning, waitFor } from "./generationFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { type TestUser, testUsers } from "./testUsers.js"

let server: TestServer
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1370004", nickname: "助手用户", inviteCodePrefix: "AS", nidPrefix: "840" })

beforeAll(async () => {
  // a slowed offline engine, so a drawing can be cancelled while it runs
  const engines = buildEngines(readEngineConfig({ MIDO_OFFLINE_STEP_DELAY_MS: "150" }))
  server = await startTestServer({ generation: testTuning({ timeoutMs: { quick: 20_000, quick_mj: 20_000, sd: 20_000, agent: 20_000, tool: 20_000 } }) }, { engines })
})
afterAll(async () => {
  await server?.stop()
})

const ok = async <T>(method: "GET" | "POST", path: string, body: unknown, user: TestUser): Promise<T> => {
  const answer = await server.request(method, path, body, user.token)
  expect(answer, `${method} ${path}`).toMatchObject({ code: 0 })
  return answer.data as T
}
const create = (user: TestUser) => ok<AssistantConversation>("POST", "/api/v2/assistant/conversation/create", {}, user)
const send = (user: TestUser, conversationId: number, text: string, imageUrls: Array<string> = []) =>
  ok<AssistantExchange>("POST", "/api/v2/assistant/send", { conversation_id: conversationId, text, image_urls: imageUrls }, user)
const messages = (user: TestUser, conversationId: number, query = "") =>
  ok<{ list: Array<AssistantMessage>; next_cursor?: string }>("GET", `/api/v2/assistant/messages?conversation_id=${conversationId}${query}`, undefined, user)
const draw = (user: TestUser, message: AssistantMessage) => ok<AssistantMessage>("POST", "/api/v2/assistant/draw", { message_id: message.id, points: message.drawing!.cost }, user)
const ledgerRows = (uid: number) => server.deps.db.select().from(beanLedger).where(eq(beanLedger.uid, uid))
const drawn = async (user: TestUser, message: AssistantMessage): Promise<TaskView> => {
  const confirmed = await draw(user, message)
  return waitFor(server, user.token, confirmed.drawing!.task!.id, finished, 20_000)
}

describe("assistant: conversations kept on the server", () => {
  it("creates, lists newest first, renames and deletes; another user's conversation reads as missing", async () => {
    const [user, other] = [await newUser(), await newUser()]
    const first = await create(user)
    const second = await create(user)
    expect(first).toMatchObject({ title: "新对话", last_text: "" })
    const list = await ok<{ list: Array<AssistantConversation> }>("GET", "/api/v2/assistant/conversation/list", undefined, user)
    expect(list.list.map((row) => row.id)).toEqual([second.id, first.id])
    expect(await ok("POST", "/api/v2/assistant/conversation/rename", { id: first.id, title: " 灯塔系列 " }, user)).toMatchObject({ id: first.id, title: "灯塔系列" })
    for (const [method, path, body] of [
      ["POST", "/api/v2/assistant/conversation/rename", { id: first.id, title: "偷改" }],
      ["POST", "/api/v2/assistant/conversation/delete", { id: first.id }],
      ["POST", "/api/v2/assistant/send", { conversation_id: first.id, text: "你好" }],
      ["GET", `/api/v2/assistant/messages?conversation_id=${first.id}`, undefined]
    ] as const) {
      expect(await server.request(method, path, body, other.token), path).toMatchObject({ code: 404, msg: "对话不存在或已删除" })
    }
    expect(await ok("POST", "/api/v2/assistant/conversation/delete", { id: first.id }, user)).toEqual({ id: first.id })
    expect(await server.request("GET", `/api/v2/assistant/messages?conversation_id=${first.id}`, undefined, user.token)).toMatchObject({ code: 404 })
    const after = await ok<{ list: Array<AssistantConversation> }>("GET", "/api/v2/assistant/conversation/list", undefined, user)
    expect(after.list.map((row) => row.id)).toEqual([second.id])
  })

  it("pages conversations and messages by keyset", async () => {
    const user = await newUser()
    const made = [await create(user), await create(user), await create(user)]
    const page1 = await ok<{ list: Array<AssistantConversation>; next_cursor?: string }>("GET", "/api/v2/assistant/conversation/list?size=2", undefined, user)
    const page2 = await ok<{ list: Array<AssistantConversation>; next_cursor?: string }>("GET", `/api/v2/assistant/conversation/list?size=2&cursor=${page1.next_cursor}`, undefined, user)
    expect([...page1.list, ...page2.list].map((row) => row.id)).toEqual(made.map((row) => row.id).reverse())
    expect(page2.next_cursor).toBeUndefined()
    const id = made[0]!.id
    await send(user, id, "你好")
    await send(user, id, "你能做什么？")
    const first = await messages(user, id, "&size=3")
    const rest = await messages(user, id, `&size=3&cursor=${first.next_cursor}`)
    expect([...first.list, ...rest.list].map((message) => message.text).reverse().filter((_, index) => index % 2 === 0)).toEqual(["你好", "你能做什么？"])
    expect(rest.next_cursor).toBeUndefined()
    expect(await server.request("GET", `/api/v2/assistant/messages?conversation_id=${id}&cursor=abc`, undefined, user.token)).toMatchObject({ code: 400, msg: "分页参数无效" })
  })
})

describe("assistant: talking costs nothing, a drawing is charged only once confirmed", () => {
  it("answers a plain question with text, says it is the 本地演示引擎, charges nothing, and names the conversation", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 50)
    const conversation = await create(user)
    const { question, answer } = await send(user, conversation.id, "你好，你是谁？")
    expect(question).toMatchObject({ role: "user", text: "你好，你是谁？", image_urls: [] })
    expect(answer).toMatchObject({ role: "assistant", engine: "本地演示引擎" })
    expect(answer.text).toContain("本地演示引擎")
    expect(answer.text).toContain("不是 AI 大模型")
    expect(answer.drawing).toBeUndefined()
    expect(await auditedBalance(server, user.uid)).toBe(50)
    expect((await ledgerRows(user.uid)).map((row) => row.kind)).toEqual(["test_grant"])
    const list = await ok<{ list: Array<AssistantConversation> }>("GET", "/api/v2/assistant/conversation/list", undefined, user)
    expect(list.list[0]).toMatchObject({ id: conversation.id, title: "你好，你是谁？" })
  })

  it("proposes a structured drawing with its cost, refuses a stale cost, draws an agent artwork once, then edits the last picture", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 50)
    const info = await ok<{ engine: string; offline: boolean; cost: number; draw_engine: string }>("GET", "/api/v2/assistant/info", undefined, user)
    expect(info).toMatchObject({ engine: "本地演示引擎", offline: true, draw_engine: "本地演示引擎" })
    const conversation = await create(user)
    const { answer } = await send(user, conversation.id, "帮我画一只在雪地里的橘猫，水彩风格，黄昏，特写")
    expect(answer.drawing).toMatchObject({
      structured: { subject: "雪地里的橘猫", style: "水彩", composition: "特写", lighting: "黄昏暖光" },
      cost: info.cost
    })
    expect(answer.drawing!.cost).toBeGreaterThan(0)
    expect(answer.drawing!.task).toBeUndefined()
    expect(await auditedBalance(server, user.uid)).toBe(50)

    expect(await server.request("POST", "/api/v2/assistant/draw", { message_id: answer.id, points: info.cost + 1 }, user.token)).toMatchObject({
      code: 409,
      msg: `消耗已变为 ${info.cost} 米豆，请重新确认`
    })
    expect(await auditedBalance(server, user.uid)).toBe(50)

    const task = await drawn(user, answer)
    expect(task).toMatchObject({ type: "agent", status: "succeeded", cost: info.cost, engine: "本地演示引擎", prompt: answer.drawing!.prompt })
    expect(task.images).toHaveLength(1)
    // a second confirm answers the same task: charged once
    expect((await draw(user, answer)).drawing!.task!.id).toBe(task.id)
    expect(await auditedBalance(server, user.uid)).toBe(50 - info.cost)

    const library = await ok<{ list: Array<Record<string, unknown>> }>("GET", "/api/v2/artwork/list?page=1&size=10", undefined, user)
    expect(library.list).toHaveLength(1)
    expect(library.list[0]).toMatchObject({ id: task.images[0]!.artwork_id, type: "agent" })

    const kept = await messages(user, conversation.id)
    expect(kept.list[0]!.drawing!.task).toMatchObject({ id: task.id, status: "succeeded", images: task.images })

    const edit = await send(user, conversation.id, "把背景换成夜空")
    expect(edit.answer.drawing).toMatchObject({ edit_of: task.images[0]!.url, structured: { style: "水彩", composition: "特写", lighting: "夜晚，冷色环境光" } })
    expect(edit.answer.drawing!.structured.subject).toBe("雪地里的橘猫；把背景换成夜空")
    expect(edit.answer.text).toContain("以上一张图为底图")
    const edited = await drawn(user, edit.answer)
    expect(edited).toMatchObject({ status: "succeeded", params: { type: "agent", image_urls: [task.images[0]!.url] } })
    expect(await auditedBalance(server, user.uid)).toBe(50 - 2 * info.cost)
  })

  it("edits an attached image of the caller's own, refuses someone else's", async () => {
    const [user, other] = [await newUser(), await newUser()]
    await grantBeans(server, user.uid, 50)
    const key = `u/${user.uid}/assistant/cat.png`
    await server.deps.objectStore.create(key, await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c86" } }).png().toBuffer())
    const url = `${server.deps.config.storageUrl}/uploads/${key}`
    const conversation = await create(user)
    const { question, answer } = await send(user, conversation.id, "把这张照片里的猫画成油画", [url])
    expect(question.image_urls).toEqual([url])
    expect(answer.drawing).toMatchObject({ edit_of: url, structured: { style: "油画" } })
    expect(answer.text).toContain("附上的图片")
    const task = await drawn(user, answer)
    expect(task).toMatchObject({ status: "succeeded", params: { image_urls: [url] } })

    const theirs = await create(other)
    expect(await server.request("POST", "/api/v2/assistant/send", { conversation_id: theirs.id, text: "改成油画", image_urls: [url] }, other.token)).toMatchObject({
      code: 400,
      msg: "图片地址无效，请使用自己上传或生成的图片"
    })
    expect(await server.request("POST", "/api/v2/assistant/draw", { message_id: answer.id, points: answer.drawing!.cost }, other.token)).toMatchObject({ code: 404 })
  })

  it("a short balance refuses the drawing with 米豆不足: nothing charged, no task on the message", async () => {
    const user = await newUser()
    const conversation = await create(user)
    const { answer } = await send(user, conversation.id, "画一座雪山下的小木屋")
    expect(answer.drawing).toMatchObject({ structured: { subject: "雪山下的小木屋", style: "数字插画" } })
    expect(await server.request("POST", "/api/v2/assistant/draw", { message_id: answer.id, points: answer.drawing!.cost }, user.token)).toMatchObject({
      code: 400,
      msg: "米豆不足，请先充值"
    })
    const kept = await messages(user, conversation.id)
    expect(kept.list[0]!.drawing!.task).toBeUndefined()
    expect(await auditedBalance(server, user.uid)).toBe(0)
    const question = kept.list[1]!
    expect(await server.request("POST", "/api/v2/assistant/draw", { message_id: question.id, points: 0 }, user.token)).toMatchObject({ code: 400, msg: "这条消息没有要绘制的图片" })
  })

  it("a cancelled drawing (refunded) is drawn again as a new task on the same message", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 50)
    const conversation = await create(user)
    const { answer } = await send(user, conversation.id, "画一片星空下的麦田")
    const first = (await draw(user, answer)).drawing!.task!
    expect(await server.request("POST", "/api/v2/task/cancel", { id: first.id }, user.token)).toMatchObject({ code: 0, data: { status: "cancelled" } })
    const again = (await draw(user, answer)).drawing!.task!
    expect(again.id).not.toBe(first.id)
    expect((await waitFor(server, user.token, again.id, finished, 20_000)).status).toBe("succeeded")
    expect((await messages(user, conversation.id)).list[0]!.drawing!.task!.id).toBe(again.id)
    expect(await auditedBalance(server, user.uid)).toBe(50 - answer.drawing!.cost)
  })

  it("refuses empty and oversize messages with Chinese messages", async () => {
    const user = await newUser()
    const conversation = await create(user)
    expect(await server.request("POST", "/api/v2/assistant/send", { conversation_id: conversation.id, text: "  " }, user.token)).toMatchObject({ code: 400, msg: "请输入内容" })
    expect(await server.request("POST", "/api/v2/assistant/send", { conversation_id: conversation.id, text: "画".repeat(2001) }, user.token)).toMatchObject({ code: 400, msg: "消息最多 2000 个字" })
    expect(await server.request("POST", "/api/v2/assistant/conversation/rename", { id: conversation.id, title: "" }, user.token)).toMatchObject({ code: 400, msg: "请输入对话名称" })
    expect(await server.request("GET", "/api/v2/assistant/conversation/list", undefined)).toMatchObject({ code: -401 })
  })
})
