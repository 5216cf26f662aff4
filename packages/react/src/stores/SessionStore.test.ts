import { StorageKeys } from "@mido/core"
import { analyticsUserId } from "@mido/core/analytics"
import { envelope } from "@mido/core/testing"
import { afterEach, describe, expect, it, vi } from "vitest"
import { NONCE, PNG, QR_KEY, SVG, startupAnswers, TOKEN, user } from "../../test/fixtures.js"
import { loggedIn, makeWorld, settle, type World } from "../../test/world.js"

let world: World | undefined
const open = (options: Parameters<typeof makeWorld>[0]) => (world = makeWorld(options))
afterEach(async () => {
  vi.useRealTimers()
  await world?.dispose()
  world = undefined
})

const captcha = { captcha_id: "c1", image: SVG, expire_in: 120 }
const qr = { key: QR_KEY, qr: PNG, expire_in: 120 }
const loginAnswers = {
  ...startupAnswers,
  "/api/v1/open/base/captcha": () => envelope(0, captcha),
  "/api/v1/open/base/send_verify_sms": () => envelope(0, { resend_in: 60 }),
  "/api/v1/open/base/login": () => envelope(0, { token: TOKEN, is_register: false })
}
const bodyOf = (world: World, url: string) => {
  const body = world.calls(url)[0]?.body
  return body?.kind === "json" ? body.value : undefined
}

describe("SessionStore: the stored session (spec §3, §4)", () => {
  it("starts from the stored token and user before any request, then refreshes the user", async () => {
    const { store, calls, boot } = open({ answers: startupAnswers, stored: loggedIn() })
    store.start()
    expect(store.ready).toBe(true)
    expect(store.session.isLoggedIn).toBe(true)
    expect(store.session.user?.nickname).toBe("星河画师")
    await boot()
    expect(calls("/api/v1/user/info")).toHaveLength(1)
  })

  it("a corrupt stored user counts as absent and is removed", async () => {
    const { store, kv } = open({ answers: startupAnswers, stored: { [StorageKeys.user]: "{not json" } })
    store.start()
    expect(store.session.user).toBeNull()
    expect(kv.entries.has(StorageKeys.user)).toBe(false)
  })

  it("-401 at the start-up refresh logs out without a toast and tells onUnauthorized (R9)", async () => {
    const { store, kv, boot, unauthorized, toasts } = open({
      answers: { ...startupAnswers, "/api/v1/user/info": () => envelope(-401, null, "请先登录") },
      stored: loggedIn()
    })
    await boot()
    expect(store.session.isLoggedIn).toBe(false)
    expect(store.session.user).toBeNull()
    expect(kv.entries.has(StorageKeys.auth)).toBe(false)
    expect(kv.entries.has(StorageKeys.user)).toBe(false)
    expect(unauthorized).toHaveBeenCalledTimes(1)
    expect(toasts()).toEqual([])
  })

  it("-401 from another call clears the cached user too (R9), without a toast", async () => {
    const { store, kv, boot, unauthorized, toasts, server } = open({ answers: startupAnswers, stored: loggedIn() })
    await boot()
    server["/api/v1/user/points"] = () => envelope(-401, null, "请先登录")
    expect(await store.wallet.refreshBalance()).toBe(false)
    await settle()
    expect(store.session.isLoggedIn).toBe(false)
    expect(store.session.user).toBeNull()
    expect(kv.entries.has(StorageKeys.user)).toBe(false)
    expect(unauthorized).toHaveBeenCalledTimes(1)
    expect(toasts()).toEqual([])
  })

  it("logout ends the session on the server, then clears token and user (spec §4, R7)", async () => {
    const { store, kv, boot, calls, unauthorized } = open({ answers: { ...startupAnswers, "/api/v1/base/logout": () => envelope(0, { revoked: 1 }) }, stored: loggedIn() })
    await boot()
    await store.session.logout()
    expect(calls("/api/v1/base/logout")).toHaveLength(1)
    expect(store.session.isLoggedIn).toBe(false)
    expect(store.session.user).toBeNull()
    expect([...kv.entries.keys()].filter((key) => key === StorageKeys.auth || key === StorageKeys.user)).toEqual([])
    expect(unauthorized).not.toHaveBeenCalled()
  })

  it("logout that cannot reach the server still logs out here, without an error toast", async () => {
    const { store, boot, toasts } = open({ answers: { ...startupAnswers, "/api/v1/base/logout": () => envelope(500, null, "服务器开小差了") }, stored: loggedIn() })
    await boot()
    await store.session.logout()
    expect(store.session.isLoggedIn).toBe(false)
    expect(toasts()).toEqual([])
  })

  it("log out everywhere: the server ends every session, then this one is logged out as by logout", async () => {
    const { store, boot, calls, unauthorized } = open({ answers: { ...startupAnswers, "/api/v1/base/logout_all": () => envelope(0, { revoked: 3 }) }, stored: loggedIn() })
    await boot()
    expect(await store.session.logoutEverywhere()).toBe(true)
    expect(calls("/api/v1/base/logout_all")).toHaveLength(1)
    expect(store.session.isLoggedIn).toBe(false)
    expect(store.session.user).toBeNull()
    expect(unauthorized).not.toHaveBeenCalled()
  })

  it("log out everywhere that the server refuses keeps this session and shows the server's message", async () => {
    const { store, boot, toasts } = open({ answers: { ...startupAnswers, "/api/v1/base/logout_all": () => envelope(500, null, "服务器开小差了，请稍后再试") }, stored: loggedIn() })
    await boot()
    expect(await store.session.logoutEverywhere()).toBe(false)
    expect(store.session.isLoggedIn).toBe(true)
    expect(toasts()).toEqual(["error:服务器开小差了，请稍后再试"])
  })

  it("R8: a valid ?token= logs in and leaves the address; an invalid one is cleared", async () => {
    const replaced: Array<string> = []
    const address = (search: string) => ({ search: () => search, replaceSearch: (next: string) => void replaced.push(next) })
    const valid = open({ answers: startupAnswers, stored: loggedIn(), host: { address: address(`?from=ad&token=${TOKEN}`) } })
    valid.store.start()
    expect(valid.store.session.isLoggedIn).toBe(true)
    // the cached user may be someone else's: dropped until the start-up refresh brings the token's own
    expect(valid.store.session.user).toBeNull()
    expect(replaced).toEqual(["?from=ad"])
    await valid.boot()
    expect(valid.calls("/api/v1/user/info")[0]?.headers?.Authorization).toBe(`Bearer ${TOKEN}`)
    expect(valid.store.session.user?.nickname).toBe("星河画师")
    // replacing the stored session ends nothing on the server: the address may carry that very token
    expect(valid.calls("/api/v1/base/logout")).toEqual([])
    await valid.dispose()

    const invalid = open({ answers: startupAnswers, stored: loggedIn(), host: { address: address("?token=%ZZ") } })
    invalid.store.start()
    expect(invalid.store.session.isLoggedIn).toBe(false)
    expect(invalid.kv.entries.has(StorageKeys.auth)).toBe(false)
    expect(replaced).toEqual(["?from=ad", ""])
  })
})

