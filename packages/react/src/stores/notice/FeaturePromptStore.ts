import { featurePromptContent, type FeaturePromptContent, featurePromptVisible, FEATURE_PROMPT_TARGET } from "@mido/core/account"
import { makeAutoObservable } from "mobx"
import type { ConfigStore } from "../ConfigStore.js"
import type { SavedFlagsStore } from "../SavedFlagsStore.js"
import type { Store } from "../Store.js"

/**
 * The community feature prompt (spec §2, §4; FP1–FP4 of `@mido/core/account`): a one-time modal once
 * the config has loaded, not on the excluded named routes, its rewards from config. Closing it or
 * following its button stores the feature-prompt-show flag for good. Made on first use (the overlay
 * layer), out of the first load.
 */
export class FeaturePromptStore implements Store {
  readonly #config: ConfigStore
  readonly #flags: SavedFlagsStore

  constructor(config: ConfigStore, flags: SavedFlagsStore) {
    this.#config = config
    this.#flags = flags
    makeAutoObservable(this, {}, { autoBind: true })
  }

  /** FP1–FP2: on screen at `path` (the current route, without query). */
  visibleOn(path: string): boolean {
    return featurePromptVisible({ configLoaded: this.#config.loaded, dismissed: this.#flags.featurePromptShown, path })
  }

  /** FP3: title, lead, the rewards (first post, daily post, the daily cap) and the button's text. */
  get content(): FeaturePromptContent {
    const { firstPostReward, dailyPostReward } = this.#config.settings
    return featurePromptContent(firstPostReward, dailyPostReward)
  }

  /** FP4: where its button goes. */
  get target(): string {
    return FEATURE_PROMPT_TARGET
  }

  /** FP4: closed or followed: never again on this device. */
  dismiss(): void {
    this.#flags.dismissFeaturePrompt()
  }

  /** The flag is the device's, not the user's: a logout changes nothing here. */
  reset(): void {}
}
