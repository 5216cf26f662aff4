import { Context, Effect, Layer, Option } from "effect"
import type { CallError } from "../api/ApiErrors.js"
import type { ConfigEntry } from "../api/schemas/AppConfig.js"
import type { Tool } from "../api/schemas/Tool.js"
import { appSettings, type AppSettings } from "../domain/config/configValues.js"
import { ApiClient } from "./ApiClient.js"
import { makePersistedValue, type Unsubscribe } from "./persistedValue.js"
import { schemaCodeOnFirstUse } from "./schemaCodeOnFirstUse.js"
import { StorageKeys } from "./storageKeys.js"
import { storedConfig } from "./storedShapes.js"

export interface ConfigShape {
  /** The last loaded config (persisted, spec §3 config store), or empty before the first load. */
  readonly current: Effect.Effect<ReadonlyArray<ConfigEntry>>
  readonly settings: Effect.Effect<AppSettings>
  /** Fetches app_config, keeps and persists it. */
  readonly load: Effect.Effect<ReadonlyArray<ConfigEntry>, CallError>
  /** Calls `listener` with the new settings after every load. */
  readonly subscribe: (listener: (settings: AppSettings) => void) => Unsubscribe
  /** The AI toolbox (tools bar switcher, /tools-panel). */
  readonly tools: Effect.Effect<ReadonlyArray<Tool>, CallError>
}

export class Config extends Context.Tag("@mido/core/Config")<Config, ConfigShape>() {}

export const ConfigLive = Layer.effect(
  Config,
  Effect.gen(function* () {
    const api = yield* ApiClient
    const persisted = yield* makePersistedValue(StorageKeys.config, storedConfig)
    const current = Effect.map(persisted.get, Option.getOrElse((): ReadonlyArray<ConfigEntry> => []))
    return Config.of({
      current,
      settings: Effect.map(current, appSettings),
      load: Effect.flatMap(schemaCodeOnFirstUse, (code) => api.call(code.configRoutes.appConfig, {})).pipe(
        Effect.map((config) => config.list),
        Effect.tap((list) => persisted.set(list))
      ),
      subscribe: (listener) => persisted.subscribe((stored) => listener(appSettings(Option.getOrElse(stored, () => [])))),
      tools: Effect.flatMap(schemaCodeOnFirstUse, (code) => api.call(code.configRoutes.tools, {})).pipe(Effect.map((answer) => answer.list))
    })
  })
)
