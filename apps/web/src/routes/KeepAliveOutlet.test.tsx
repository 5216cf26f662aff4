import { envelope } from "@mido/core/testing"
import { CoreProvider } from "@mido/react"
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react"
import { type ComponentType, StrictMode, useState } from "react"
import { Outlet, type RouteObject, useLocation, useRoutes } from "react-router-dom"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { makeWorld, memoryRouter, renderApp, TOKEN, user, type World } from "../test/world"
import { MainLandmark } from "../components/layout/MainLandmark"
import { KeepAliveOutlet } from "./KeepAliveOutlet"
import { lazyRoute } from "./lazyRoute"

let world: World | undefined
afterEach(async () => {
  await world?.runtime.dispose()
  world = undefined
})

/** A page with state a user would lose on a remount: a counter, and the address it believes it is at. */
function CounterPage({ name }: { readonly name: string }) {
  const [count, setCount] = useState(0)
  const location = useLocation()
  return (
    <section aria-label={name} data-page={name}>
      <p>{`${name}：${count}`}</p>
      <p>{`地址：${location.pathname}`}</p>
      <button type="button" onClick={() => setCount((value) => value + 1)}>{`${name} +1`}</button>
    </section>
  )
}

/** Each page its own component, as real pages are (React would reuse one type's state across routes). */
const pageOf = (name: string) =>
  function Page() {
    return <CounterPage name={name} />
  }
const [List, Community, Aigc, ToolsPanel, Personal, Circle, WebUI] = ["灵感广场", "社区", "AI绘画", "AI工具箱", "个人中心", "圈子", "在线SD绘画"].map(pageOf)

/** Real route paths (the core's table decides which are kept: NV12), one of them lazy. */
const testRoutes: Array<RouteObject> = [
  {
    element: <KeepAliveOutlet />,
    children: [
      {
        element: (
          <MainLandmark>
            <Outlet />
          </MainLandmark>
        ),
        children: [
          { path: "/list", Component: List },
          { path: "/community", ...lazyRoute("/community", async () => Community as ComponentType) },
          { path: "/aigc", Component: Aigc },
          { path: "/tools-panel", Component: ToolsPanel },
          { path: "/personal/:id?", Component: Personal },
          { path: "/community/circle", Component: Circle },
          { path: "/webui", Component: WebUI }
        ]
      }
    ]
  }
]

function TestRoutes() {
  return useRoutes(testRoutes)
}

const renderOutlet = (path: string, answers: Parameters<typeof makeWorld>[0] = {}) => {
  world = makeWorld(answers)
  const { router, element } = memoryRouter(path, <TestRoutes />)
  const view = render(
    <StrictMode>
      <CoreProvider store={world.store}>
        {element}
      </CoreProvider>
    </StrictMode>
  )
  const go = async (to: string) => {
    await act(() => router.navigate(to))
  }
  return { router, go, ...view }
}

/** Clicks a page's +1 button `times` times (only a page on screen has an accessible button). */
const bump = async (name: string, times = 1) => {
  const button = await screen.findByRole("button", { name: `${name} +1` })
  for (let i = 0; i < times; i++) fireEvent.click(button)
}

/** The text a page shows on screen; hidden pages are not accessible, so this finds only the shown one. */
const shownCount = async (name: string) => (await screen.findByRole("region", { name })).querySelector("p")?.textContent

const mountedPages = (container: HTMLElement) => [...container.querySelectorAll("[data-page]")].map((page) => page.getAttribute("data-page"))

