import { act, fireEvent, render, screen } from "@testing-library/react"
import { MemoryRouter, useRoutes } from "react-router-dom"
import { describe, expect, it, vi } from "vitest"
import { lazyRoute, preloadRouteCode } from "./lazyRoute"

const Page = () => <p>作品详情</p>

const renderAt = (route: ReturnType<typeof lazyRoute>) => {
  function Routes() {
    return useRoutes([{ path: "/page", ...route }])
  }
  return render(
    <MemoryRouter initialEntries={["/page"]}>
      <Routes />
    </MemoryRouter>
  )
}

describe("lazyRoute", () => {
  it("shows the route fallback while the page's code arrives, then the page", async () => {
    let arrive: (page: typeof Page) => void = () => undefined
    const load = vi.fn(() => new Promise<typeof Page>((resolve) => (arrive = resolve)))
    renderAt(lazyRoute("/page-a", load))
    expect(screen.getByRole("status", { name: "加载中" })).toBeTruthy()
    expect(screen.queryByText("作品详情")).toBeNull()

    await act(async () => arrive(Page))
    expect(await screen.findByText("作品详情")).toBeTruthy()
    expect(screen.queryByRole("status", { name: "加载中" })).toBeNull()
  })

  it("renders code preloaded while the app started at once, without fetching it again", async () => {
    const load = vi.fn(async () => Page)
    const route = lazyRoute("/page-b", load)
    preloadRouteCode("/page-b")
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1))
    await Promise.resolve()
    renderAt(route)
    expect(screen.getByText("作品详情")).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it("shows 页面加载失败 with 重试 when the code cannot be fetched, and 重试 fetches it again", async () => {
    const load = vi.fn<() => Promise<typeof Page>>().mockRejectedValueOnce(new Error("chunk gone")).mockResolvedValue(Page)
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined)
    renderAt(lazyRoute("/page-c", load))
    expect(await screen.findByText("页面加载失败，请检查网络后重试")).toBeTruthy()

    fireEvent.click(screen.getByRole("button", { name: "重试" }))
    expect(await screen.findByText("作品详情")).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(2)
    quiet.mockRestore()
  })
})
