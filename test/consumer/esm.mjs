// Node ESM, as another team's script would import the packed packages (scripts/check-packages.mjs runs it).
import assert from "node:assert/strict"
import { formatCount, formatYuan, parseYuan } from "@mido/core"
import { makeFileKeyValueStore } from "@mido/core/node"
import { ToastStore } from "@mido/react"

assert.equal(formatCount(12345), "12.3k")
assert.equal(formatCount(1_000_000), "1m")
assert.equal(formatYuan(parseYuan("19.9")), "19.90")
assert.equal(typeof makeFileKeyValueStore, "function")
assert.equal(typeof ToastStore, "function")
console.log("esm ok")
