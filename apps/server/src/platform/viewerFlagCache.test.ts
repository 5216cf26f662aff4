import { describe, expect, it } from "vitest"
import type { ItemFlags } from "./flagTemplate.js"
import { makeViewerFlagCache, type ViewerFlagCacheOptions } from "./viewerFlagCache.js"

// issue 30 target 1: a member's flags on a shared page are kept per process, bounded, and never
// outlive the shared answer they were read against or the member's own write
const cacheWithReads = (options: ViewerFlagCacheOptions = {}) => {
  const cache = makeViewerFlagCache(options)
  const reads: Array<string> = []
  const liked = new Set<string>()
  const flagsOf = (viewer: number, page: string, shared: object) =>
    cache.flagsOf(viewer, page, shared, async (): Promise<ItemFlags> => {
      reads.push(`${viewer} ${page}`)
      return [{ is_like: liked.has(`${viewer} ${page}`) }]
    })
  return { cache, reads, liked, flagsOf }
}

describe("the viewer flag cache", () => {
  it("reads a member's flags of a shared answer once, again for a new answer of the same page, and per member", async () => {
    const { reads, flagsOf } = cacheWithReads()
    const answer = {}
    await flagsOf(7, "p1", answer)
    await flagsOf(7, "p1", answer)
    await flagsOf(8, "p1", answer)
    expect(reads).toEqual(["7 p1", "8 p1"])
    // the feed cache filled the page again (its TTL, an invalidation): the kept flags are not used
    await flagsOf(7, "p1", {})
    expect(reads).toEqual(["7 p1", "8 p1", "7 p1"])
  })

  it("forgetting a member reads their flags again at once; other members stay kept", async () => {
    const { cache, reads, liked, flagsOf } = cacheWithReads()
    const answer = {}
    expect(await flagsOf(7, "p1", answer)).toEqual([{ is_like: false }])
    await flagsOf(8, "p1", answer)
    liked.add("7 p1")
    cache.forgetUser(7)
    expect(await flagsOf(7, "p1", answer)).toEqual([{ is_like: true }])
    await flagsOf(8, "p1", answer)
    expect(reads).toEqual(["7 p1", "8 p1", "7 p1"])
  })

  it("keeps a member's own part of a detail (flags with counters) as read, under the same rules as a page's flags", async () => {
    const cache = makeViewerFlagCache()
    const answer = {}
    let likes = 3
    const reads: Array<number> = []
    const ownPart = (viewer: number, shared: object) =>
      cache.ownPartOf(viewer, "info|9", shared, async () => {
        reads.push(viewer)
        return { isLike: likes > 3, likeCount: likes }
      })
    expect(await ownPart(7, answer)).toEqual({ isLike: false, likeCount: 3 })
    likes = 4
    // kept: a repeat read runs no look-up, and shares nothing with another member
    expect(await ownPart(7, answer)).toEqual({ isLike: false, likeCount: 3 })
    expect(await ownPart(8, answer)).toEqual({ isLike: true, likeCount: 4 })
    // their own like forgets it; a new kept detail reads it again
    cache.forgetUser(7)
    expect(await ownPart(7, answer)).toEqual({ isLike: true, likeCount: 4 })
    await ownPart(8, {})
    expect(reads).toEqual([7, 8, 7, 8])
  })

  it("a read that began before a forget is answered but not kept", async () => {
    const cache = makeViewerFlagCache()
    const answer = {}
    let release = () => {}
    const slow = cache.flagsOf(7, "p1", answer, () => new Promise<ItemFlags>((resolve) => (release = () => resolve([{ is_like: false }]))))
    cache.forgetUser(7)
    release()
    expect(await slow).toEqual([{ is_like: false }])
    expect(cache.size()).toBe(0)
  })

  it("keeps at most maxEntries pages (the member touched longest ago goes first) and maxPagesPerViewer of one member", async () => {
    const { cache, reads, flagsOf } = cacheWithReads({ maxEntries: 4, maxPagesPerViewer: 2 })
    const answer = {}
    for (const page of ["a", "b", "c"]) await flagsOf(1, page, answer)
    expect(cache.size()).toBe(2)
    await flagsOf(1, "b", answer)
    await flagsOf(1, "c", answer)
    // their oldest page went
    await flagsOf(1, "a", answer)
    expect(reads.filter((read) => read === "1 a")).toHaveLength(2)
    await flagsOf(2, "a", answer)
    await flagsOf(2, "b", answer)
    expect(cache.size()).toBe(4)
    // a third member: the member touched longest ago (1) goes, all their pages with them
    await flagsOf(3, "a", answer)
    expect(cache.size()).toBe(3)
    reads.length = 0
    await flagsOf(2, "a", answer)
    await flagsOf(1, "c", answer)
    expect(reads).toEqual(["1 c"])
  })

  it("disabled, or after forgetAll, it keeps nothing", async () => {
    const off = cacheWithReads({ enabled: false })
    const answer = {}
    await off.flagsOf(7, "p1", answer)
    await off.flagsOf(7, "p1", answer)
    expect(off.reads).toHaveLength(2)
    const on = cacheWithReads()
    await on.flagsOf(7, "p1", answer)
    on.cache.forgetAll()
    expect(on.cache.size()).toBe(0)
  })
})
