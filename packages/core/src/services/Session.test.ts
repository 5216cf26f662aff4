import { Effect, Fiber, Layer, Option, TestClock } from "effect"
import { describe, expect, it } from "vitest"
import { envelope } from "../adapters/MemoryHttp.js"
import { HttpFailure, type HttpRequest, type HttpResponse } from "../ports/Http.js"
import { runTest } from "../testing/runTest.js"
import { makeTestCore, storedLogin } from "../testing/testCore.js"
import { Api } from "../api/routeTable.js"
import { userMessage } from "../api/ApiErrors.js"
import { ApiClient } from "./ApiClient.js"
import { Session, SessionLive } from "./Session.js"
import { StorageKeys } from "./storageKeys.js"

const TOKEN = "tok_fresh_0123456789abcdef"
const QR_KEY = "qrk_0123456789abcdef"
const user = {
  uid: 20001, avatar: "https://cdn.mido.test/a.png", nickname: "星河画师", is_vip: false, vip_level: 0, vip_name: "",
  vip_expired_at_str: "", invite_code: "MD8K2Q", invite_user_id: 0, invite_user_name: "", nid: "10020001", phone: "138****0000", bio: ""
}

type Answers = Record<string, (request: HttpRequest) => HttpResponse | Effect.Effect<HttpResponse, HttpFailure>>
const server = (answers: Answers) => (request: HttpRequest) => answers[request.url]?.(request)
const bodyOf = (request: HttpRequest | undefined) => (request?.body?.kind === "json" ? request.body.value : undefined)

const withSession = (answers: Answers, stored: Record<string, string> = {}) => {
  const core = makeTestCore(server(answers), stored)
  return { ...core, layer: Layer.provideMerge(SessionLive, core.layer) }
}

const loginAnswers: Answers = {
  "/api/v1/open/base/login": () => envelope(0, { token: TOKEN, is_register: true }),
  "/api/v1/user/info": () => envelope(0, user)
}

describe("Session: phone login (spec §3, §5)", () => {
  it("logs in, attaches the stored invite code, stores token and user, then forgets the invite code", async () => {
    const { memory, kv, layer } = withSession(loginAnswers, { [StorageKeys.inviteCode]: "INV2024" })
    const result = await runTest(Effect.flatMap(Session, (session) => Effect.zip(session.loginWithCode(" 13800000000 ", "123456"), session.user)).pipe(Effect.provide(layer)))
    expect(result[0]).toEqual({ token: TOKEN, is_register: true })
    expect(Option.getOrNull(result[1])?.nickname).toBe("星河画师")
    expect(bodyOf(memory.requests[0])).toEqual({ phone: "13800000000", code: "123456", invite_code: "INV2024" })
    expect(memory.requests[1]?.headers?.Authorization).toBe(`Bearer ${TOKEN}`)
    expect(JSON.parse(kv.entries.get(StorageKeys.auth) ?? "{}")).toEqual({ token: TOKEN })
    expect(kv.entries.has(StorageKeys.inviteCode)).toBe(false)
  })

  it("sends no invite code when the stored one is malformed", async () => {
    const { memory, layer } = withSession(loginAnswers, { [StorageKeys.inviteCode]: "<script>" })
    await runTest(Effect.flatMap(Session, (session) => session.loginWithCode("13800000000", "123456")).pipe(Effect.provide(layer)))
    expect(bodyOf(memory.requests[0])).toEqual({ phone: "13800000000", code: "123456" })
  })

  it.each([
    ["a short phone", "1380000", "123456", "请输入正确的手机号"],
    ["an empty phone", "", "123456", "请输入手机号"],
    ["a 4-digit code", "13800000000", "1234", "请输入 6 位数字验证码"],
    ["an empty code", "13800000000", " ", "请输入验证码"]
  ])("refuses %s before sending anything", async (_name, phone, code, message) => {
    const { memory, layer } = withSession(loginAnswers)
    const error = await runTest(Effect.flatMap(Session, (session) => Effect.flip(session.loginWithCode(phone, code))).pipe(Effect.provide(layer)))
    expect(error).toMatchObject({ _tag: "InvalidInput", message })
    expect(memory.requests).toHaveLength(0)
  })

  it("a wrong code leaves the user logged out with the server's message", async () => {
    const { kv, layer } = withSession({ "/api/v1/open/base/login": () => envelope(1002, null, "验证码错误") })
    const error = await runTest(Effect.flatMap(Session, (session) => Effect.flip(session.loginWithCode("13800000000", "000000"))).pipe(Effect.provide(layer)))
    expect(error).toMatchObject({ _tag: "ApiError", msg: "验证码错误" })
    expect(kv.entries.has(StorageKeys.auth)).toBe(false)
  })

  it("sends the SMS code with the captcha answer", async () => {
    const { memory, layer } = withSession({ "/api/v1/open/base/send_verify_sms": () => envelope(0, { resend_in: 60 }) })
    const sent = await runTest(Effect.flatMap(Session, (session) => session.sendLoginCode("13800000000", "x7Kp")).pipe(Effect.provide(layer)))
    expect(sent).toEqual({ resend_in: 60 })
    expect(bodyOf(memory.requests[0])).toEqual({ phone: "13800000000", captcha_code: "x7Kp" })
  })
})

