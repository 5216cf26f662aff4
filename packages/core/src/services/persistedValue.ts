import { Effect, Option } from "effect"
import { KeyValueStore } from "../ports/KeyValueStore.js"
import { makeObservable, type Unsubscribe } from "./observable.js"
import type { StoredShape } from "./storedShape.js"

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

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * A value kept in memory and mirrored to the KeyValueStore as JSON. What is read back is checked with
 * `shape` (a StoredShape, ADR 0032: these values are read before the first paint, without Schema); a
 * corrupt or outdated stored value counts as absent and is removed (docs/ARCHITECTURE.md, Conventions).
 * What is written is what the shape reads of it, so a value written is a value read back.
 */
export const makePersistedValue = <A>(key: string, shape: StoredShape<A>) =>
  Effect.gen(function* () {
    const store = yield* KeyValueStore
    const stored = yield* store.get(key)
    // undefined is "does not fit"; a saved null (a Stored.nullOr shape) is a value like any other
    const read = stored === undefined ? undefined : shape(parseJson(stored))
    const initial = read === undefined ? Option.none<A>() : Option.some(read)
    if (stored !== undefined && Option.isNone(initial)) yield* store.remove(key)
    const observable = makeObservable(initial)
    const publish = (value: Option.Option<A>) => Effect.sync(() => observable.publish(value))
    const value: PersistedValue<A> = {
      get: Effect.sync(observable.get),
      set: (next) =>
        Effect.suspend(() => {
          const written = shape(next)
          // as Schema.encode's orDie did: a value of the type that does not fit is a defect of the caller
          if (written === undefined) return Effect.die(new Error(`${key}: the value to save does not fit its shape`))
          // what is kept and told is what a reload would read back
          return Effect.zipRight(store.set(key, JSON.stringify(written)), publish(Option.some(written)))
        }),
      clear: Effect.zipRight(store.remove(key), publish(Option.none())),
      subscribe: observable.subscribe
    }
    return value
  })
