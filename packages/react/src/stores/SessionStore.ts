import {
  Analytics,
  AuthToken,
  type CoreServices,
  type CurrentUser,
  isInviteCode,
  KeyValueStore,
  Session,
  StorageKeys,
  type Unsubscribe
} from "@mido/core"
import { LoginPath, loginRedirect, safeReturn } from "@mido/core/navigation"
import { Effect, Exit, Option } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import { rawRef } from "./rawRef.js"
import type { ServiceRunner } from "./ServiceRunner.js"
import type { Store } from "./Store.js"
import type { SmsCodeSender } from "./SmsCodeSender.js"
import { loadAnalyticsUserId } from "../analyticsUserIdOnDemand.js"
import { LoadedOnDemand } from "./LoadedOnDemand.js"
import type { WechatLoginFlow } from "./WechatLoginFlow.js"

/** What a successful login says: whether it created the account. */
export interface LoginResult {
  readonly isRegister: boolean
}

/** The analytics event pushed on each navigation (spec §2): the user id only as its hash (NV11). */
export const PAGE_VIEW_EVENT = "page_view"

/**
 * Who is logged in (spec §4 auth). `hasToken` follows the core's AuthToken and `user` follows
 * Session.subscribe, so a -401 anywhere (the core clears the token, R9) shows here at once. Holds the
 * login flows of /login, fetched on first use: phone + SMS code (`phoneSmsSender()`, `loginWithCode`)
 * and WeChat QR (`wechatFlow()`).
 */
export class SessionStore implements Store {
  hasToken = false
  user: CurrentUser | null = null
  /** The inviter's code kept from /invited?code= (spec §5), shown on the login page. */
  inviteCode: string | null = null
  loggingIn = false

  readonly #runner: ServiceRunner
  readonly #onUnauthorized: () => void
  readonly #qrNonce: () => string | undefined
  // only /login needs the login flows, so their code is fetched there, not with the first load
  readonly #phoneSms = new LoadedOnDemand(async () => new (await import("./SmsCodeSender.js")).SmsCodeSender(this.#runner, "login"))
  readonly #wechat = new LoadedOnDemand(async () => new (await import("./WechatLoginFlow.js")).WechatLoginFlow(this.#runner, this.#qrNonce))
  /** Logouts of our own in progress: their clearing of the token is not a -401. */
  #ownLogouts = 0
  #pageViews: Promise<void> = Promise.resolve()

  constructor(runner: ServiceRunner, onUnauthorized: () => void, qrNonce: () => string | undefined = () => undefined) {
    this.#runner = runner
    this.#onUnauthorized = onUnauthorized
    this.#qrNonce = qrNonce
    makeAutoObservable(this, { user: observable.ref, start: false, loginHref: false, returnAddress: false }, { autoBind: true })
  }

  get isLoggedIn(): boolean {
    return this.hasToken
  }

  /** Logged in and the user is known: what the membership badge, reminders and notices wait for. */
  get hasUser(): boolean {
    return this.hasToken && this.user !== null
  }

  get isVip(): boolean {
    return this.user?.is_vip ?? false
  }

  /**
   * Where a login button or prompt goes (spec §2, NV5): /login carrying `pathname` + `search` as its
   * return address, the guard's own form; on /login itself, plain /login.
   */
  loginHref(pathname: string, search = ""): string {
    return pathname === LoginPath ? LoginPath : loginRedirect(pathname, search)
  }

  /** NV8: where /login goes after a login: the safe `ref` of its query (`search`), or /list. */
  returnAddress(search: string): string {
    return safeReturn(rawRef(search))
  }

  /** Phone and SMS code, with the stored invite code attached by the core (spec §5). */
  async loginWithCode(phone: string, code: string): Promise<LoginResult | undefined> {
    if (this.loggingIn) return undefined
    this.loggingIn = true
    const result = await this.#runner.attempt(Effect.flatMap(Session, (session) => session.loginWithCode(phone, code)))
    runInAction(() => {
      this.loggingIn = false
      if (result.ok) {
        this.inviteCode = null
        this.#phoneSms.current?.reset()
      }
    })
    return result.ok ? { isRegister: result.value.is_register } : undefined
  }

  /**
   * Logs out (spec §4): the core ends the session on the server (R7) and clears token and user, even
   * when the server cannot be reached; the root store resets what depended on them.
   */
  async logout(): Promise<void> {
    this.#wechat.current?.stop()
    await this.#logout()
  }

  /**
   * Logs out everywhere: every session of the user ends on the server, then this one as a logout.
   * False when the server did not confirm (the error toast says why); this session stays then.
   */
  async logoutEverywhere(): Promise<boolean> {
    this.#ownLogouts += 1
    try {
      const result = await this.#runner.attempt(Effect.flatMap(Session, (session) => session.logoutEverywhere))
      if (result.ok) this.#wechat.current?.stop()
      return result.ok
    } finally {
      this.#ownLogouts -= 1
    }
  }

