import { Session, type WechatQr } from "@mido/core"
import { Effect, Exit } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { ServiceRunner } from "./ServiceRunner.js"
import { SmsCodeSender } from "./SmsCodeSender.js"

/**
 * idle: nothing shown; loading: asking for a QR; scanning: the QR is shown and polled every 2000 ms;
 * expired: ask for a new one; bindPhone: a new WeChat user adds a phone; done: logged in.
 */
export type WechatStep = "idle" | "loading" | "scanning" | "expired" | "bindPhone" | "done"

/**
 * Login by WeChat QR (spec §2 /login, §7): get a QR, wait in Session.awaitWechatScan (the core polls),
 * then either logged in, the bind-phone step (SMS code to a phone, then wechat_bind_phone), or
 * expired. Leaving the page (`stop`), logging out and disposing interrupt the wait (R9).
 */
export class WechatLoginFlow {
  step: WechatStep = "idle"
  qr: WechatQr | null = null
  isRegister = false
  binding = false
  readonly bindSms: SmsCodeSender

  readonly #runner: ServiceRunner
  readonly #nonce: () => string | undefined
  #bindKey: string | null = null
  #wait: AbortController | null = null

  constructor(runner: ServiceRunner, nonce: () => string | undefined) {
    this.#runner = runner
    this.#nonce = nonce
    this.bindSms = new SmsCodeSender(runner, "wechatBind")
    makeAutoObservable(this, { qr: observable.ref, bindSms: false }, { autoBind: true })
  }

  /** Shows a fresh QR and waits for it to be scanned and confirmed; gives the step it ended on. */
  async start(): Promise<WechatStep> {
    this.stop()
    const wait = new AbortController()
    this.#wait = wait
    this.step = "loading"
    const nonce = this.#nonce()
    const qr = await this.#runner.attempt(Effect.flatMap(Session, (session) => session.wechatQr(nonce)), wait.signal)
    if (wait.signal.aborted) return this.step
    if (!qr.ok) return this.#finish(wait, "idle")
    runInAction(() => {
      this.qr = qr.value
      this.step = "scanning"
    })
    const outcome = await this.#runner.exit(Effect.flatMap(Session, (session) => session.awaitWechatScan(qr.value, nonce)), wait.signal)
    if (wait.signal.aborted) return this.step
    if (Exit.isFailure(outcome)) {
      this.#runner.reportCause(outcome.cause)
      return this.#finish(wait, "expired")
    }
    const result = outcome.value
    switch (result._tag) {
      case "Confirmed": {
        // Not tied to `wait`: storing the token lets the guard leave /login, which stops this flow,
        // and the session must still be completed (user loaded) and reported as done.
        const login = result.login
        const started = await this.#runner.attempt(Effect.flatMap(Session, (session) => session.startSession(login)))
        if (!started.ok) return this.#finish(wait, "expired")
        runInAction(() => {
          this.isRegister = login.is_register
        })
        this.#finish(wait, "done")
        return "done"
      }
      case "BindPhone":
        this.#bindKey = result.key
        return this.#finish(wait, "bindPhone")
      case "Expired":
        return this.#finish(wait, "expired")
    }
  }

  /** The bind-phone step: logs in with the phone and its SMS code; true when logged in. */
  async bindPhone(phone: string, code: string): Promise<boolean> {
    const key = this.#bindKey
    if (key === null || this.binding) return false
    this.binding = true
    const result = await this.#runner.attempt(Effect.flatMap(Session, (session) => session.bindPhone(key, phone, code)))
    runInAction(() => {
      this.binding = false
      if (!result.ok) return
      this.isRegister = result.value.is_register
      this.step = "done"
      this.#bindKey = null
      this.bindSms.reset()
    })
    return result.ok
  }

  /** Stops waiting (the page is left, the tab switches to SMS, logout). */
  stop(): void {
    this.#wait?.abort()
    this.#wait = null
    this.step = "idle"
    this.qr = null
    this.#bindKey = null
    this.bindSms.reset()
  }

  #finish(wait: AbortController, step: WechatStep): WechatStep {
    if (this.#wait === wait) this.#wait = null
    runInAction(() => {
      this.step = step
    })
    return step
  }
}
