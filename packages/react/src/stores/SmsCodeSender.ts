import { type Captcha, type InputCallError, Session, type SmsSent } from "@mido/core"
import { Cause, Effect, Exit, Option } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import { Countdown } from "./Countdown.js"
import type { ServiceRunner } from "./ServiceRunner.js"

const isInvalidInput = (error: unknown): boolean =>
  typeof error === "object" && error !== null && "_tag" in error && error._tag === "InvalidInput"

/** Which SMS a sender asks for: the login code, or the code of WeChat's bind-phone step. */
export type SmsPurpose = "login" | "wechatBind"

/**
 * The picture captcha and the SMS send of one form, with its resend countdown. A captcha is single
 * use: after a send, successful or not, it is gone; a failed send asks for a fresh one at once.
 */
export class SmsCodeSender {
  captcha: Captcha | null = null
  captchaPhone = ""
  captchaLoading = false
  sending = false
  readonly countdown = new Countdown()

  readonly #runner: ServiceRunner
  readonly #purpose: SmsPurpose

  constructor(runner: ServiceRunner, purpose: SmsPurpose) {
    this.#runner = runner
    this.#purpose = purpose
    makeAutoObservable(this, { captcha: observable.ref, countdown: false }, { autoBind: true })
  }

  /** The button is usable: nothing is being sent and the countdown has run out. */
  get canSend(): boolean {
    return !this.sending && !this.countdown.running
  }

  /** Asks for the captcha the next send to `phone` needs (the phone is checked first). */
  async loadCaptcha(phone: string): Promise<boolean> {
    this.captchaLoading = true
    const result = await this.#runner.attempt(Effect.flatMap(Session, (session) => session.captcha(phone.trim())))
    runInAction(() => {
      this.captchaLoading = false
      this.captcha = result.ok ? result.value : null
      this.captchaPhone = result.ok ? phone.trim() : ""
    })
    return result.ok
  }

  /**
   * Sends the code with the captcha's answer and starts the countdown from the server's resend_in.
   * Input refused before sending (InvalidInput) keeps the captcha; a send the server saw uses it up.
   */
  async send(phone: string, captchaCode: string): Promise<boolean> {
    if (!this.canSend) return false
    this.sending = true
    const purpose = this.#purpose
    const call = Effect.flatMap(Session, (session): Effect.Effect<SmsSent, InputCallError> =>
      purpose === "login" ? session.sendLoginCode(phone, captchaCode) : session.sendWechatBindCode(phone, captchaCode))
    const exit = await this.#runner.exit(call)
    const refused = Exit.isFailure(exit) && Option.exists(Cause.failureOption(exit.cause), (error) => isInvalidInput(error))
    runInAction(() => {
      this.sending = false
      if (Exit.isSuccess(exit)) this.countdown.start(exit.value.resend_in)
      if (!refused) this.captcha = null
    })
    if (Exit.isSuccess(exit)) return true
    this.#runner.reportCause(exit.cause)
    if (!refused && !Cause.isInterruptedOnly(exit.cause)) await this.loadCaptcha(phone)
    return false
  }

  /** Leaving the form: no countdown keeps ticking. */
  reset(): void {
    this.countdown.stop()
    this.captcha = null
    this.captchaPhone = ""
    this.sending = false
    this.captchaLoading = false
  }
}
