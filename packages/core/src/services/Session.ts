import { Context, Duration, Effect, Layer, Option } from "effect"
import type { CallError, InputCallError, InvalidInput, NetworkError } from "../api/ApiErrors.js"
import type { AnyRoute, RouteInput } from "../api/Route.js"
import type { Captcha, LoginResponse, SmsSent } from "../api/schemas/Login.js"
import type { CurrentUser } from "../api/schemas/UserInfo.js"
import type { WechatQr, WechatQrCheck } from "../api/schemas/WechatQr.js"
import { readTokenQuery, withoutTokenQuery } from "../domain/navigation/tokenQuery.js"
import { KeyValueStore } from "../ports/KeyValueStore.js"
import { ApiClient } from "./ApiClient.js"
import { AuthToken } from "./AuthToken.js"
import { makePersistedValue, type Unsubscribe } from "./persistedValue.js"
import { schemaCodeOnFirstUse } from "./schemaCodeOnFirstUse.js"
import { signInOnFirstUse } from "./signInOnFirstUse.js"
import { StorageKeys } from "./storageKeys.js"
import { isInviteCode, storedUser } from "./storedShapes.js"

/** How often the WeChat QR state is asked for while the login page shows it. */
export const WECHAT_POLL_INTERVAL_MS = 2000

/** Where a WeChat QR login ends: logged in, a phone must be bound first, or the QR ran out. */
export type WechatLoginOutcome =
  | { readonly _tag: "LoggedIn"; readonly isRegister: boolean }
  | { readonly _tag: "BindPhone"; readonly key: string }
  | { readonly _tag: "Expired" }

/** Where waiting on a WeChat QR ends, before any session starts: confirmed, bind a phone, or expired. */
export type WechatScanOutcome =
  | { readonly _tag: "Confirmed"; readonly login: LoginResponse }
  | { readonly _tag: "BindPhone"; readonly key: string }
  | { readonly _tag: "Expired" }

/** The token query of the address (spec §2, R8): what was found, and the query without it. */
export interface UrlTokenResult {
  readonly kind: "valid" | "invalid" | "absent"
  readonly search: string
}

export interface SessionShape {
  readonly user: Effect.Effect<Option.Option<CurrentUser>>
  /** Calls `listener` after every change of the user: login, refresh, logout, -401. */
  readonly subscribe: (listener: (user: Option.Option<CurrentUser>) => void) => Unsubscribe
  readonly isLoggedIn: Effect.Effect<boolean>
  /** The picture captcha the next SMS send needs; bound to the phone, or to the logged-in user. */
  readonly captcha: (phone?: string) => Effect.Effect<Captcha, InputCallError>
  readonly sendLoginCode: (phone: string, captchaCode: string) => Effect.Effect<SmsSent, InputCallError>
  readonly sendWechatBindCode: (phone: string, captchaCode: string) => Effect.Effect<SmsSent, InputCallError>
  /** Logs in by phone and code, with the stored invite code when there is one (spec §5). */
  readonly loginWithCode: (phone: string, code: string) => Effect.Effect<LoginResponse, InputCallError>
  readonly wechatQr: (nonce?: string) => Effect.Effect<WechatQr, CallError>
  /** Polls the QR every 2000 ms until a token, a bind-phone step, or expiry (its expire_in). */
  readonly awaitWechatLogin: (qr: WechatQr, nonce?: string) => Effect.Effect<WechatLoginOutcome, CallError>
  /**
   * The interruptible half of awaitWechatLogin: polls until confirmed, bind-phone or expired, and starts
   * no session, so that a page leaving mid-wait cannot cut a login in half; finish with `startSession`.
   */
  readonly awaitWechatScan: (qr: WechatQr, nonce?: string) => Effect.Effect<WechatScanOutcome, CallError>
  /** Stores the token and loads the user as one uninterruptible step (a half-started session shows no user). */
  readonly startSession: (login: LoginResponse) => Effect.Effect<LoginResponse, CallError>
  /** Completes a WeChat login for a new WeChat user by binding a phone (spec §3 bind payload). */
  readonly bindPhone: (key: string, phone: string, code: string) => Effect.Effect<LoginResponse, InputCallError>
  readonly refreshUser: Effect.Effect<Option.Option<CurrentUser>, CallError>
  /**
   * Logs out (spec §4): ends the session on the server (R7), then forgets token and user whatever the
   * answer, so a failed call (offline) never keeps anyone logged in here.
   */
  readonly logout: Effect.Effect<void>
  /**
   * Logs out everywhere: ends every session of the user on the server, this one included, then
   * forgets token and user. When the server did not confirm, nothing is forgotten and the error says
   * why (the other devices are still logged in); answers how many sessions ended.
   */
  readonly logoutEverywhere: Effect.Effect<number, CallError>
  /** Reads ?token= once (R8): a valid one logs in, an invalid one is cleared; gives the cleaned query. */
  readonly acceptUrlToken: (search: string) => Effect.Effect<UrlTokenResult>
  /** Remembers the invite code from /invited?code= for the next login; a malformed code is ignored. */
  readonly rememberInviteCode: (code: string) => Effect.Effect<void>
}

