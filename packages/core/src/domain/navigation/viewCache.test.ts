import { describe, expect, it } from "vitest"
import { VIEW_CACHE_SIZE } from "./routeTable.js"
import { viewCacheKey, visitViewCache } from "./viewCache.js"

describe("NV12 the view cache", () => {
  it("NV12 holds 5 pages (spec §9)", () => {
    expect(VIEW_CACHE_SIZE).toBe(5)
  })

  it.each([
    ["NV12", "home is kept", "/list", "/list"],
    ["NV12", "community is kept", "/community", "/community"],
    ["NV12", "a trailing slash is the same page", "/list/", "/list"],
    ["NV12", "each user's page is its own entry", "/personal/7", "/personal/7"],
    ["NV12", "a route without the flag is not kept", "/webui", undefined],
    ["NV12", "a detail page is not kept", "/work-detail/9", undefined],
    ["NV12", "an unknown path is not kept", "/nowhere", undefined],
    ["NV12", "the root is not kept", "/", undefined]
  ] as const)("%s %s", (_rule, _name, path, key) => {
    expect(viewCacheKey(path)).toBe(key)
  })

  it.each([
    ["NV12", "the first page", [], "/list", ["/list"]],
    ["NV12", "a new page goes last", ["/list"], "/community", ["/list", "/community"]],
    ["NV12", "a page shown again moves last", ["/list", "/community", "/aigc"], "/list", ["/community", "/aigc", "/list"]],
    ["NV12", "a sixth page drops the least recently shown", ["/a", "/b", "/c", "/d", "/e"], "/f", ["/b", "/c", "/d", "/e", "/f"]],
    ["NV12", "a page shown again is not dropped", ["/a", "/b", "/c", "/d", "/e"], "/a", ["/b", "/c", "/d", "/e", "/a"]],
    ["NV12", "a page that is not kept changes nothing", ["/a", "/b"], undefined, ["/a", "/b"]]
  ] as const)("%s %s", (_rule, _name, kept, key, expected) => {
    expect(visitViewCache(kept, key)).toEqual(expected)
  })

  it("NV12 showing the most recent page again gives the same list back (no re-render)", () => {
    const kept = ["/list", "/community"]
    expect(visitViewCache(kept, "/community")).toBe(kept)
    expect(visitViewCache(kept, undefined)).toBe(kept)
  })

  it("NV12 a smaller cache keeps fewer pages, never fewer than the one shown", () => {
    expect(visitViewCache(["/a", "/b"], "/c", 2)).toEqual(["/b", "/c"])
    expect(visitViewCache(["/a"], "/b", 0)).toEqual(["/b"])
  })
})
