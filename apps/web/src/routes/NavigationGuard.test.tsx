import { analyticsUserId } from "@mido/core/analytics"
import { envelope } from "@mido/core/testing"
import { CoreProvider } from "@mido/react"
import { act, render, screen, waitFor } from "@testing-library/react"
import { StrictMode } from "react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { makeWorld, memoryRouter, renderApp, TOKEN, user, type World } from "../test/world"
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
    expect(await screen.findByRole("region", { name: "灵感广场" })).toBeTruthy()
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

  it("keeps the code of an invite link (/invited?code=) for the login that registers the visitor", async () => {
    world = makeWorld({
      answers: { "/api/v1/open/invite/inviter": () => envelope(0, { invite_code: "MD8K2Q", nickname: "星河画师", avatar: "", discount: null }) }
    })
    renderApp(world, "/invited?code=MD8K2Q")
    expect(await screen.findByText("星河画师", undefined, { timeout: 15_000 })).toBeTruthy()
    await waitFor(() => expect(world?.store.session.inviteCode).toBe("MD8K2Q"))
  })

  it("pushes each page view to the data layer, the user id hashed once logged in (NV11)", async () => {
    world = makeWorld({
      answers: {
        "/api/v1/open/base/login": () => envelope(0, { token: TOKEN, is_register: false }),
        "/api/v1/user/info": () => envelope(0, user)
      }
    })
    const { router } = renderApp(world, "/list")
    await waitFor(() => expect(world?.analytics.events).toContainEqual(expect.objectContaining({ event: "page_view", page_path: "/list" })))
    await act(async () => {
      await world?.store.session.loginWithCode("13800000000", "123456")
    })
    await act(() => router.navigate("/aigc"))
    await waitFor(() =>
      expect(world?.analytics.events).toContainEqual({ event: "page_view", page_path: "/aigc", user_id: analyticsUserId(user.uid) })
    )
    expect(JSON.stringify(world.analytics.events)).not.toContain(`"${user.uid}"`)
  })

  it("a -401 answer sends the user to /login?ref= the page they were on, without an error toast (R9)", async () => {
    let expired = false
    world = makeWorld({
      answers: {
        "/api/v1/open/base/login": () => envelope(0, { token: TOKEN, is_register: false }),
        "/api/v1/user/info": () => (expired ? envelope(-401, null, "请先登录") : envelope(0, user)),
        "/api/v1/user/points": () => envelope(0, { balance: 0, today_consumed: 0 }),
        "/api/v1/user/message/unread_count": () => envelope(0, { total: 0, system: 0, like: 0, follow: 0, mention: 0 })
      }
    })
    const { router } = renderApp(world, "/aigc")
    await act(async () => {
      await world?.store.session.loginWithCode("13800000000", "123456")
    })
    await waitFor(() => expect(world?.store.session.hasUser).toBe(true))
    expired = true
    await act(async () => {
      await world?.store.session.refreshUser()
    })
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"))
    expect(router.state.location.search).toBe("?ref=%2Faigc")
    expect(world.store.session.isLoggedIn).toBe(false)
    expect(world.store.toasts.shown).toEqual([])
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

  it("/list?source=H5 remembers the H5 flag, so the phone stays on this site afterwards", async () => {
    const { router } = renderPhone("/list?source=H5", [])
    expect(await screen.findByRole("region", { name: "灵感广场" }, { timeout: 15_000 })).toBeTruthy()
    await waitFor(() => expect(world?.store.flags.h5).toBe(true))
    await act(() => router.navigate("/tools-panel"))
    expect(await screen.findByRole("heading", { name: "AI工具箱" }, { timeout: 15_000 })).toBeTruthy()
    expect(router.state.location.pathname).toBe("/tools-panel")
  })

  it("without the H5 flag a phone on /aigc is sent to the guide", async () => {
    const { router } = renderPhone("/aigc", [])
    await waitFor(() => expect(router.state.location.pathname).toBe("/mobile-guide"))
    expect(world?.store.flags.h5).toBe(false)
  })
})
