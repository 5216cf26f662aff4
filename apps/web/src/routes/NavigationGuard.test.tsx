import { screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { makeWorld, renderApp, type World } from "../test/world"
import { rawRef } from "./NavigationGuard"

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
