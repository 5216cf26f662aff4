import { Reminders, type ReminderType } from "@mido/core"
import { Effect } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { ServiceRunner } from "./ServiceRunner.js"
import type { Store } from "./Store.js"
import type { SessionStore } from "./SessionStore.js"

/**
 * The reminder dialog (spec §4, RM1–RM6): after a login (or the start-up refresh) and the config,
 * the due types are asked for once and shown one after another. A type counts as shown (RM4: at most
 * once per 24 hours) the moment it is put on screen, so a reload does not show it again. Its wording
 * is `reminderOnScreen` (a module of its own: the wording rules load with the dialog, ADR 0031).
 */
export class ReminderStore implements Store {
  current: ReminderType | null = null
  queue: ReadonlyArray<ReminderType> = []
  checking = false

  readonly #runner: ServiceRunner
  readonly #session: SessionStore

  constructor(runner: ServiceRunner, session: SessionStore) {
    this.#runner = runner
    this.#session = session
    makeAutoObservable(this, { queue: observable.ref }, { autoBind: true })
  }

  /** Asks which reminders are due and shows the first; nothing while one is on screen. */
  async check(): Promise<ReadonlyArray<ReminderType>> {
    if (this.checking || this.current !== null) return []
    this.checking = true
    const result = await this.#runner.attempt(Effect.flatMap(Reminders, (reminders) => reminders.due()))
    runInAction(() => {
      this.checking = false
    })
    if (!result.ok || !this.#session.isLoggedIn) return []
    runInAction(() => {
      this.queue = result.value
    })
    this.#showNext()
    return result.value
  }

  /** The dialog was closed or a button followed: the next due reminder, if any. */
  dismiss(): void {
    this.#showNext()
  }

  /** RM4: records that `type` was shown now. */
  async markShown(type: ReminderType): Promise<void> {
    await this.#runner.exit(Effect.flatMap(Reminders, (reminders) => reminders.markShown(type)))
  }

  /** Logging out: nothing is shown or waiting. */
  clear(): void {
    this.current = null
    this.queue = []
  }

  /** Logout or -401: nothing is shown or waiting. */
  reset(): void {
    this.clear()
  }

  #showNext(): void {
    const [next, ...rest] = this.queue
    runInAction(() => {
      this.current = next ?? null
      this.queue = rest
    })
    if (next !== undefined) void this.markShown(next)
  }
}
