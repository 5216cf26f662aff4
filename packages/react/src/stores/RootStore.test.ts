import { ApiError, InvalidInput, NetworkError, StorageKeys, Unauthorized } from "@mido/core"
import { envelope } from "@mido/core/testing"
import { Effect } from "effect"
import { afterEach, describe, expect, it, vi } from "vitest"
import { startupAnswers, TOKEN } from "../../test/fixtures.js"
import { loggedIn, makeWorld, settle, type World } from "../../test/world.js"
import { GENERIC_ERROR_TEXT } from "./errorPolicy.js"

let world: World | undefined
const open = (options: Parameters<typeof makeWorld>[0] = {}) => (world = makeWorld(options))
afterEach(async () => {
  vi.restoreAllMocks()
  await world?.dispose()
  world = undefined
})

describe("RootStore: lifecycle", () => {
  it("nothing happens before start(); start → dispose → start boots once (StrictMode)", async () => {
    const { store, calls, memory } = open({ answers: startupAnswers, stored: loggedIn() })
    expect(store.ready).toBe(false)
    expect(memory.requests).toHaveLength(0)
    store.start()
    store.dispose()
    store.start()
    store.start()
    await vi.waitFor(() => expect(calls("/api/v1/open/config/app_config")).toHaveLength(1))
    await settle()
    expect(calls("/api/v1/user/info")).toHaveLength(1)
    expect(calls("/api/v1/user/message/unread_count")).toHaveLength(1)
  })

  it("after dispose the services' changes no longer reach the stores", async () => {
    const { store, boot } = open({ answers: startupAnswers, stored: loggedIn() })
    await boot()
    const balance = store.wallet.balance
    store.dispose()
    expect(await store.wallet.refreshBalance()).toBe(false)
    expect(store.wallet.balance).toBe(balance)
  })

  it("persists exactly what spec §3 lists, nothing sensitive beyond the token (R10)", async () => {
    const { store, boot, kv } = open({
      answers: {
        ...startupAnswers,
        "/api/v1/open/base/login": () => envelope(0, { token: TOKEN, is_register: false }),
        "/api/v1/user/points": () => envelope(0, { balance: 1, today_consumed: 0 })
      }
    })
    await boot()
    await store.session.rememberInviteCode("INV2024")
    expect(store.session.inviteCode).toBe("INV2024")
    await store.session.loginWithCode("13800000000", "654321")
    store.sidebar.toggle()
    store.work.setReferenceImage("https://cdn.mido.test/ref.png")
    store.flags.markFixedMessageRead()
    store.flags.dismissFeaturePrompt()
    await settle()
    const allowed = new Set<string>(Object.values(StorageKeys))
    expect([...kv.entries.keys()].filter((key) => !allowed.has(key))).toEqual([])
    expect([...kv.entries.keys()].sort()).toEqual([
      StorageKeys.auth, StorageKeys.config, StorageKeys.featurePromptShown, StorageKeys.readFixedMessage,
      StorageKeys.remindersShown, StorageKeys.sidebar, StorageKeys.user, StorageKeys.work
    ].sort())
    const values = [...kv.entries.values()].join(" ")
    expect(values).not.toContain("13800000000")
    expect(values).not.toContain("654321")
  })
})

describe("RootStore: the error policy (spec §8)", () => {
  it.each([
    ["the server's msg", new ApiError({ route: "r", code: 4001, msg: "作品不存在" }), "error:作品不存在"],
    ["the network text", new NetworkError({ route: "r", reason: "timeout" }), "error:网络异常，请检查网络后重试"],
    ["the input message", new InvalidInput({ route: "r", field: "phone", message: "请输入正确的手机号" }), "error:请输入正确的手机号"]
  ])("a failed call shows %s as an error toast", (_name, error, toast) => {
    const { store, toasts } = open()
    store.report(error)
    expect(toasts()).toEqual([toast])
  })

  it("-401 shows nothing (the session store reports the cleared token instead)", () => {
    const { store, toasts } = open()
    store.report(new Unauthorized({ route: "r", msg: "请先登录" }))
    expect(toasts()).toEqual([])
  })

  it("a defect shows the generic text and is logged", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined)
    const { store, toasts } = open()
    store.start()
    expect(await store.runner.attempt(Effect.die(new Error("bug")))).toEqual({ ok: false })
    expect(toasts()).toEqual([`error:${GENERIC_ERROR_TEXT}`])
    expect(logged).toHaveBeenCalled()
  })

  it("parallel -401 answers make one onUnauthorized; a visitor's -401 also tells it", async () => {
    const { store, boot, server, unauthorized } = open({ answers: startupAnswers, stored: loggedIn() })
    await boot()
    server["/api/v1/user/points"] = () => envelope(-401, null, "请先登录")
    server["/api/v1/user/message/unread_count"] = () => envelope(-401, null, "请先登录")
    await Promise.all([store.wallet.refreshBalance(), store.inbox.refreshUnread()])
    await settle()
    expect(unauthorized).toHaveBeenCalledTimes(1)
    await store.wallet.refreshBalance()
    await settle()
    expect(unauthorized).toHaveBeenCalledTimes(2)
  })

  it("logout is not a -401", async () => {
    const { store, boot, unauthorized } = open({ answers: startupAnswers, stored: loggedIn() })
    await boot()
    await store.session.logout()
    await settle()
    expect(unauthorized).not.toHaveBeenCalled()
  })
})

describe("RootStore: the registry resets every store the same way (R9)", () => {
  it("a logout closes the ledger, the drawer, the reminders and the checkout, and keeps the device's flags", async () => {
    const { store, boot } = open({
      answers: {
        ...startupAnswers,
        "/api/v1/user/coin/list": () => envelope(0, { list: [], total: 0 }),
        "/api/v1/user/message/list": () => envelope(0, { list: [], total: 0 })
      },
      stored: loggedIn()
    })
    await boot()
    await store.wallet.openLedger("income")
    await store.inbox.openDrawer()
    const checkout = await store.checkoutStore()
    await checkout.open("plan")
    store.flags.markFixedMessageRead()
    await store.session.logout()
    await settle()
    expect({
      ledgerPages: store.wallet.ledger.pagesLoaded,
      ledgerTab: store.wallet.ledgerTab,
      drawerOpen: store.inbox.isOpen,
      unread: store.inbox.unread.total,
      reminder: store.reminders.current,
      checkoutOpen: checkout.isOpen,
      fixedMessageRead: store.flags.isReadFixedMessage
    }).toEqual({ ledgerPages: 0, ledgerTab: "all", drawerOpen: false, unread: 0, reminder: null, checkoutOpen: false, fixedMessageRead: true })
  })
})
