import { type AppSettings, appSettings, Config, type CoreServices, type Tool, type Unsubscribe } from "@mido/core"
import { Effect } from "effect"
import { makeAutoObservable, observable, runInAction } from "mobx"
import type { ServiceRunner } from "./ServiceRunner.js"
import type { Store } from "./Store.js"

/**
 * The system config (spec §3 keys, typed by the core's appSettings) and the AI toolbox. The settings
 * start from the persisted config and follow Config.subscribe, so every load, including the start-up
 * one, shows here; `loaded` says a load succeeded since the app started (the feature prompt waits
 * for it, spec §4).
 */
export class ConfigStore implements Store {
  settings: AppSettings = appSettings([])
  loaded = false
  /** The start-up load has ended, loaded or not: the guard may decide without waiting for the config. */
  settled = false
  tools: ReadonlyArray<Tool> = []
  toolsLoaded = false
  toolsLoading = false

  readonly #runner: ServiceRunner

  constructor(runner: ServiceRunner) {
    this.#runner = runner
    makeAutoObservable(this, { settings: observable.ref, tools: observable.ref, start: false }, { autoBind: true })
  }

  /** Called by the root store when the start-up sequence has ended (spec §7). */
  settle(): void {
    this.settled = true
  }

  /** Loads the config again; true when it loaded. */
  async reload(): Promise<boolean> {
    const result = await this.#runner.attempt(Effect.flatMap(Config, (config) => config.load))
    return result.ok
  }

  /** The tools of the toolbox and the tools bar's switcher, loaded once unless `force`. */
  async loadTools(force = false): Promise<ReadonlyArray<Tool>> {
    if ((this.toolsLoaded && !force) || this.toolsLoading) return this.tools
    this.toolsLoading = true
    const result = await this.#runner.attempt(Effect.flatMap(Config, (config) => config.tools))
    runInAction(() => {
      this.toolsLoading = false
      if (!result.ok) return
      this.tools = result.value
      this.toolsLoaded = true
    })
    return this.tools
  }

  /** Starts from the persisted config and follows every load. */
  start(): Effect.Effect<Unsubscribe, never, CoreServices> {
    return Effect.gen(this, function* () {
      const config = yield* Config
      const settings = yield* config.settings
      runInAction(() => {
        this.settings = settings
      })
      return config.subscribe((next) =>
        runInAction(() => {
          this.settings = next
          this.loaded = true
        }))
    })
  }

  /** The app's configuration is the same for every user. */
  reset(): void {}
}
