import { StorageKeys } from "@mido/core"
import { afterEach, describe, expect, it } from "vitest"
import { fakeViewport, makeWorld, type World } from "../../test/world.js"

let world: World | undefined
const open = (options: Parameters<typeof makeWorld>[0]) => (world = makeWorld(options))
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

describe("SidebarStore: LY1–LY2 over the persisted expanded flag (spec §2, §3)", () => {
  it.each([
    [1920, true, "expanded", 258],
    [1441, true, "expanded", 258],
    [1440, true, "collapsed", 18],
    [1441, false, "collapsed", 18],
    [767, true, "drawer", 18]
  ] as const)("width %i, flag %s → %s, margin %i", (width, expanded, mode, margin) => {
    const { store } = open({ stored: { [StorageKeys.sidebar]: JSON.stringify({ expanded }) }, host: { viewport: fakeViewport(width).viewport } })
    store.start()
    expect(store.sidebar.mode).toBe(mode)
    expect(store.sidebar.contentMargin).toBe(margin)
  })

  it("follows resizes and persists the flag; at 1440 px or less the toggle opens an overlay instead", () => {
    const screen = fakeViewport(1920)
    const { store, kv } = open({ host: { viewport: screen.viewport } })
    store.start()
    store.sidebar.toggle()
    expect(store.sidebar.mode).toBe("collapsed")
    expect(kv.entries.get(StorageKeys.sidebar)).toBe(JSON.stringify({ expanded: false }))
    store.sidebar.setExpanded(true)
    screen.resize(1280)
    expect(store.sidebar.mode).toBe("collapsed")
    store.sidebar.toggle()
    expect(store.sidebar.overlayOpen).toBe(true)
    expect(kv.entries.get(StorageKeys.sidebar)).toBe(JSON.stringify({ expanded: true }))
    screen.resize(1600)
    expect(store.sidebar.overlayOpen).toBe(false)
    expect(store.sidebar.mode).toBe("expanded")
  })

  it("a corrupt stored value counts as absent (expanded) and is removed", () => {
    const { store, kv } = open({ stored: { [StorageKeys.sidebar]: "{\"expanded\":\"yes\"}" } })
    store.start()
    expect(store.sidebar.expanded).toBe(true)
    expect(kv.entries.has(StorageKeys.sidebar)).toBe(false)
  })

  it("dispose stops following the window", () => {
    const screen = fakeViewport(1920)
    const { store } = open({ host: { viewport: screen.viewport } })
    store.start()
    expect(screen.subscribers()).toBe(1)
    store.dispose()
    expect(screen.subscribers()).toBe(0)
  })
})
