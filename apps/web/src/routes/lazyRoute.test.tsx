import { render, screen } from "@testing-library/react"
import { createMemoryRouter, RouterProvider } from "react-router-dom"
import { describe, expect, it, vi } from "vitest"
import { lazyRoute } from "./lazyRoute"

const Page = () => <p>作品详情</p>

const routerAt = (route: ReturnType<typeof lazyRoute>) => createMemoryRouter([{ path: "/page", ...route }], { initialEntries: ["/page"] })

describe("lazyRoute", () => {
  it("shows the route fallback while the page's code arrives, then the page", async () => {
    let arrive: (page: typeof Page) => void = () => undefined
    const load = vi.fn(() => new Promise<typeof Page>((resolve) => (arrive = resolve)))
    render(<RouterProvider router={routerAt(lazyRoute("/page-a", load))} />)
    expect(screen.getByRole("status", { name: "加载中" })).toBeTruthy()
    expect(screen.queryByText("作品详情")).toBeNull()

    arrive(Page)
    expect(await screen.findByText("作品详情")).toBeTruthy()
    expect(screen.queryByRole("status", { name: "加载中" })).toBeNull()
  })

  it("renders code that arrived before the router was made at once, without fetching it again", async () => {
    const load = vi.fn(async () => Page)
    const early = lazyRoute("/page-b", load)
    await early.lazy?.() // what preloadRoute does while the app starts
    render(<RouterProvider router={routerAt(lazyRoute("/page-b", load))} />)
    expect(screen.getByText("作品详情")).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(1)
  })
})
