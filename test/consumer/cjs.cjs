/* global require, console */
/* eslint-disable @typescript-eslint/no-require-imports -- this file is the CommonJS consumer */
// CommonJS `require` of the packed packages: Node ≥ 20.19 loads their ES modules through require(esm)
// (the `default` export condition, ADR 0021). scripts/check-packages.mjs runs it.
const assert = require("node:assert/strict")
const { formatCount, parseYuan, formatYuan } = require("@mido/core")
const { Effect } = require("effect")

assert.equal(formatCount(999_999), "999.9k")
assert.equal(formatYuan(parseYuan("0.5")), "0.50")
assert.equal(Effect.runSync(Effect.succeed(formatCount(1500))), "1.5k")
console.log("cjs ok")
