import { Context, type Effect } from "effect"

/**
 * Client-side persistence (spec §3 local persistence): strings by key. Reading a key that was never
 * written gives undefined; callers decode what they read and treat a corrupt value as absent.
 */
export interface KeyValueStoreShape {
  readonly get: (key: string) => Effect.Effect<string | undefined>
  readonly set: (key: string, value: string) => Effect.Effect<void>
  readonly remove: (key: string) => Effect.Effect<void>
}

export class KeyValueStore extends Context.Tag("@mido/core/KeyValueStore")<KeyValueStore, KeyValueStoreShape>() {}
