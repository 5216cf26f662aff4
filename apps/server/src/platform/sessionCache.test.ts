import { describe, expect, it } from "vitest"
import { type LiveSession, makeSessionCache } from "./sessionCache.js"

// issue 30: the session cache that spares a member's request its session look-up, without letting a
// session outlive its end (R7)
const DAY = 86_400_000
const at = new Date("2026-11-28T08:00:00Z")
const session = (uid: number, endsIn = 30 * DAY): LiveSession => ({ uid, expiresAt: new Date(at.getTime() + endsIn) })

/** A cache on a clock the test moves, and a read that counts how often the database was asked. */
const cacheWithReads = (options: { ttlMs?: number; maxEntries?: number } = {}) => {
  let clock = 0
  const cache = makeSessionCache({ ttlMs: options.ttlMs ?? 5_000, ...(options.maxEntries === undefined ? {} : { maxEntries: options.maxEntries }), now: () => clock })
  const reads: Array<string> = []
  const rows = new Map<string, LiveSession>()
  const uidOf = (tokenHash: string, now = at) =>
    cache.uidOf(tokenHash, now, async () => {
      reads.push(tokenHash)
      return rows.get(tokenHash)
    })
  return { cache, rows, reads, uidOf, advance: (ms: number) => (clock += ms) }
}

describe("the session cache", () => {
  it("reads a live session once per lifetime, then again", async () => {
    const { rows, reads, uidOf, advance } = cacheWithReads()
    rows.set("a", session(7))
    expect(await uidOf("a")).toBe(7)
    advance(4_999)
    expect(await uidOf("a")).toBe(7)
    expect(reads).toEqual(["a"])
    advance(1)
    rows.delete("a")
    expect(await uidOf("a")).toBeUndefined()
    expect(reads).toEqual(["a", "a"])
  })

  it("forgetting a user makes their very next request read the row; other users stay kept", async () => {
    const { cache, rows, reads, uidOf } = cacheWithReads()
    rows.set("mine", session(7))
    rows.set("mine too", session(7))
    rows.set("theirs", session(8))
    for (const token of ["mine", "mine too", "theirs"]) await uidOf(token)
    // the logout committed: the rows are revoked, then the cache is told
    rows.delete("mine")
    rows.delete("mine too")
    cache.forgetUser(7)
    expect(await uidOf("mine")).toBeUndefined()
    expect(await uidOf("mine too")).toBeUndefined()
    expect(await uidOf("theirs")).toBe(8)
    expect(reads).toEqual(["mine", "mine too", "theirs", "mine", "mine too"])
  })

  it("a read that began before a forget is answered but not kept: it may have seen the row before the revoke", async () => {
    let clock = 0
    const cache = makeSessionCache({ ttlMs: 5_000, now: () => clock })
    let release: (value: LiveSession) => void = () => {}
    const slow = cache.uidOf("a", at, () => new Promise((resolve) => (release = resolve)))
    cache.forgetUser(7)
    release(session(7))
    expect(await slow).toBe(7)
    expect(cache.size()).toBe(0)
    clock += 1
    expect(await cache.uidOf("a", at, async () => undefined)).toBeUndefined()
  })

  it("a session that ends by itself is refused at its end, not a lifetime later", async () => {
    const { rows, uidOf } = cacheWithReads()
    rows.set("a", session(7, 1_000))
    expect(await uidOf("a")).toBe(7)
    rows.delete("a")
    expect(await uidOf("a", new Date(at.getTime() + 1_000))).toBeUndefined()
  })

  it("keeps only live sessions, at most maxEntries, the oldest kept going first", async () => {
    const { cache, rows, reads, uidOf } = cacheWithReads({ maxEntries: 2 })
    expect(await uidOf("made up")).toBeUndefined()
    expect(await uidOf("made up")).toBeUndefined()
    expect(reads).toEqual(["made up", "made up"])
    for (const [token, uid] of [["a", 1], ["b", 2], ["c", 3]] as const) {
      rows.set(token, session(uid))
      await uidOf(token)
    }
    expect(cache.size()).toBe(2)
    reads.length = 0
    await uidOf("c")
    await uidOf("b")
    await uidOf("a")
    expect(reads).toEqual(["a"])
  })

  it("a lifetime of 0 keeps nothing", async () => {
    const { cache, rows, reads, uidOf } = cacheWithReads({ ttlMs: 0 })
    rows.set("a", session(7))
    await uidOf("a")
    await uidOf("a")
    expect([reads.length, cache.size()]).toEqual([2, 0])
  })
})
