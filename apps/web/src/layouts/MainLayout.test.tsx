import { helpContactHref, helpLink } from "@mido/core/navigation"
import { screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { fixedViewport, makeWorld, renderApp, type World } from "../test/world"

let world: World | undefined
afterEach(async () => {
  await world?.runtime.dispose()
  world = undefined
})

const layoutAt = async (width: number) => {
  world = makeWorld({ host: { viewport: fixedViewport(width) } })
  const view = renderApp(world, "/list")
  await screen.findByRole("region", { name: "灵感广场" })
  return view.container.querySelector("[data-sidebar]") as HTMLElement
}

describe("MainLayout sidebar (spec §2, LY1–LY2)", () => {
  it("is collapsed at 1440 px: no sidebar, content margin 18 px", async () => {
    const layout = await layoutAt(1440)
    expect(layout.dataset.sidebar).toBe("collapsed")
    expect(screen.queryByRole("complementary", { name: "侧边栏" })).toBeNull()
    expect(screen.getByTestId("main-content").style.marginLeft).toBe("18px")
  })

  it("is expanded at 1441 px with its groups, tags and footer; content margin 258 px", async () => {
    const layout = await layoutAt(1441)
    expect(layout.dataset.sidebar).toBe("expanded")
    const sidebar = screen.getByRole("complementary", { name: "侧边栏" })
    for (const text of ["AI创作", "AI助手", "个人", "MJ模型", "4o绘图", "现金奖励", "帮助中心", "浙ICP备2026000000号-1"]) {
      expect(sidebar.textContent).toContain(text)
    }
    expect(screen.getByTestId("main-content").style.marginLeft).toBe("258px")
    await waitFor(() => expect(screen.getByRole("button", { name: "登录/注册" })).toBeTruthy())
  })

  it("links the footer's help centre, official account and about us to the help pages (spec §3)", async () => {
    await layoutAt(1441)
    const footer = screen.getByRole("complementary", { name: "侧边栏" }).querySelector("footer") as HTMLElement
    const hrefOf = (name: string) => within(footer).getByRole("link", { name }).getAttribute("href")
    expect(hrefOf("帮助中心")).toBe(helpLink("help").path)
    expect(hrefOf("官方公众号")).toBe(helpContactHref())
    expect(hrefOf("关于我们")).toBe(helpLink("about").path)
  })

  it("links every page of the main layout's list in spec §2, each once", async () => {
    await layoutAt(1441)
    const sidebar = screen.getByRole("complementary", { name: "侧边栏" })
    const targets = [...sidebar.querySelectorAll("nav a")].map((link) => link.getAttribute("href"))
    for (const path of ["/list", "/community", "/aigc", "/webui", "/tools-panel", "/intelligent", "/property", "/personal", "/invite-info"]) {
      expect(targets.filter((target) => target === path)).toHaveLength(1)
    }
  })
})
