import { ok } from "@mido/core"
import { describe, expect, it } from "vitest"
import { flagTemplate, type ItemFlags, renderFlags, withItemFlags } from "./flagTemplate.js"

// issue 30: a member's answer is the kept visitor's text with their flags written in; it must be, byte
// for byte, the text the page encoded with those flags would have been

/** A small seeded generator (mulberry32): the same cases on every run, many of them. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

// texts that look like the flags: in a title, in a nested object's key, escaped quotes, non-ASCII
const TRICKY = ['"is_like":false', '{"is_like":true}', "江南烟雨", 'a\\"is_owner\\":false', "\u2028", "", "🎨 is_collected"]

const pageOf = (next: () => number, flags: ReadonlyArray<string>) => {
  const size = Math.floor(next() * 21)
  const list = Array.from({ length: size }, (_, index) => {
    const item: Record<string, unknown> = { id: 1000 + index, title: TRICKY[Math.floor(next() * TRICKY.length)] }
    // the flags anywhere among the fields, as each route's schema orders them
    for (const flag of flags) {
      item[flag] = false
      if (next() < 0.5) item[`after_${flag}`] = { is_like: false, [flag]: next() < 0.5, note: TRICKY[Math.floor(next() * TRICKY.length)] }
    }
    item.author = { uid: 7, nickname: TRICKY[Math.floor(next() * TRICKY.length)], is_like: false }
    return item
  })
  return next() < 0.5 ? { list, next_cursor: '{"is_like":false}' } : { list }
}

const flagsFor = (next: () => number, size: number, names: ReadonlyArray<string>): ItemFlags =>
  Array.from({ length: size }, () => Object.fromEntries(names.map((name) => [name, next() < 0.4])))

describe("a member's flags written into the kept text", () => {
  for (const names of [["is_like"], ["is_like", "is_collected", "is_owner"]]) {
    it(`equals JSON.stringify of the page with those flags, for 500 random pages and flag sets (${names.join(", ")})`, () => {
      const next = random(names.length)
      for (let round = 0; round < 500; round++) {
        const page = pageOf(next, names)
        const body = JSON.stringify(ok(page))
        const template = flagTemplate(body, page.list, names)
        expect(template).toBeDefined()
        const flags = flagsFor(next, page.list.length, names)
        const expected = JSON.stringify(ok({ ...page, list: withItemFlags(page.list, flags, names) }))
        expect(renderFlags(template!, flags)).toBe(expected)
      }
    })
  }

  it("with no flag set the text is the visitor's; the shared items are never changed", () => {
    const page = pageOf(random(9), ["is_like"])
    const before = JSON.stringify(page)
    const body = JSON.stringify(ok(page))
    expect(renderFlags(flagTemplate(body, page.list, ["is_like"])!, [])).toBe(body)
    withItemFlags(page.list, page.list.map(() => ({ is_like: true })), ["is_like"])
    expect(JSON.stringify(page)).toBe(before)
  })

  it("gives no template when the text is not the page's (then the answer is encoded as before)", () => {
    const page = { list: [{ id: 1, is_like: false }] }
    expect(flagTemplate(JSON.stringify(ok({ list: [{ id: 2, is_like: false }] })), page.list, ["is_like"])).toBeUndefined()
    expect(flagTemplate(JSON.stringify(ok({ items: page.list })), page.list, ["is_like"])).toBeUndefined()
    expect(flagTemplate(JSON.stringify(ok(page)), page.list, ["is_collected"])).toBeUndefined()
  })
})
