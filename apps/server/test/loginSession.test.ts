import { ApiClientLive, AuthTokenLive, Session, SessionLive, StorageKeys, userMessage } from "@mido/core"
import { FetchHttpLayer } from "@mido/core/browser"
import { MemoryKeyValueStoreLayer } from "@mido/core/testing"
import { Effect, Either, Layer, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freshIp, lastSms, loginByPhone, type LoginTestServer, Paths, startLoginServer } from "./loginHelpers.js"

let server: LoginTestServer

beforeAll(async () => {
  server = await startLoginServer()
})
afterAll(() => server.stop())

/** The web app's own Session service over ofetch against the real server; one client IP per run. */
const withSession = <A, E>(program: Effect.Effect<A, E, Session>, stored: Record<string, string> = {}) => {
  const ip = freshIp()
  const fetchFromIp: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers)
    headers.set("x-forwarded-for", ip)
    return fetch(input, { ...init, headers })
  }
  const ports = Layer.merge(FetchHttpLayer({ baseUrl: server.url, fetch: fetchFromIp }), MemoryKeyValueStoreLayer(stored))
  const client = Layer.provideMerge(ApiClientLive, Layer.provideMerge(AuthTokenLive, ports))
  return Effect.runPromise(Effect.either(program).pipe(Effect.provide(Layer.provideMerge(SessionLive, client))))
}

const devAnswer = (phone: string) => Effect.promise(async () => (await server.call("GET", `/api/dev/captcha?phone=${phone}`)).data.answer as string)
const devCode = (phone: string) => Effect.promise(async () => (await lastSms(server, phone))!.code)
const confirm = (key: string, mode: "bound" | "new", phone = "") =>
  Effect.promise(() => fetch(`${server.url}/api/dev/wechat/confirm`, { method: "POST", body: new URLSearchParams({ key, mode, phone }) }))

describe("the core's Session service agrees with the server", () => {
  it("captcha → sendLoginCode → loginWithCode (with the stored invite code) → the current user", async () => {
    const inviter = await loginByPhone(server, "13300000001")
    const inviterInfo = await server.call("GET", Paths.userInfo, undefined, { token: inviter.token })
    const phone = "13300000002"
    const result = await withSession(
      Effect.gen(function* () {
        const session = yield* Session
        const captcha = yield* session.captcha(phone)
        expect(captcha.image).toMatch(/^data:image\/svg\+xml/)
        const sent = yield* session.sendLoginCode(phone, yield* devAnswer(phone))
        expect(sent.resend_in).toBe(60)
        const login = yield* session.loginWithCode(phone, yield* devCode(phone))
        return { login, user: yield* session.user, loggedIn: yield* session.isLoggedIn }
      }),
      { [StorageKeys.inviteCode]: inviterInfo.data.invite_code }
    )
    expect(Either.isRight(result)).toBe(true)
    if (Either.isRight(result)) {
      expect(result.right.login.is_register).toBe(true)
      expect(result.right.loggedIn).toBe(true)
      expect(Option.getOrThrow(result.right.user)).toMatchObject({ nickname: "米豆用户0002", phone: "133****0002", invite_user_id: inviterInfo.data.uid })
    }
  })

  it("a wrong code comes back as the server's message", async () => {
    const phone = "13300000003"
    const result = await withSession(
      Effect.gen(function* () {
        const session = yield* Session
        yield* session.captcha(phone)
        yield* session.sendLoginCode(phone, yield* devAnswer(phone))
        const code = yield* devCode(phone)
        return yield* session.loginWithCode(phone, code === "000000" ? "000001" : "000000")
      })
    )
    expect(Either.isLeft(result)).toBe(true)
    if (Either.isLeft(result)) expect(userMessage(result.left)).toBe("验证码错误或已失效，请重新获取")
  })

  it("WeChat QR: an account with WeChat logs in through awaitWechatLogin", async () => {
    await loginByPhone(server, "13300000004")
    const result = await withSession(
      Effect.gen(function* () {
        const session = yield* Session
        const nonce = "nc_session_test_nonce_000"
        const qr = yield* session.wechatQr(nonce)
        yield* confirm(qr.key, "bound", "13300000004")
        const outcome = yield* session.awaitWechatLogin(qr, nonce)
        return { outcome, user: yield* session.user }
      })
    )
    expect(Either.isRight(result) && result.right.outcome).toEqual({ _tag: "LoggedIn", isRegister: false })
    if (Either.isRight(result)) expect(Option.getOrThrow(result.right.user).phone).toBe("133****0004")
  })

  it("WeChat QR: a new WeChat user binds a phone through bindPhone", async () => {
    const phone = "13300000005"
    const result = await withSession(
      Effect.gen(function* () {
        const session = yield* Session
        const qr = yield* session.wechatQr()
        yield* confirm(qr.key, "new")
        const outcome = yield* session.awaitWechatLogin(qr)
        if (outcome._tag !== "BindPhone") return { outcome, login: undefined }
        yield* session.captcha(phone)
        yield* session.sendWechatBindCode(phone, yield* devAnswer(phone))
        const login = yield* session.bindPhone(outcome.key, phone, yield* devCode(phone))
        return { outcome, login }
      })
    )
    expect(Either.isRight(result)).toBe(true)
    if (Either.isRight(result)) {
      expect(result.right.outcome._tag).toBe("BindPhone")
      expect(result.right.login?.is_register).toBe(true)
    }
  })
})
