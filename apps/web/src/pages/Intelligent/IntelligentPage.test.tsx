import { CoreProvider } from "@mido/react"
import { envelope } from "@mido/core/testing"
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { makeWorld, memoryRouter, TOKEN, user, type World } from "../../test/world"
import { IntelligentPage } from "./IntelligentPage"

let world: World | undefined
afterEach(async () => {
  await world?.runtime.dispose()
  world = undefined
})

const question = { id: 10, conversation_id: 7, role: "user", text: "画一只橘猫", image_urls: [], created_at: "2026-11-25 20:10:00" }
const proposal = {
  id: 11, conversation_id: 7, role: "assistant", text: "我是本地演示引擎：按规则把你的描述整理成绘画提示词，不是 AI 大模型。", image_urls: [], engine: "本地演示引擎",
  created_at: "2026-11-25 20:10:00", drawing: { prompt: "橘猫", structured: { subject: "橘猫", style: "水彩", composition: "特写", lighting: "黄昏暖光" }, cost: 8 }
}

const open = async () => {
  world = makeWorld({
    answers: {
      "/api/v1/user/info": () => envelope(0, user),
      "/api/v1/user/points": () => envelope(0, { balance: 100, today_consumed: 0 }),
      "/api/v1/user/message/unread_count": () => envelope(0, { total: 0, system: 0, like: 0, follow: 0, mention: 0 }),
      "/api/v2/assistant/info": () => envelope(0, { engine: "本地演示引擎", offline: true, draw_engine: "本地演示引擎", cost: 8 }),
      "/api/v2/assistant/conversation/list": () => envelope(0, { list: [{ id: 7, title: "橘猫", last_text: "", created_at: "2026-11-25 20:10:00", updated_at: "2026-11-25 20:10:00" }] }),
      "/api/v2/assistant/messages": () => envelope(0, { list: [proposal, question] }),
      "/api/v2/assistant/send": () => envelope(0, { question: { ...question, id: 12, text: "你好" }, answer: { ...proposal, id: 13, text: "你好，我是本地演示引擎", drawing: undefined } })
    }
  })
  // logged in (the token of the address, R8); the page's store is made first, as a second visit finds it
  await world.store.session.acceptUrlToken(`?token=${TOKEN}`)
  await world.store.assistantStore()
  await act(async () => {
    render(<CoreProvider store={world!.store}>{memoryRouter("/intelligent", <IntelligentPage />).element}</CoreProvider>)
  })
  return world
}

describe("IntelligentPage", () => {
  it("shows who answers, the conversation, the structured prompt and the cost before anything is drawn", async () => {
    await open()
    expect(await screen.findByText("规则整理提示词，不是 AI 大模型")).toBeTruthy()
    expect(await screen.findByTestId("prompt-subject")).toHaveProperty("textContent", "橘猫")
    expect(screen.getByTestId("prompt-style").textContent).toBe("水彩")
    expect(screen.getByTestId("confirm-drawing").textContent).toContain("开始绘制 · 消耗 8 米豆")
    expect(screen.getAllByTestId("conversation-item")[0]?.textContent).toContain("橘猫")
  })

  it("Enter sends the draft, Shift+Enter does not", async () => {
    const { calls } = await open()
    const input = await screen.findByTestId("chat-input")
    await screen.findByTestId("prompt-subject")
    fireEvent.change(input, { target: { value: "你好" } })
    fireEvent.keyDown(input, { key: "Enter", shiftKey: true })
    expect(calls("/api/v2/assistant/send")).toHaveLength(0)
    fireEvent.keyDown(input, { key: "Enter" })
    await waitFor(() => expect(calls("/api/v2/assistant/send")).toHaveLength(1))
    expect(await screen.findByText("你好，我是本地演示引擎")).toBeTruthy()
    expect((input as HTMLTextAreaElement).value).toBe("")
  })
})
