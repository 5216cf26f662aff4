import type { TaskPoints, TaskPointsPayload } from "@mido/core"
import type { GenerationShape } from "@mido/core/generation"
import { makeAutoObservable, observable, runInAction } from "mobx"
import { LatestOnly } from "../paging/LatestOnly.js"
import type { ServiceRunner } from "../ServiceRunner.js"
import { type ShortBalanceRefusal, shortBalanceText } from "./shortBalance.js"

/** The pause after the last change of a form's options before the cost is asked again. */
export const COST_DEBOUNCE_MS = 300

export type CostPayload = typeof TaskPointsPayload.Encoded

/**
 * The cost shown on a creation page's button (消耗 N 米豆): the server's points call for the form's
 * current options, asked again (debounced) when they change; the latest answer wins. Money is never
 * computed here: `points` and `balance` are the server's.
 */
export class TaskCost {
  quote: TaskPoints | null = null
  /** True from a change of options until its answer (the button waits). */
  loading = false

  readonly #runner: ServiceRunner
  readonly #generation: GenerationShape
  readonly #debounceMs: number
  readonly #refuseShort: ShortBalanceRefusal | undefined
  readonly #latest = new LatestOnly()
  #timer: ReturnType<typeof setTimeout> | undefined
  #key = ""
  #payload: CostPayload | undefined

  constructor(runner: ServiceRunner, generation: GenerationShape, debounceMs = COST_DEBOUNCE_MS, refuseShort?: ShortBalanceRefusal) {
    this.#runner = runner
    this.#generation = generation
    this.#debounceMs = debounceMs
    this.#refuseShort = refuseShort
    makeAutoObservable(this, { quote: observable.ref }, { autoBind: true })
  }

  get points(): number | null {
    return this.quote?.points ?? null
  }

  /** False only when the server said the balance is below the cost. */
  get enough(): boolean {
    return this.quote === null || this.quote.balance >= this.quote.points
  }

  /** The toast for a click when the balance is short; null when it is enough (or not known yet). */
  get refusal(): string | null {
    return this.quote === null || this.enough ? null : shortBalanceText(this.quote.points, this.quote.balance)
  }

  /**
   * The button's click when the server said the balance is short: the refusal (toast, and the purchase
   * dialog on 米豆套餐) and true, so nothing is sent; false when the balance is enough or not known yet.
   */
  refuse(): boolean {
    const quote = this.quote
    if (quote === null || this.enough) return false
    this.#refuseShort?.(quote.points, quote.balance)
    return true
  }

  /**
   * The button's click: like `refuse`, but a quote that says the balance is short is asked again
   * first, since the balance it carries may be older than the beans bought since (a page opened with
   * 0 beans asks the cost at once, WF7). Refuses only when the fresh answer is short too.
   */
  async check(): Promise<boolean> {
    const payload = this.#payload
    if (this.quote === null || this.enough || payload === undefined) return false
    const token = this.#latest.begin()
    const answer = await this.#runner.attempt(this.#generation.cost(payload))
    if (token.current) {
      runInAction(() => {
        if (answer.ok) this.quote = answer.value
      })
    }
    return this.refuse()
  }

  /** The form's options changed: ask again after a pause (the same options twice ask once). */
  update(payload: CostPayload): void {
    const key = JSON.stringify(payload)
    if (key === this.#key && (this.quote !== null || this.loading)) return
    this.#key = key
    this.#payload = payload
    this.loading = true
    clearTimeout(this.#timer)
    const token = this.#latest.begin()
    this.#timer = setTimeout(() => void this.#ask(payload, token), this.#debounceMs)
  }

  /** Stops a pending ask (the page went away or the user logged out). */
  stop(): void {
    clearTimeout(this.#timer)
    this.#latest.cancel()
    this.#key = ""
    this.#payload = undefined
    this.loading = false
    this.quote = null
  }

  async #ask(payload: CostPayload, token: { readonly current: boolean }): Promise<void> {
    const answer = await this.#runner.attempt(this.#generation.cost(payload))
    if (!token.current) return
    runInAction(() => {
      this.loading = false
      if (answer.ok) this.quote = answer.value
    })
  }
}