describe("SessionStore: a token in a later address (R8)", () => {
  it("a valid one logs in; an invalid one logs out without counting as a -401", async () => {
    const { store, boot, unauthorized } = open({ answers: startupAnswers })
    await boot()
    expect(await store.session.acceptUrlToken(`?token=${TOKEN}&x=1`)).toBe("?x=1")
    expect(store.session.isLoggedIn).toBe(true)
    expect(await store.session.acceptUrlToken("?token=short")).toBe("")
    await settle()
    expect(store.session.isLoggedIn).toBe(false)
    expect(unauthorized).not.toHaveBeenCalled()
  })
})

describe("SessionStore: phone and SMS code login (spec §2 /login, §5)", () => {
  it("captcha, send with the server's resend_in countdown, login with the stored invite code", async () => {
    vi.useFakeTimers()
    const { store, boot, kv, calls } = open({ answers: loginAnswers, stored: { [StorageKeys.inviteCode]: "INV2024" } })
    await boot()
    expect(store.session.inviteCode).toBe("INV2024")
    const sms = await store.session.phoneSmsSender()
    expect(await sms.loadCaptcha("13800000000")).toBe(true)
    expect(sms.captcha?.image).toBe(SVG)
    expect(await sms.send("13800000000", "x7Kp")).toBe(true)
    expect(bodyOf(world!, "/api/v1/open/base/send_verify_sms")).toEqual({ phone: "13800000000", captcha_code: "x7Kp" })
    expect(sms.captcha).toBeNull()
    expect(sms.countdown.remaining).toBe(60)
    expect(sms.canSend).toBe(false)
    await vi.advanceTimersByTimeAsync(59_000)
    expect(sms.countdown.remaining).toBe(1)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(sms.canSend).toBe(true)

    expect(await store.session.loginWithCode("13800000000", "123456")).toEqual({ isRegister: false })
    expect(bodyOf(world!, "/api/v1/open/base/login")).toEqual({ phone: "13800000000", code: "123456", invite_code: "INV2024" })
    expect(store.session.isLoggedIn).toBe(true)
    expect(store.session.user?.uid).toBe(user.uid)
    expect(store.session.inviteCode).toBeNull()
    expect(kv.entries.has(StorageKeys.inviteCode)).toBe(false)
    await vi.advanceTimersByTimeAsync(0)
    // a completed login brings the unread counts (and the reminder check, which reads the balance)
    expect(calls("/api/v1/user/message/unread_count")).toHaveLength(1)
    expect(calls("/api/v1/user/points")).toHaveLength(1)
  })

  it("a refused send shows the server's msg and asks for a fresh captcha (the old one is used up)", async () => {
    const { store, boot, calls, toasts } = open({
      answers: { ...loginAnswers, "/api/v1/open/base/send_verify_sms": () => envelope(1003, null, "图形验证码错误") }
    })
    await boot()
    await (await store.session.phoneSmsSender()).loadCaptcha("13800000000")
    expect(await (await store.session.phoneSmsSender()).send("13800000000", "abcd")).toBe(false)
    expect(toasts()).toEqual(["error:图形验证码错误"])
    expect(calls("/api/v1/open/base/captcha")).toHaveLength(2)
    expect((await store.session.phoneSmsSender()).countdown.running).toBe(false)
  })

  it("input refused before sending keeps the captcha and shows the schema's message", async () => {
    const { store, boot, calls, toasts } = open({ answers: loginAnswers })
    await boot()
    await (await store.session.phoneSmsSender()).loadCaptcha("13800000000")
    expect(await (await store.session.phoneSmsSender()).send("13800000000", "")).toBe(false)
    expect(toasts()).toEqual(["error:请输入图形验证码"])
    expect((await store.session.phoneSmsSender()).captcha).not.toBeNull()
    expect(calls("/api/v1/open/base/send_verify_sms")).toHaveLength(0)
  })

  it("a wrong code leaves the person logged out with the server's msg", async () => {
    const { store, boot, toasts } = open({ answers: { ...loginAnswers, "/api/v1/open/base/login": () => envelope(1002, null, "验证码错误") } })
    await boot()
    expect(await store.session.loginWithCode("13800000000", "000000")).toBeUndefined()
    expect(store.session.isLoggedIn).toBe(false)
    expect(toasts()).toEqual(["error:验证码错误"])
  })
})

