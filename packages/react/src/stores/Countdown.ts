import { makeAutoObservable } from "mobx"

/**
 * The SMS button's resend countdown, in whole seconds, ticking once a second. It starts from the
 * server's resend_in (R2), so the button and the server's limit agree.
 */
export class Countdown {
  remaining = 0

  #timer: ReturnType<typeof setInterval> | undefined

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  get running(): boolean {
    return this.remaining > 0
  }

  start(seconds: number): void {
    this.stop()
    this.remaining = Math.max(0, Math.ceil(seconds))
    if (this.remaining > 0) this.#timer = setInterval(this.tick, 1000)
  }

  tick(): void {
    this.remaining = Math.max(0, this.remaining - 1)
    if (this.remaining === 0) this.#clear()
  }

  stop(): void {
    this.#clear()
    this.remaining = 0
  }

  #clear(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer)
    this.#timer = undefined
  }
}
