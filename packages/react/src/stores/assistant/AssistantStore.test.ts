import { envelope, makeMemoryServerEvents, taskEvents } from "@mido/core/testing"
import { afterEach, describe, expect, it, vi } from "vitest"
import { startupAnswers } from "../../../test/fixtures.js"
import { type Answers, loggedIn, makeWorld, type World } from "../../../test/world.js"

const TASK = "3c9e1a7b-2d4f-4b6a-8e0c-1f2a3b4c5d6e"
const conversation = (id: number, title = "新对话") => ({ id, title, last_text: "", created_at: "2026-11-25 20:10:00", updated_at: "2026-11-25 20:10:00" })
const structured = { subject: "橘猫", style: "水彩", composition: "特写", lighting: "黄昏暖光" }
const message = (id: number, role: "user" | "assistant", text: string, over: Record<string, unknown> = {}) => ({
  id, conversation_id: 7, role, text, image_urls: [], created_at: "2026-11-25 20:10:00", ...over
})
const drawing = { prompt: "橘猫, 水彩", structured, cost: 8 }
const proposal = { ...message(12, "assistant", "我是本地演示引擎…"), engine: "本地演示引擎", drawing }
const task = (status: string, over: Record<string, unknown> = {}) => ({
  id: TASK, type: "agent", status, progress: status === "succeeded" ? 100 : 0, images: [], num: 1, cost: 8, refunded: 0, prompt: "橘猫, 水彩", engine: "本地演示引擎",
  params: { type: "agent", prompt: "橘猫, 水彩", image_urls: [], num: 1, size: "1024x1024" }, created_at: "2026-11-25 20:11:00", ...over
})
const done = task("succeeded", { images: [{ artwork_id: 31, url: "https://oss.test/1.png", width: 1024, height: 1024 }] })

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const open = (extra: Answers = {}, balance = 100) => {
  const sse = makeMemoryServerEvents(() => taskEvents(task("running"), done))
  world = makeWorld({
    stored: loggedIn(),
    host: { serverEvents: sse.events },
    answers: {
      ...startupAnswers,
      "/api/v1/user/points": () => envelope(0, { balance, today_consumed: 0 }),
      "/api/v2/assistant/info": () => envelope(0, { engine: "本地演示引擎", offline: true, draw_engine: "本地演示引擎", cost: 8 }),
      "/api/v2/assistant/conversation/list": () => envelope(0, { list: [conversation(7, "橘猫")] }),
      "/api/v2/assistant/messages": () => envelope(0, { list: [message(11, "assistant", "你好"), message(10, "user", "你好")], next_cursor: "10" }),
      ...extra
    }
  })
  return world
}

describe("AssistantStore: conversations, the thread, send, and a drawing confirmed at its cost", () => {
  it("opens the latest conversation and shows its messages oldest first; older pages come from the cursor", async () => {
    const { store, boot, calls } = open()
    await boot()
    const assistant = await store.assistantStore()
    await assistant.open()
    expect(assistant.info?.engine).toBe("本地演示引擎")
    expect(assistant.activeId).toBe(7)
    expect(assistant.thread.map((item) => item.id)).toEqual([10, 11])
    expect(calls("/api/v2/assistant/messages")[0]?.query).toEqual({ conversation_id: "7", size: "30" })
    await assistant.history.loadMore()
    expect(calls("/api/v2/assistant/messages")[1]?.query).toEqual({ conversation_id: "7", size: "30", cursor: "10" })
  })

  it("SD12 继续创作: a new conversation with the prompt in the box; the latest is not opened and nothing is made until it is sent", async () => {
    const { store, boot, calls } = open({
      "/api/v2/assistant/conversation/create": () => envelope(0, conversation(8)),
      "/api/v2/assistant/send": () => envelope(0, { question: message(13, "user", "樱花树下看书的橘猫"), answer: proposal })
    })
    await boot()
    const assistant = await store.assistantStore()
    assistant.startWith("樱花树下看书的橘猫")
    await assistant.open()
    expect([assistant.activeId, assistant.draft, assistant.thread]).toEqual([null, "樱花树下看书的橘猫", []])
    expect(calls("/api/v2/assistant/messages")).toHaveLength(0)
    expect(calls("/api/v2/assistant/conversation/create")).toHaveLength(0)
    await assistant.send()
    expect(calls("/api/v2/assistant/conversation/create")).toHaveLength(1)
    expect(calls("/api/v2/assistant/send")[0]?.body).toMatchObject({ value: { conversation_id: 8, text: "樱花树下看书的橘猫" } })
  })

  it("sends the draft with its attachments, appends the exchange and clears the draft; charges nothing", async () => {
    const { store, boot, calls } = open({
      "/api/v2/assistant/send": () => envelope(0, { question: message(13, "user", "画一只橘猫"), answer: proposal })
    })
    await boot()
    const assistant = await store.assistantStore()
    await assistant.open()
    assistant.editImage("https://oss.test/u/1/a.png")
    assistant.setDraft("画一只橘猫")
    await assistant.send()
    expect(calls("/api/v2/assistant/send")[0]?.body).toEqual({ kind: "json", value: { conversation_id: 7, text: "画一只橘猫", image_urls: ["https://oss.test/u/1/a.png"] } })
    expect(assistant.thread.map((item) => item.id)).toEqual([10, 11, 13, 12])
    expect(assistant.draft).toBe("")
    expect(assistant.attachments).toEqual([])
    expect(calls("/api/v2/assistant/draw")).toHaveLength(0)
  })

  it("confirms a drawing with the cost shown, then follows its task to the images", async () => {
    const { store, boot, calls } = open({
      "/api/v2/assistant/messages": () => envelope(0, { list: [proposal] }),
      "/api/v2/assistant/draw": () => envelope(0, { ...proposal, drawing: { ...proposal.drawing, task: task("queued", { position: 1 }) } })
    })
    await boot()
    const assistant = await store.assistantStore()
    await assistant.open()
    await assistant.draw(assistant.thread[0]!)
    expect(calls("/api/v2/assistant/draw")[0]?.body).toEqual({ kind: "json", value: { message_id: 12, points: 8 } })
    await vi.waitFor(() => expect(assistant.taskOf(assistant.thread[0]!)?.status).toBe("succeeded"))
    expect(assistant.taskOf(assistant.thread[0]!)?.images).toHaveLength(1)
  })

  it("refuses a drawing the known balance cannot pay, with a clear toast and nothing sent", async () => {
    const { store, boot, calls, toasts } = open({ "/api/v2/assistant/messages": () => envelope(0, { list: [proposal] }) }, 3)
    await boot()
    await store.wallet.refreshBalance()
    const assistant = await store.assistantStore()
    await assistant.open()
    await assistant.draw(assistant.thread[0]!)
    expect(calls("/api/v2/assistant/draw")).toHaveLength(0)
    expect(toasts()).toContain("error:米豆不足：本次需要 8 米豆，当前余额 3 米豆，请先充值")
  })

  it("a logout empties it", async () => {
    const { store, boot } = open()
    await boot()
    const assistant = await store.assistantStore()
    await assistant.open()
    assistant.setDraft("草稿")
    assistant.reset()
    expect([assistant.activeId, assistant.draft, assistant.thread.length, assistant.conversations.items.length]).toEqual([null, "", 0, 0])
  })
})