describe("SessionStore: WeChat QR login (spec §7, R5)", () => {
  const wechat = (states: ReadonlyArray<unknown>) => {
    let call = 0
    return {
      ...loginAnswers,
      "/api/v1/open/base/get_login_wechat_qr_code": () => envelope(0, qr),
      "/api/v1/open/base/check_login_wechat_qr_code": () => envelope(0, states[Math.min(call++, states.length - 1)]),
      "/api/v1/open/base/send_wechat_bind_sms": () => envelope(0, { resend_in: 60 }),
      "/api/v1/open/base/wechat_bind_phone": () => envelope(0, { token: TOKEN, is_register: true })
    }
  }

  it("logs in once the QR is confirmed, sending the tab's nonce with each call", async () => {
    const { store, boot, calls } = open({ answers: wechat([{ status: "success", token: TOKEN, is_register: false }]), host: { qrNonce: () => NONCE } })
    await boot()
    expect(await (await store.session.wechatFlow()).start()).toBe("done")
    expect(store.session.isLoggedIn).toBe(true)
    expect(calls("/api/v1/open/base/get_login_wechat_qr_code")[0]?.query).toEqual({ nonce: NONCE })
    expect(calls("/api/v1/open/base/check_login_wechat_qr_code")[0]?.query).toEqual({ key: QR_KEY, nonce: NONCE })
  })

  it("a page left the moment the token lands still ends logged in with the user loaded", async () => {
    // the guard leaves /login as soon as the token is stored, which stops the page's flows mid-login
    let leavePage = () => {}
    const answers = {
      ...wechat([{ status: "success", token: TOKEN, is_register: false }]),
      "/api/v1/user/info": () => {
        leavePage()
        return envelope(0, user)
      }
    }
    const { store, boot } = open({ answers })
    await boot()
    leavePage = () => store.session.resetLoginFlows()
    expect(await (await store.session.wechatFlow()).start()).toBe("done")
    expect(store.session.isLoggedIn).toBe(true)
    expect(store.session.user?.nickname).toBe(user.nickname)
  })

  it("a new WeChat user binds a phone: SMS code, then wechat_bind_phone logs in", async () => {
    const { store, boot } = open({ answers: wechat([{ status: "bind_phone", key: QR_KEY }]) })
    await boot()
    const flow = await store.session.wechatFlow()
    expect(await flow.start()).toBe("bindPhone")
    await flow.bindSms.loadCaptcha("13900000000")
    expect(await flow.bindSms.send("13900000000", "x7Kp")).toBe(true)
    expect(flow.bindSms.countdown.remaining).toBe(60)
    expect(await flow.bindPhone("13900000000", "654321")).toBe(true)
    expect(bodyOf(world!, "/api/v1/open/base/wechat_bind_phone")).toEqual({ key: QR_KEY, phone: "13900000000", code: "654321" })
    expect(flow.step).toBe("done")
    expect(flow.isRegister).toBe(true)
    expect(flow.bindSms.countdown.running).toBe(false)
    expect(store.session.isLoggedIn).toBe(true)
  })

  it("an expired QR says so; a failing QR call shows the server's msg", async () => {
    const expired = open({ answers: wechat([{ status: "expired" }]) })
    await expired.boot()
    expect(await (await expired.store.session.wechatFlow()).start()).toBe("expired")
    await expired.dispose()

    const failing = open({ answers: { ...loginAnswers, "/api/v1/open/base/get_login_wechat_qr_code": () => envelope(5001, null, "微信登录暂不可用") } })
    await failing.boot()
    expect(await (await failing.store.session.wechatFlow()).start()).toBe("idle")
    expect(failing.toasts()).toEqual(["error:微信登录暂不可用"])
  })

  it("leaving the page stops the wait: no more checks (R9)", async () => {
    vi.useFakeTimers()
    const { store, boot, calls } = open({ answers: wechat([{ status: "waiting" }]) })
    await boot()
    const flow = await store.session.wechatFlow()
    const waiting = flow.start()
    await vi.advanceTimersByTimeAsync(4_000)
    const seen = calls("/api/v1/open/base/check_login_wechat_qr_code").length
    expect(seen).toBe(3)
    store.session.resetLoginFlows()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(calls("/api/v1/open/base/check_login_wechat_qr_code")).toHaveLength(seen)
    expect(flow.step).toBe("idle")
    await waiting
  })
})

