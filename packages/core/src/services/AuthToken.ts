import { Context, Effect, Layer, Option, Schema, type Stream, SubscriptionRef } from "effect"
import { KeyValueStore } from "../ports/KeyValueStore.js"

/** The storage key of the auth store (spec §3: config, user, auth and sidebar stores persist). */
export const AUTH_STORAGE_KEY = "mido.auth"

const StoredAuth = Schema.parseJson(Schema.Struct({ token: Schema.NonEmptyTrimmedString }))

export interface AuthTokenShape {
  readonly get: Effect.Effect<Option.Option<string>>
  readonly set: (token: string) => Effect.Effect<void>
  readonly clear: Effect.Effect<void>
  /** The current token and every change after it (logout included), for stores to follow. */
  readonly changes: Stream.Stream<Option.Option<string>>
}

/** The login token, kept in memory and persisted through the KeyValueStore port. */
export class AuthToken extends Context.Tag("@mido/core/AuthToken")<AuthToken, AuthTokenShape>() {}

/** Reads the persisted token once at start; a corrupt stored value counts as logged out. */
export const AuthTokenLive = Layer.effect(
  AuthToken,
  Effect.gen(function* () {
    const store = yield* KeyValueStore
    const stored = yield* store.get(AUTH_STORAGE_KEY)
    const initial = stored === undefined
      ? Option.none<string>()
      : Schema.decodeUnknownOption(StoredAuth)(stored).pipe(Option.map((auth) => auth.token))
    if (stored !== undefined && Option.isNone(initial)) yield* store.remove(AUTH_STORAGE_KEY)
    const ref = yield* SubscriptionRef.make(initial)
    return {
      get: SubscriptionRef.get(ref),
      set: (token) =>
        Effect.zipRight(
          store.set(AUTH_STORAGE_KEY, JSON.stringify({ token })),
          SubscriptionRef.set(ref, Option.some(token))
        ),
      clear: Effect.zipRight(store.remove(AUTH_STORAGE_KEY), SubscriptionRef.set(ref, Option.none())),
      changes: ref.changes
    }
  })
)
