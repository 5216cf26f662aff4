import { Effect, Option, Schema } from "effect"
import { KeyValueStore } from "../ports/KeyValueStore.js"
import { makeObservable, type Unsubscribe } from "./observable.js"

export type { Unsubscribe } from "./observable.js"

export interface PersistedValue<A> {
  readonly get: Effect.Effect<Option.Option<A>>
  readonly set: (value: A) => Effect.Effect<void>
  readonly clear: Effect.Effect<void>
  /**
   * Calls `listener` after every change (set or clear). A plain callback rather than an Effect Stream:
   * MobX stores want exactly this, and Stream would add ~17 KB gzip to the browser bundle.
   */
  readonly subscribe: (listener: (value: Option.Option<A>) => void) => Unsubscribe
}

/**
 * A value kept in memory and mirrored to the KeyValueStore as JSON. What is read back is decoded with
 * the schema; a corrupt or outdated stored value counts as absent and is removed (docs/ARCHITECTURE.md, Conventions).
 */
export const makePersistedValue = <A, I>(key: string, schema: Schema.Schema<A, I>) =>
  Effect.gen(function* () {
    const store = yield* KeyValueStore
    const codec = Schema.parseJson(schema)
    const stored = yield* store.get(key)
    const initial = stored === undefined ? Option.none<A>() : Schema.decodeUnknownOption(codec)(stored)
    if (stored !== undefined && Option.isNone(initial)) yield* store.remove(key)
    const observable = makeObservable(initial)
    const publish = (value: Option.Option<A>) => Effect.sync(() => observable.publish(value))
    const value: PersistedValue<A> = {
      get: Effect.sync(observable.get),
      set: (next) =>
        Schema.encode(codec)(next).pipe(
          Effect.orDie,
          Effect.flatMap((text) => store.set(key, text)),
          Effect.zipRight(publish(Option.some(next)))
        ),
      clear: Effect.zipRight(store.remove(key), publish(Option.none())),
      subscribe: observable.subscribe
    }
    return value
  })