describe("SessionStore: the WeChat flow is made once, on first use", () => {
  it("gives the same flow to every caller", async () => {
    const { store } = open({})
    const [first, second] = await Promise.all([store.session.wechatFlow(), store.session.wechatFlow()])
    expect(first).toBe(second)
    expect(await store.session.wechatFlow()).toBe(first)
  })
})

describe("SessionStore: analytics (spec §2, NV11)", () => {
  it("pushes the page with the user id only as its hash", async () => {
    const { store, boot, analytics } = open({ answers: startupAnswers, stored: loggedIn() })
    await boot()
    await store.session.trackPageView("/list")
    expect(analytics.events).toEqual([{ event: "page_view", page_path: "/list", user_id: analyticsUserId(user.uid) }])
    expect(JSON.stringify(analytics.events)).not.toContain(String(user.uid))
    await store.session.logout()
    await store.session.trackPageView("/login")
    expect(analytics.events[1]).toEqual({ event: "page_view", page_path: "/login" })
  })
})

describe("SessionStore: the login address (spec §2, NV5)", () => {
  it.each([
    ["a page and its query", "/works", "?tab=liked", "/login?ref=%2Fworks%3Ftab%3Dliked"],
    ["a page without a query", "/personal", "", "/login?ref=%2Fpersonal"],
    ["a query written without its ?", "/works", "tab=liked", "/login?ref=%2Fworks%3Ftab%3Dliked"],
    ["/login itself carries no return address", "/login", "?ref=%2Fworks", "/login"]
  ])("%s", (_name, pathname, search, href) => {
    const { store } = open({})
    expect(store.session.loginHref(pathname, search)).toBe(href)
  })
})

describe("SessionStore: the return address after a login (NV8)", () => {
  it.each([
    ["the safe ref", "?a=1&ref=%2Fproperty", "/property"],
    ["no ref: /list", "?a=1", "/list"],
    ["an address off the site: /list", "?ref=%2F%2Fevil.example", "/list"]
  ])("%s", (_name, search, address) => {
    const { store } = open({})
    expect(store.session.returnAddress(search)).toBe(address)
  })
})
