import { type CoreServices, makePersistedValue, type PersistedValue, StorageKeys, Stored, type Unsubscribe } from "@mido/core"
import { Effect, Option } from "effect"
import { makeAutoObservable, runInAction } from "mobx"
import type { ServiceRunner } from "./ServiceRunner.js"
import type { Store } from "./Store.js"

/**
 * Flags kept for good on this device through the KeyValueStore port (spec §3, JSON `true`):
 * isReadFixedMessage (the fixed notice was read), feature-prompt-show (the community prompt was
 * dismissed), and the H5 flag of spec §2 (NV7: `/list?source=H5` keeps a phone on this site).
 */
export class SavedFlagsStore implements Store {
  isReadFixedMessage = false
  featurePromptShown = false
  h5 = false

  readonly #runner: ServiceRunner
  #readFixedMessage: PersistedValue<boolean> | null = null
  #featurePrompt: PersistedValue<boolean> | null = null
  #h5: PersistedValue<boolean> | null = null

  constructor(runner: ServiceRunner) {
    this.#runner = runner
    makeAutoObservable(this, { start: false }, { autoBind: true })
  }

  /** Spec §4: the fixed notice's read flag removes its badge; kept for good. */
  markFixedMessageRead(): void {
    this.isReadFixedMessage = true
    this.#save(this.#readFixedMessage, true)
  }

  /** Spec §4: closing the feature prompt or going to the community stores the flag permanently. */
  dismissFeaturePrompt(): void {
    this.featurePromptShown = true
    this.#save(this.#featurePrompt, true)
  }

  /** NV7: a phone asked for this site (`/list?source=H5`); kept for good. */
  rememberH5(): void {
    if (this.h5) return
    this.h5 = true
    this.#save(this.#h5, true)
  }

  /** Reads the persisted flags (a corrupt value counts as unset and is removed). */
  start(): Effect.Effect<Unsubscribe, never, CoreServices> {
    return Effect.gen(this, function* () {
      const readFixedMessage = yield* makePersistedValue(StorageKeys.readFixedMessage, Stored.flag)
      const featurePrompt = yield* makePersistedValue(StorageKeys.featurePromptShown, Stored.flag)
      const h5 = yield* makePersistedValue(StorageKeys.h5Flag, Stored.flag)
      const read = Option.getOrElse(yield* readFixedMessage.get, () => false)
      const shown = Option.getOrElse(yield* featurePrompt.get, () => false)
      const onSite = Option.getOrElse(yield* h5.get, () => false)
      runInAction(() => {
        this.#readFixedMessage = readFixedMessage
        this.#featurePrompt = featurePrompt
        this.#h5 = h5
        // a flag set before the stored ones were read (a busy start) is saved now, not lost
        if (this.isReadFixedMessage && !read) this.#save(readFixedMessage, true)
        if (this.featurePromptShown && !shown) this.#save(featurePrompt, true)
        if (this.h5 && !onSite) this.#save(h5, true)
        this.isReadFixedMessage = read || this.isReadFixedMessage
        this.featurePromptShown = shown || this.featurePromptShown
        this.h5 = onSite || this.h5
      })
      return () => undefined
    })
  }

  /** The flags are the device's (spec §3 keeps them across logins), not the user's. */
  reset(): void {}

  #save(persisted: PersistedValue<boolean> | null, value: boolean): void {
    if (persisted !== null) void this.#runner.exit(persisted.set(value))
  }
}