export class Session extends Context.Tag("@mido/core/Session")<Session, SessionShape>() {}

export const SessionLive = Layer.scoped(
  Session,
  Effect.gen(function* () {
    const api = yield* ApiClient
    const auth = yield* AuthToken
    const store = yield* KeyValueStore
    const user = yield* makePersistedValue(StorageKeys.user, storedUser)
    // R9: whichever call saw the -401 cleared the token; the cached user goes with it
    yield* Effect.acquireRelease(
      Effect.sync(() => auth.subscribe((token) => (Option.isNone(token) ? Effect.runFork(user.clear) : undefined))),
      (unsubscribe) => Effect.sync(unsubscribe)
    )

    const storedInviteCode = Effect.map(store.get(StorageKeys.inviteCode), (code) =>
      code !== undefined && isInviteCode(code.trim()) ? code.trim() : undefined)

    const refreshUser = Effect.gen(function* () {
      if (Option.isNone(yield* auth.get)) return Option.none<CurrentUser>()
      const { currentUserRoutes } = yield* schemaCodeOnFirstUse
      const fresh = yield* api.call(currentUserRoutes.info, {})
      yield* user.set(fresh)
      return Option.some(fresh)
    }).pipe(Effect.tapErrorTag("Unauthorized", () => user.clear))

    // Uninterruptible: the token alone lets the guard leave /login, which interrupts the page's flows;
    // the user must still be loaded, or the top bar shows a logged-in session with nobody in it.
    const startSession = (response: LoginResponse) =>
      Effect.uninterruptible(Effect.gen(function* () {
        yield* auth.set(response.token)
        // the invite code has done its job once an account exists
        yield* store.remove(StorageKeys.inviteCode)
        yield* refreshUser
        return response
      }))

    const forget = Effect.zipRight(auth.clear, user.clear)
    const logout = Effect.zipRight(
      Effect.flatMap(auth.get, (token) => (Option.isSome(token) ? Effect.ignore(Effect.flatMap(schemaCodeOnFirstUse, (code) => api.call(code.sessionRoutes.logout, {}))) : Effect.void)),
      forget
    )

    const awaitWechatScan = (qr: WechatQr, nonce?: string) => {
      const check = Effect.flatMap(signInOnFirstUse, (signIn) =>
        api.call(signIn.checkLoginWechatQr, nonce === undefined ? { key: qr.key } : { key: qr.key, nonce }))
      const poll: Effect.Effect<WechatQrCheck, CallError> = Effect.flatMap(check, (state) =>
        state.status === "waiting" || state.status === "scanned"
          ? Effect.zipRight(Effect.sleep(Duration.millis(WECHAT_POLL_INTERVAL_MS)), Effect.suspend(() => poll))
          : Effect.succeed(state))
      return poll.pipe(
        Effect.timeoutTo({
          duration: Duration.seconds(qr.expire_in),
          onTimeout: (): WechatQrCheck => ({ status: "expired" }),
          onSuccess: (state) => state
        }),
        Effect.map((check): WechatScanOutcome => {
          switch (check.status) {
            case "success":
              return { _tag: "Confirmed", login: check }
            case "bind_phone":
              return { _tag: "BindPhone", key: check.key }
            default:
              return { _tag: "Expired" }
          }
        })
      )
    }

    const awaitWechatLogin = (qr: WechatQr, nonce?: string) =>
      Effect.flatMap(awaitWechatScan(qr, nonce), (scan): Effect.Effect<WechatLoginOutcome, CallError> =>
        scan._tag === "Confirmed"
          ? Effect.as(startSession(scan.login), { _tag: "LoggedIn", isRegister: scan.login.is_register } as const)
          : Effect.succeed(scan))

    /** What a person typed, checked with the route's schema (validateInput, loaded with Schema). */
    const validated = <R extends AnyRoute>(route: R, raw: unknown): Effect.Effect<RouteInput<R>, InvalidInput | NetworkError> =>
      Effect.flatMap(schemaCodeOnFirstUse, (code) => code.validateInput(route, raw))

    const withInvite = <A extends object>(payload: A) =>
      Effect.map(storedInviteCode, (invite_code) => (invite_code === undefined ? payload : { ...payload, invite_code }))

    return Session.of({
      user: user.get,
      subscribe: user.subscribe,
      isLoggedIn: Effect.map(auth.get, Option.isSome),
      captcha: (phone) =>
        Effect.flatMap(signInOnFirstUse, (signIn) =>
          Effect.flatMap(validated(signIn.captcha, phone === undefined ? {} : { phone }), (input) => api.call(signIn.captcha, input))),
      sendLoginCode: (phone, captcha_code) =>
        Effect.flatMap(signInOnFirstUse, (signIn) =>
          Effect.flatMap(validated(signIn.sendVerifySms, { phone, captcha_code }), (input) => api.call(signIn.sendVerifySms, input))),
      sendWechatBindCode: (phone, captcha_code) =>
        Effect.flatMap(signInOnFirstUse, (signIn) =>
          Effect.flatMap(validated(signIn.sendWechatBindSms, { phone, captcha_code }), (input) => api.call(signIn.sendWechatBindSms, input))),
      loginWithCode: (phone, code) =>
        Effect.flatMap(signInOnFirstUse, (signIn) =>
          withInvite({ phone, code }).pipe(
            Effect.flatMap((payload) => validated(signIn.login, payload)),
            Effect.flatMap((input) => api.call(signIn.login, input)),
            Effect.flatMap(startSession)
          )),
      wechatQr: (nonce) => Effect.flatMap(signInOnFirstUse, (signIn) => api.call(signIn.loginWechatQr, nonce === undefined ? {} : { nonce })),
      awaitWechatLogin,
      awaitWechatScan,
      startSession,
      bindPhone: (key, phone, code) =>
        Effect.flatMap(signInOnFirstUse, (signIn) =>
          withInvite({ key, phone, code }).pipe(
            Effect.flatMap((payload) => validated(signIn.wechatBindPhone, payload)),
            Effect.flatMap((input) => api.call(signIn.wechatBindPhone, input)),
            Effect.flatMap(startSession)
          )),
      refreshUser,
      logout,
      logoutEverywhere: Effect.flatMap(schemaCodeOnFirstUse, (code) => api.call(code.sessionRoutes.logoutEverywhere, {})).pipe(
        Effect.map((ended) => ended.revoked),
        Effect.tap(() => forget)
      ),
      acceptUrlToken: (search) =>
        Effect.gen(function* () {
          const found = readTokenQuery(search)
          const cleaned = withoutTokenQuery(search)
          if (found.kind === "valid") {
            // a token from the address starts a new session: the previous user's data must not linger
            yield* user.clear
            yield* auth.set(found.token)
            return { kind: "valid", search: cleaned }
          }
          if (found.kind === "invalid") {
            yield* Effect.logWarning("ignored an invalid token in the address")
            yield* forget
          }
          return { kind: found.kind, search: cleaned }
        }),
      rememberInviteCode: (code) => (isInviteCode(code.trim()) ? store.set(StorageKeys.inviteCode, code.trim()) : Effect.void)
    })
  })
)