describe("Session: WeChat QR login (spec §7), polled every 2000 ms on the TestClock", () => {
  const qr = { key: QR_KEY, qr: "data:image/png;base64,AAAA", expire_in: 120 }
  const sequence = (states: ReadonlyArray<unknown>) => {
    let call = 0
    return () => envelope(0, states[Math.min(call++, states.length - 1)])
  }

  it("waits, sees the scan, then logs in", async () => {
    const { memory, layer } = withSession({
      "/api/v1/open/base/check_login_wechat_qr_code": sequence([{ status: "waiting" }, { status: "scanned" }, { status: "success", token: TOKEN, is_register: false }]),
      "/api/v1/user/info": () => envelope(0, user)
    })
    const outcome = await runTest(
      Effect.gen(function* () {
        const session = yield* Session
        const fiber = yield* Effect.fork(session.awaitWechatLogin(qr))
        yield* TestClock.adjust("1999 millis")
        const checksBefore = memory.requests.length
        yield* TestClock.adjust("2001 millis")
        const result = yield* Fiber.join(fiber)
        return { result, checksBefore, loggedIn: yield* session.isLoggedIn }
      }).pipe(Effect.provide(layer))
    )
    expect(outcome).toEqual({ result: { _tag: "LoggedIn", isRegister: false }, checksBefore: 1, loggedIn: true })
  })

  it("asks a new WeChat user to bind a phone, and binding logs in", async () => {
    const { memory, layer } = withSession({
      "/api/v1/open/base/check_login_wechat_qr_code": sequence([{ status: "bind_phone", key: QR_KEY }]),
      "/api/v1/open/base/wechat_bind_phone": () => envelope(0, { token: TOKEN, is_register: true }),
      "/api/v1/user/info": () => envelope(0, user)
    })
    const outcome = await runTest(
      Effect.gen(function* () {
        const session = yield* Session
        const step = yield* session.awaitWechatLogin(qr)
        const bound = yield* session.bindPhone(QR_KEY, "13800000000", "654321")
        return { step, bound, loggedIn: yield* session.isLoggedIn }
      }).pipe(Effect.provide(layer))
    )
    expect(outcome).toEqual({ step: { _tag: "BindPhone", key: QR_KEY }, bound: { token: TOKEN, is_register: true }, loggedIn: true })
    expect(bodyOf(memory.requests.find((request) => request.url.endsWith("wechat_bind_phone")))).toEqual({ key: QR_KEY, phone: "13800000000", code: "654321" })
  })

  it("gives up when the QR's time runs out", async () => {
    const { memory, layer } = withSession({ "/api/v1/open/base/check_login_wechat_qr_code": sequence([{ status: "waiting" }]) })
    const outcome = await runTest(
      Effect.gen(function* () {
        const session = yield* Session
        const fiber = yield* Effect.fork(session.awaitWechatLogin({ ...qr, expire_in: 11 }))
        yield* TestClock.adjust("11 seconds")
        return yield* Fiber.join(fiber)
      }).pipe(Effect.provide(layer))
    )
    expect(outcome).toEqual({ _tag: "Expired" })
    expect(memory.requests).toHaveLength(6)
  })
})

