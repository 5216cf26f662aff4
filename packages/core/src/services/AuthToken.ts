import { Context, Effect, Layer, Option } from "effect"
import { makePersistedValue, type Unsubscribe } from "./persistedValue.js"
import { StorageKeys } from "./storageKeys.js"
import { storedAuth } from "./storedShapes.js"

export const AUTH_STORAGE_KEY = StorageKeys.auth

export interface AuthTokenShape {
  readonly get: Effect.Effect<Option.Option<string>>
  readonly set: (token: string) => Effect.Effect<void>
  readonly clear: Effect.Effect<void>
  /** Calls `listener` after every change of the token (login, logout, -401). */
  readonly subscribe: (listener: (token: Option.Option<string>) => void) => Unsubscribe
}

/** The login token, kept in memory and persisted through the KeyValueStore port (spec §3 auth store). */
export class AuthToken extends Context.Tag("@mido/core/AuthToken")<AuthToken, AuthTokenShape>() {}

/** Reads the persisted token once at start; a corrupt stored value counts as logged out. */
export const AuthTokenLive = Layer.effect(
  AuthToken,
  Effect.gen(function* () {
    const persisted = yield* makePersistedValue(StorageKeys.auth, storedAuth)
    const tokenOf = Option.map((auth: { readonly token: string }) => auth.token)
    return {
      get: Effect.map(persisted.get, tokenOf),
      set: (token) => persisted.set({ token }),
      clear: persisted.clear,
      subscribe: (listener) => persisted.subscribe((auth) => listener(tokenOf(auth)))
    }
  })
)