describe("KeepAliveOutlet: the view cache (spec §2, §9; NV12)", () => {
  let scrollY = 0
  beforeEach(() => {
    scrollY = 0
    vi.spyOn(window, "scrollY", "get").mockImplementation(() => scrollY)
    vi.spyOn(window, "scrollTo").mockImplementation(((_x: number, y: number) => {
      scrollY = y
    }) as typeof window.scrollTo)
  })

  const userScrolls = (y: number) => {
    scrollY = y
    window.dispatchEvent(new Event("scroll"))
  }

  it("keeps home's state when the user leaves and comes back, including through a lazy page", async () => {
    const { go } = renderOutlet("/list")
    await bump("灵感广场", 3)
    await go("/community")
    await bump("社区", 2)
    expect(screen.queryByRole("region", { name: "灵感广场" })).toBeNull()
    await go("/list")
    expect(await shownCount("灵感广场")).toBe("灵感广场：3")
    await go("/community")
    expect(await shownCount("社区")).toBe("社区：2")
  })

  it("exposes one main landmark: a hidden kept page's layout drops the role", async () => {
    const { go, container } = renderOutlet("/list")
    await screen.findByRole("region", { name: "灵感广场" })
    for (const path of ["/community", "/aigc", "/list", "/community"]) {
      await go(path)
      await waitFor(() => expect(container.querySelectorAll("main, [role=main]")).toHaveLength(1))
    }
    expect(mountedPages(container)).toHaveLength(3)
    expect(within(screen.getByRole("main")).getByRole("region", { name: "社区" })).toBeTruthy()
  })

  it("a hidden page keeps the address it was left at; the shown one follows the router", async () => {
    const { go, container } = renderOutlet("/list")
    await screen.findByRole("region", { name: "灵感广场" })
    await go("/community?tab=hot")
    await screen.findByRole("region", { name: "社区" })
    const home = container.querySelector("[data-page='灵感广场']")
    expect(home?.textContent).toContain("地址：/list")
    expect(screen.getByRole("region", { name: "社区" }).textContent).toContain("地址：/community")
  })

  it("restores the window's scroll position of a kept page; other pages start at the top", async () => {
    const { go } = renderOutlet("/list")
    await screen.findByRole("region", { name: "灵感广场" })
    userScrolls(1200)
    await go("/webui")
    await screen.findByRole("region", { name: "在线SD绘画" })
    expect(scrollY).toBe(0)
    userScrolls(500)
    await go("/community")
    await screen.findByRole("region", { name: "社区" })
    expect(scrollY).toBe(0)
    userScrolls(300)
    await go("/list")
    await screen.findByRole("region", { name: "灵感广场" })
    expect(scrollY).toBe(1200)
    await go("/community")
    await screen.findByRole("region", { name: "社区" })
    expect(scrollY).toBe(300)
    await go("/webui")
    await screen.findByRole("region", { name: "在线SD绘画" })
    expect(scrollY).toBe(0)
  })

  it("holds at most 5 pages: the 6th drops the least recently shown, which then starts afresh", async () => {
    const { go, container } = renderOutlet("/list")
    const pages = [
      ["/list", "灵感广场"],
      ["/community", "社区"],
      ["/aigc", "AI绘画"],
      ["/tools-panel", "AI工具箱"],
      ["/personal/7", "个人中心"],
      ["/community/circle", "圈子"]
    ] as const
    for (const [path, name] of pages) {
      await go(path)
      await bump(name)
      userScrolls(100)
    }
    expect(mountedPages(container)).toHaveLength(5)
    expect(mountedPages(container)).not.toContain("灵感广场")
    await go("/aigc")
    expect(await shownCount("AI绘画")).toBe("AI绘画：1")
    expect(scrollY).toBe(100)
    await go("/list")
    expect(await shownCount("灵感广场")).toBe("灵感广场：0")
    expect(scrollY).toBe(0)
    // showing home again made /community the least recently shown one: it went
    expect(mountedPages(container)).not.toContain("社区")
    expect(mountedPages(container)).toHaveLength(5)
  })

  it("keeps each user page apart: /personal/1 and /personal/2 are two pages", async () => {
    const { go } = renderOutlet("/personal/1")
    await bump("个人中心", 4)
    await go("/personal/2")
    expect(await shownCount("个人中心")).toBe("个人中心：0")
    await go("/personal/1")
    expect(await shownCount("个人中心")).toBe("个人中心：4")
  })

  it("a page that is not kept is mounted afresh on every visit", async () => {
    const { go, container } = renderOutlet("/webui")
    await bump("在线SD绘画", 2)
    await go("/list")
    await screen.findByRole("region", { name: "灵感广场" })
    expect(mountedPages(container)).toEqual(["灵感广场"])
    await go("/webui")
    expect(await shownCount("在线SD绘画")).toBe("在线SD绘画：0")
  })

  it("drops the kept pages when another user logs in (R9: no previous user's data stays)", async () => {
    const { go, container } = renderOutlet("/list", {
      answers: {
        "/api/v1/open/base/login": () => envelope(0, { token: TOKEN, is_register: false }),
        "/api/v1/user/info": () => envelope(0, user),
        "/api/v1/user/points": () => envelope(0, { balance: 0, today_consumed: 0 }),
        "/api/v1/user/message/unread_count": () => envelope(0, { total: 0, system: 0, like: 0, follow: 0, mention: 0 })
      }
    })
    await bump("灵感广场", 2)
    await go("/community")
    await screen.findByRole("region", { name: "社区" })
    expect(mountedPages(container)).toEqual(["灵感广场", "社区"])
    await act(async () => {
      await world?.store.session.loginWithCode("13800000000", "123456")
    })
    await waitFor(() => expect(mountedPages(container)).toEqual(["社区"]))
    await go("/list")
    expect(await shownCount("灵感广场")).toBe("灵感广场：0")
  })
})

describe("the view cache in the app (guard and layouts)", () => {
  it("home stays mounted, with its layout, across a page of another layout and a redirect", async () => {
    world = makeWorld()
    const { router } = renderApp(world, "/list")
    const home = await screen.findByRole("region", { name: "灵感广场" }, { timeout: 15_000 })
    await act(() => router.navigate("/article-detail/9"))
    expect(await screen.findByText("返回社区", undefined, { timeout: 15_000 })).toBeTruthy()
    // a visitor on a login-required page is redirected: the kept page survives that too
    await act(() => router.navigate("/property"))
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"))
    await act(() => router.navigate("/list"))
    await waitFor(() => expect(screen.getByRole("region", { name: "灵感广场" })).toBe(home))
    expect(screen.getAllByRole("navigation", { name: "主导航" })).toHaveLength(1)
  })
})
