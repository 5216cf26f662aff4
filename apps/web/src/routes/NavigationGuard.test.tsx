import { StorageKeys } from "@mido/core"
import { envelope } from "@mido/core/testing"
import { CoreProvider } from "@mido/react"
import { act, render, screen, waitFor } from "@testing-library/react"
import { StrictMode } from "react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { makeWorld, memoryRouter, renderApp, type World } from "../test/world"
import { rawRef } from "./NavigationGuard"
import { AppRoutes } from "./routeObjects"

let world: World | undefined
afterEach(async () => {
  await world?.runtime.dispose()
  world = undefined
})

describe("NavigationGuard (spec §2, NV4–NV5)", () => {
  it("sends / to /list, inside the main layout, with the page title", async () => {
    world = makeWorld()
    const { router } = renderApp(world, "/")
    await waitFor(() => expect(router.state.location.pathname).toBe("/list"))
    expect(await screen.findByText("灵感广场 · 建设中")).toBeTruthy()
    expect(screen.getByRole("navigation", { name: "主导航" })).toBeTruthy()
    await waitFor(() => expect(document.title).toBe("灵感广场 - 米豆AI"))
  })

  it("sends a visitor on a login-required page to /login?ref=%2Fproperty", async () => {
    world = makeWorld()
    const { router } = renderApp(world, "/property")
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"))
    expect(router.state.location.search).toBe("?ref=%2Fproperty")
    expect(await screen.findByRole("heading", { name: "欢迎登录米豆AI" })).toBeTruthy()
  })

  it("sends an unknown path to / and on to /list", async () => {
    world = makeWorld()
    const { router } = renderApp(world, "/no-such-page")
    await waitFor(() => expect(router.state.location.pathname).toBe("/list"))
  })

  it("reads the raw ref value", () => {
    expect(rawRef("?a=1&ref=%2Fproperty")).toBe("%2Fproperty")
    expect(rawRef("?a=1")).toBeNull()
  })
})

describe("NavigationGuard on a phone (spec §2, NV6–NV7, CF4)", () => {
  const renderPhone = (path: string, config: ReadonlyArray<{ key: string; value: ReadonlyArray<string> }>) => {
    world = makeWorld({ answers: { "/api/v1/open/config/app_config": () => envelope(0, { list: config }) } })
    const leave = vi.fn()
    const { router, element } = memoryRouter(path, <AppRoutes mobile={true} leave={leave} />)
    render(
      <StrictMode>
        <CoreProvider store={world.store}>
          {element}
        </CoreProvider>
      </StrictMode>
    )
    return { router, leave }
  }

  afterEach(() => localStorage.clear())

  it("sends a first visit to /invited to the mobile site named by the config, same path and query", async () => {
    const { router, leave } = renderPhone("/invited?code=MD8K2Q", [{ key: "config.mobile.site", value: ["https://m.mido.example/"] }])
    await waitFor(() => expect(leave).toHaveBeenCalledWith("https://m.mido.example/invited?code=MD8K2Q"))
    expect(leave).toHaveBeenCalledTimes(1)
    expect(router.state.location.pathname).toBe("/invited")
  })

  it("without a mobile site in the config, a mobile-site page waits for the config, then shows the guide", async () => {
    const { router, leave } = renderPhone("/invited?code=MD8K2Q", [])
    await waitFor(() => expect(router.state.location.pathname).toBe("/mobile-guide"))
    expect(leave).not.toHaveBeenCalled()
  })

  it("/list?source=H5 remembers the H5 flag under the core's storage key", async () => {
    const { router } = renderPhone("/list?source=H5", [])
    expect(await screen.findByText("灵感广场 · 建设中", undefined, { timeout: 15_000 })).toBeTruthy()
    expect(localStorage.getItem(StorageKeys.h5Flag)).toBe("true")
    await act(() => router.navigate("/aigc"))
    expect(await screen.findByText("AI绘画 · 建设中", undefined, { timeout: 15_000 })).toBeTruthy()
  })
})