describe("Session: token from the address (spec §2, R8), refresh and logout (R9)", () => {
  it.each([
    ["a valid token logs in and leaves the query", `?token=${TOKEN}&from=app`, "valid", "?from=app", true],
    ["an invalid token is cleared, logged out", "?token=%3Cbad%3E&x=1", "invalid", "?x=1", false],
    ["no token changes nothing", "?x=1", "absent", "?x=1", false]
  ] as const)("%s", async (_name, search, kind, cleaned, loggedIn) => {
    const { layer } = withSession({})
    const result = await runTest(
      Effect.flatMap(Session, (session) => Effect.zip(session.acceptUrlToken(search), session.isLoggedIn)).pipe(Effect.provide(layer))
    )
    expect(result).toEqual([{ kind, search: cleaned }, loggedIn])
  })

  it("-401 from the user refresh logs out: token and user are gone", async () => {
    const { kv, layer } = withSession({ "/api/v1/user/info": () => envelope(-401, null, "请先登录") }, {
      ...storedLogin(),
      [StorageKeys.user]: JSON.stringify(user)
    })
    const result = await runTest(
      Effect.flatMap(Session, (session) => Effect.zip(Effect.flip(session.refreshUser), session.user)).pipe(Effect.provide(layer))
    )
    expect(result[0]._tag).toBe("Unauthorized")
    expect(Option.isNone(result[1])).toBe(true)
    expect([...kv.entries.keys()]).toEqual([])
  })

  it("R9: a -401 from any other call also forgets the cached user", async () => {
    const { layer } = withSession({ "/api/v1/user/points": () => envelope(-401, null, "登录已过期") }, {
      ...storedLogin(),
      [StorageKeys.user]: JSON.stringify(user)
    })
    const after = await runTest(
      Effect.gen(function* () {
        const session = yield* Session
        const api = yield* ApiClient
        const before = yield* session.user
        yield* Effect.flip(api.call(Api.user.points, {}))
        yield* Effect.yieldNow()
        return { before: Option.isSome(before), after: yield* session.user }
      }).pipe(Effect.provide(layer))
    )
    expect(after).toEqual({ before: true, after: Option.none() })
  })

  it("logout ends the session on the server with the token, then clears the token and the user (R7)", async () => {
    const { kv, memory, layer } = withSession({ ...loginAnswers, "/api/v1/base/logout": () => envelope(0, { revoked: 1 }) })
    const seen = await runTest(
      Effect.gen(function* () {
        const session = yield* Session
        yield* session.loginWithCode("13800000000", "123456")
        yield* session.logout
        return { user: yield* session.user, loggedIn: yield* session.isLoggedIn }
      }).pipe(Effect.provide(layer))
    )
    expect(seen).toEqual({ user: Option.none(), loggedIn: false })
    expect(kv.entries.has(StorageKeys.auth) || kv.entries.has(StorageKeys.user)).toBe(false)
    const call = memory.requests.find((request) => request.url === "/api/v1/base/logout")
    expect(call).toMatchObject({ method: "POST", headers: { Authorization: `Bearer ${TOKEN}` } })
  })

  it.each([
    ["the server is unreachable", () => Effect.fail(new HttpFailure({ reason: "offline", timeout: false }))],
    ["the server already ended the session (-401)", () => envelope(-401, null, "请先登录")],
    ["the server fails", () => envelope(500, null, "服务器开小差了")]
  ] as const)("logout still logs out here when %s", async (_name, answer) => {
    const { kv, layer } = withSession({ ...loginAnswers, "/api/v1/base/logout": answer })
    const loggedIn = await runTest(
      Effect.gen(function* () {
        const session = yield* Session
        yield* session.loginWithCode("13800000000", "123456")
        yield* session.logout
        return yield* session.isLoggedIn
      }).pipe(Effect.provide(layer))
    )
    expect(loggedIn).toBe(false)
    expect(kv.entries.has(StorageKeys.auth) || kv.entries.has(StorageKeys.user)).toBe(false)
  })

  it("logout without a token asks the server nothing", async () => {
    const { memory, layer } = withSession({})
    await runTest(Effect.flatMap(Session, (session) => session.logout).pipe(Effect.provide(layer)))
    expect(memory.requests).toEqual([])
  })

  it("log out everywhere: the server ends every session, then token and user are cleared", async () => {
    const { kv, memory, layer } = withSession({ ...loginAnswers, "/api/v1/base/logout_all": () => envelope(0, { revoked: 4 }) })
    const seen = await runTest(
      Effect.gen(function* () {
        const session = yield* Session
        yield* session.loginWithCode("13800000000", "123456")
        const ended = yield* session.logoutEverywhere
        return { ended, loggedIn: yield* session.isLoggedIn }
      }).pipe(Effect.provide(layer))
    )
    expect(seen).toEqual({ ended: 4, loggedIn: false })
    expect(kv.entries.has(StorageKeys.auth)).toBe(false)
    expect(memory.requests.at(-1)).toMatchObject({ method: "POST", url: "/api/v1/base/logout_all" })
  })

  it("log out everywhere that the server did not confirm keeps this session and says why", async () => {
    const { layer } = withSession({ ...loginAnswers, "/api/v1/base/logout_all": () => Effect.fail(new HttpFailure({ reason: "offline", timeout: false })) })
    const seen = await runTest(
      Effect.gen(function* () {
        const session = yield* Session
        yield* session.loginWithCode("13800000000", "123456")
        const failed = yield* Effect.flip(session.logoutEverywhere)
        return { message: userMessage(failed), loggedIn: yield* session.isLoggedIn, user: Option.isSome(yield* session.user) }
      }).pipe(Effect.provide(layer))
    )
    expect(seen).toEqual({ message: "网络异常，请检查网络后重试", loggedIn: true, user: true })
  })

  it.each([["INV2024", "INV2024"], [" MD8K2Q ", "MD8K2Q"], ["bad code!", undefined], ["", undefined]])(
    "remembers invite code %j as %j",
    async (code, stored) => {
      const { kv, layer } = withSession({})
      await runTest(Effect.flatMap(Session, (session) => session.rememberInviteCode(code)).pipe(Effect.provide(layer)))
      expect(kv.entries.get(StorageKeys.inviteCode)).toBe(stored)
    }
  )
})
