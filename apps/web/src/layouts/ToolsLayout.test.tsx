import { envelope } from "@mido/core/testing"
import { CoreProvider } from "@mido/react"
import { fireEvent, render, screen, waitFor } from "@testing-library/react"
import { StrictMode } from "react"
import { afterEach, describe, expect, it } from "vitest"
import { makeWorld, memoryRouter, TOKEN, user, type World } from "../test/world"
import { ToolsLayout } from "./ToolsLayout"

let world: World | undefined
afterEach(async () => {
  await world?.runtime.dispose()
  world = undefined
})

const tools = [
  { key: "hd-repair", name: "高清修复", description: "放大并修复细节", cover: "", path: "/tools/hd-repair" },
  { key: "discount", name: "智能抠图", description: "一键去除背景", cover: "", path: "/tools/discount" }
]

/** The tools layout alone on /tools/hd-repair (the app's guard sends visitors to /login before it). */
const renderTools = (answers: Parameters<typeof makeWorld>[0] = {}) => {
  world = makeWorld({ answers: { "/api/v1/open/config/tools/list": () => envelope(0, { list: tools }), ...answers.answers } })
  const { router, element } = memoryRouter("/tools/hd-repair", <ToolsLayout />)
  render(
    <StrictMode>
      <CoreProvider store={world.store}>{element}</CoreProvider>
    </StrictMode>
  )
  return router
}

const openSwitcher = async () => {
  fireEvent.click(await screen.findByRole("button", { name: /高清修复/ }, { timeout: 15_000 }))
  return screen.findByRole("list", { name: "AI工具" }, { timeout: 15_000 })
}

describe("the tools bar (spec §2)", () => {
  it("has the way back to /tools-panel and the asset library link", async () => {
    renderTools()
    expect((await screen.findByRole("link", { name: /返回工具箱/ })).getAttribute("href")).toBe("/tools-panel")
    expect(screen.getByRole("link", { name: /资产库/ }).getAttribute("href")).toBe("/property")
  })

  it("the switcher lists the tools from config; a visitor clicking one gets the login prompt, not the tool", async () => {
    const router = renderTools()
    const list = await openSwitcher()
    expect([...list.querySelectorAll("li")].map((item) => item.textContent)).toEqual(["高清修复放大并修复细节", "智能抠图一键去除背景"])
    fireEvent.click(screen.getByRole("button", { name: /智能抠图/ }))
    expect(await screen.findByRole("dialog", { name: "请先登录" }, { timeout: 15_000 })).toBeTruthy()
    expect(router.state.location.pathname).toBe("/tools/hd-repair")
    fireEvent.click(screen.getByRole("button", { name: "去登录" }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"))
    expect(router.state.location.search).toBe("?ref=%2Ftools%2Fdiscount")
  })

  it("a logged-in user clicking a tool goes to it", async () => {
    const router = renderTools({
      answers: {
        "/api/v1/open/base/login": () => envelope(0, { token: TOKEN, is_register: false }),
        "/api/v1/user/info": () => envelope(0, user),
        "/api/v1/user/points": () => envelope(0, { balance: 0, today_consumed: 0 }),
        "/api/v1/user/message/unread_count": () => envelope(0, { total: 0, system: 0, like: 0, follow: 0, mention: 0 })
      }
    })
    await world?.store.session.loginWithCode("13800000000", "123456")
    await openSwitcher()
    fireEvent.click(screen.getByRole("button", { name: /智能抠图/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/tools/discount"))
    expect(screen.queryByRole("dialog", { name: "请先登录" })).toBeNull()
  })
})
