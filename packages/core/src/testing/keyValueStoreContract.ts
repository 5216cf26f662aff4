import { Effect } from "effect"
import type { KeyValueStoreShape } from "../ports/KeyValueStore.js"

/**
 * The behaviour every KeyValueStore adapter promises, as named checks. Each package runs these
 * against its adapters with its own test runner (the checks throw on failure).
 */
export const keyValueStoreContract: ReadonlyArray<readonly [string, (store: KeyValueStoreShape) => Effect.Effect<void>]> = [
  ["an unknown key reads as undefined", (store) => Effect.gen(function* () {
    if ((yield* store.get("contract.missing")) !== undefined) throw new Error("expected undefined")
  })],
  ["a written value reads back exactly, Chinese and JSON included", (store) => Effect.gen(function* () {
    const value = JSON.stringify({ nickname: "米豆用户", n: 1 })
    yield* store.set("contract.value", value)
    if ((yield* store.get("contract.value")) !== value) throw new Error("value changed on the way")
  })],
  ["a second write replaces the first", (store) => Effect.gen(function* () {
    yield* store.set("contract.replace", "a")
    yield* store.set("contract.replace", "b")
    if ((yield* store.get("contract.replace")) !== "b") throw new Error("expected the second value")
  })],
  ["remove forgets the key and leaves the others", (store) => Effect.gen(function* () {
    yield* store.set("contract.keep", "1")
    yield* store.set("contract.drop", "2")
    yield* store.remove("contract.drop")
    if ((yield* store.get("contract.drop")) !== undefined) throw new Error("removed key still there")
    if ((yield* store.get("contract.keep")) !== "1") throw new Error("other key lost")
  })],
  ["removing a missing key is fine", (store) => store.remove("contract.never")],
  ["the empty string is a value, not absence", (store) => Effect.gen(function* () {
    yield* store.set("contract.empty", "")
    if ((yield* store.get("contract.empty")) !== "") throw new Error("empty string lost")
  })]
]