  /** The WeChat QR login (`start()` → QR → done | bindPhone | expired); one flow, made on first use. */
  wechatFlow(): Promise<WechatLoginFlow> {
    return this.#wechat.get()
  }

  /** The SMS code sender of the phone login (captcha, send, countdown); one, made on first use. */
  phoneSmsSender(): Promise<SmsCodeSender> {
    return this.#phoneSms.get()
  }

  /** Asks the server for the user again (after a profile edit, a purchase). */
  async refreshUser(): Promise<boolean> {
    return (await this.#runner.attempt(Effect.flatMap(Session, (session) => session.refreshUser))).ok
  }

  /**
   * R8: reads ?token= from `search` (a valid one logs in, an invalid one is cleared, which is not a
   * -401) and gives the query without it. The root store does this once at start with its address bar.
   */
  async acceptUrlToken(search: string): Promise<string> {
    this.#ownLogouts += 1
    try {
      const exit = await this.#runner.exit(Effect.flatMap(Session, (session) => session.acceptUrlToken(search)))
      return Exit.isSuccess(exit) ? exit.value.search : search
    } finally {
      this.#ownLogouts -= 1
    }
  }

  /** Keeps the invite code of /invited?code= for the next login; a malformed one is ignored. */
  async rememberInviteCode(code: string): Promise<void> {
    await this.#runner.exit(Effect.flatMap(Session, (session) => session.rememberInviteCode(code)))
    await this.#runner.exit(this.#readInviteCode())
  }

  /**
   * Spec §2: each navigation pushes the page and the user id, hashed (NV11), to the data layer, in the
   * order of the navigations, also while the hash's code (fetched on first use) is on its way.
   */
  trackPageView(path: string): Promise<void> {
    const uid = this.hasToken ? this.user?.uid : undefined
    this.#pageViews = this.#pageViews.then(() => this.#pushPageView(path, uid))
    return this.#pageViews
  }

  async #pushPageView(path: string, uid: number | undefined): Promise<void> {
    const hash = uid === undefined ? undefined : await loadAnalyticsUserId().catch(() => undefined)
    // analytics is best effort: an id whose hash cannot be had is not sent at all
    if (uid !== undefined && hash === undefined) return
    const event = uid === undefined || hash === undefined
      ? { event: PAGE_VIEW_EVENT, page_path: path }
      : { event: PAGE_VIEW_EVENT, page_path: path, user_id: hash(uid) }
    await this.#runner.exit(Effect.flatMap(Analytics, (analytics) => analytics.push(event)))
  }

  /** Leaving /login: no QR wait or countdown goes on. */
  resetLoginFlows(): void {
    this.#phoneSms.current?.reset()
    this.#wechat.current?.stop()
  }

  /**
   * Starts from the stored token and user and follows both. The core clears the token on every -401
   * (R9), whichever call saw it, so a clearing that is not our own logout is a -401: the root store
   * tells its onUnauthorized listeners (once per answer, even for a visitor who had no token). When
   * the token goes without the user, the cached user is cleared too (R9).
   */
  start(): Effect.Effect<Unsubscribe, never, CoreServices> {
    return Effect.gen(this, function* () {
      const auth = yield* AuthToken
      const session = yield* Session
      const token = yield* auth.get
      const user = yield* session.user
      yield* this.#readInviteCode()
      runInAction(() => {
        this.hasToken = Option.isSome(token)
        this.user = Option.getOrNull(user)
      })
      const stopToken = auth.subscribe((next) => {
        const lost = this.hasToken && Option.isNone(next)
        runInAction(() => {
          this.hasToken = Option.isSome(next)
        })
        if (Option.isSome(next) || this.#ownLogouts > 0) return
        if (lost && this.user !== null) void this.#logout()
        this.#onUnauthorized()
      })
      const stopUser = session.subscribe((next) =>
        runInAction(() => {
          this.user = Option.getOrNull(next)
        }))
      return () => {
        stopToken()
        stopUser()
      }
    })
  }

  /** The core clears token and user itself (R9); the login flows are the login page's to stop. */
  reset(): void {}

  /** No QR wait or countdown outlives the root store. */
  dispose(): void {
    this.resetLoginFlows()
  }

  async #logout(): Promise<void> {
    this.#ownLogouts += 1
    try {
      await this.#runner.exit(Effect.flatMap(Session, (session) => session.logout))
    } finally {
      this.#ownLogouts -= 1
    }
  }

  #readInviteCode(): Effect.Effect<void, never, KeyValueStore> {
    return Effect.flatMap(KeyValueStore, (store) => store.get(StorageKeys.inviteCode)).pipe(
      Effect.map((code) => {
        runInAction(() => {
          // a corrupt stored value counts as absent, as the core treats it at login
          this.inviteCode = code !== undefined && isInviteCode(code.trim()) ? code.trim() : null
        })
      })
    )
  }
}
