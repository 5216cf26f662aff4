import { Analytics, FileSaver, Http, KeyValueStore, makeCoreRuntime } from "@mido/core"
import { envelope, makeMemoryAnalytics, makeMemoryFileSaver, makeMemoryHttp, makeMemoryKeyValueStore } from "@mido/core/testing"
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react"
import { Effect, Layer } from "effect"
import { observer } from "mobx-react-lite"
import { StrictMode } from "react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { startupAnswers } from "../test/fixtures.js"
import { fakeViewport, loggedIn, makeWorld, settle, type World } from "../test/world.js"
import { CoreProvider } from "./CoreProvider.js"
import { OUTSIDE_PROVIDER_MESSAGE, useRootStore } from "./hooks/useRootStore.js"
import { useSessionStore, useSidebarStore, useToastStore, useWalletStore } from "./hooks/useStores.js"

let world: World | undefined
afterEach(async () => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
  await world?.dispose()
  world = undefined
})

const Toasts = observer(function Toasts() {
  const toasts = useToastStore()
  return <ul>{toasts.shown.map((toast) => <li key={toast.id} role="status">{toast.message}</li>)}</ul>
})

const Greeting = observer(function Greeting() {
  const session = useSessionStore()
  return (
    <div>
      <p>{session.user === null ? "未登录" : `你好，${session.user.nickname}`}</p>
      {session.isLoggedIn && <button type="button" onClick={() => void session.logout()}>退出登录</button>}
    </div>
  )
})

const Balance = observer(function Balance() {
  const wallet = useWalletStore()
  return <button type="button" onClick={() => void wallet.refreshBalance()}>米豆 {wallet.balance?.balance ?? "-"}</button>
})

const Sidebar = observer(function Sidebar() {
  const sidebar = useSidebarStore()
  return <nav aria-label="sidebar">{`${sidebar.mode} ${sidebar.contentMargin}`}</nav>
})

const App = () => (
  <>
    <Greeting />
    <Balance />
    <Sidebar />
    <Toasts />
  </>
)

describe("CoreProvider under <StrictMode>", () => {
  it("double mount starts one set of subscriptions and one start-up; unmount leaves none", async () => {
    const screenSize = fakeViewport(1920)
    world = makeWorld({ answers: startupAnswers, stored: loggedIn(), host: { viewport: screenSize.viewport } })
    const { unmount } = render(<StrictMode><CoreProvider store={world.store}><App /></CoreProvider></StrictMode>)
    expect(screen.getByText("你好，星河画师")).toBeTruthy()
    await act(() => settle())
    expect(world.calls("/api/v1/open/config/app_config")).toHaveLength(1)
    expect(world.calls("/api/v1/user/info")).toHaveLength(1)
    expect(screenSize.subscribers()).toBe(1)
    unmount()
    expect(screenSize.subscribers()).toBe(0)
  })

  it("observer components follow the stores: balance, resize, logout", async () => {
    const screenSize = fakeViewport(1920)
    world = makeWorld({ answers: startupAnswers, stored: loggedIn(), host: { viewport: screenSize.viewport } })
    render(<StrictMode><CoreProvider store={world.store}><App /></CoreProvider></StrictMode>)
    expect(screen.getByRole("navigation").textContent).toBe("expanded 258")
    act(() => screenSize.resize(1440))
    expect(screen.getByRole("navigation").textContent).toBe("collapsed 18")
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: /米豆/ }))
      await settle()
    })
    expect(screen.getByRole("button", { name: /米豆/ }).textContent).toBe("米豆 3320")
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "退出登录" }))
      await settle()
    })
    expect(screen.getByText("未登录")).toBeTruthy()
    expect(screen.getByRole("button", { name: /米豆/ }).textContent).toBe("米豆 -")
  })

  it("a failed call shows the server's msg as a toast for 3000 ms", async () => {
    world = makeWorld({ answers: { ...startupAnswers, "/api/v1/user/points": () => envelope(5004, null, "余额查询失败") } })
    render(<StrictMode><CoreProvider store={world.store}><App /></CoreProvider></StrictMode>)
    await act(() => settle())
    vi.useFakeTimers()
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: /米豆/ }))
      await settle()
    })
    expect(screen.getByRole("status").textContent).toBe("余额查询失败")
    await act(() => vi.advanceTimersByTimeAsync(3000))
    expect(screen.queryByRole("status")).toBeNull()
  })

  it("makes its own root store from a runtime, showing the fallback while asynchronous ports start", async () => {
    const memory = makeMemoryHttp((request) => startupAnswers[request.url as keyof typeof startupAnswers]?.())
    const kv = makeMemoryKeyValueStore(loggedIn())
    const runtime = makeCoreRuntime(Layer.mergeAll(
      Layer.succeed(Http, memory.http),
      // storage that answers later: the persisted state cannot be read before the first paint
      Layer.effect(KeyValueStore, Effect.promise(() => Promise.resolve(kv.store))),
      Layer.succeed(Analytics, makeMemoryAnalytics().analytics),
      Layer.succeed(FileSaver, makeMemoryFileSaver().fileSaver)
    ))
    render(<StrictMode><CoreProvider runtime={runtime} fallback={<p>加载中</p>}><Greeting /></CoreProvider></StrictMode>)
    expect(screen.getByText("加载中")).toBeTruthy()
    expect(await screen.findByText("你好，星河画师")).toBeTruthy()
    await act(() => settle())
    expect(memory.requests.filter((request) => request.url === "/api/v1/open/config/app_config")).toHaveLength(1)
    cleanup()
    await runtime.dispose()
  })

  it("useRootStore outside the provider says where it must be used", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined)
    const Orphan = () => <p>{useRootStore().ready ? "ok" : "no"}</p>
    expect(() => render(<Orphan />)).toThrow(OUTSIDE_PROVIDER_MESSAGE)
  })
})
