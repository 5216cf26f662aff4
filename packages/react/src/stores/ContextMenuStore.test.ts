import { afterEach, describe, expect, it, vi } from "vitest"
import { makeWorld, type World } from "../../test/world.js"

let world: World | undefined
const open = () => (world = makeWorld())
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const IMAGE = "https://cdn.mido.test/artworks/52031.png?x-oss-process=resize"
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])

describe("ContextMenuStore: the app's context menu (spec §2, §7, §8)", () => {
  it("opens over an image with its address, elsewhere without one; a second right-click moves it", () => {
    const { store } = open()
    store.start()
    store.contextMenu.open({ x: 40, y: 60, imageUrl: IMAGE })
    expect(store.contextMenu.menu).toEqual({ x: 40, y: 60, imageUrl: IMAGE })
    expect(store.contextMenu.overImage).toBe(true)
    store.contextMenu.open({ x: 300, y: 20 })
    expect(store.contextMenu.menu).toEqual({ x: 300, y: 20, imageUrl: undefined })
    expect(store.contextMenu.overImage).toBe(false)
    store.contextMenu.open({ x: 1, y: 2, imageUrl: "  " })
    expect(store.contextMenu.overImage).toBe(false)
    store.contextMenu.close()
    expect(store.contextMenu.isOpen).toBe(false)
  })

  it.each([
    ["room on both sides: 10 px right of and below the pointer", { x: 400, y: 300 }, { width: 1280, height: 800 }, { x: 410, y: 310 }],
    ["in the bottom-right corner: flipped both ways", { x: 1275, y: 795 }, { width: 1280, height: 800 }, { x: 1145, y: 705 }],
    ["a window smaller than the menu: 8 px in", { x: 50, y: 50 }, { width: 100, height: 60 }, { x: 8, y: 8 }]
  ] as const)("places a 120 × 80 menu by the core's rule (LY3): %s", (_name, pointer, viewport, expected) => {
    const { store } = open()
    expect(store.contextMenu.positionFor(pointer, { width: 120, height: 80 }, viewport)).toEqual(expected)
  })

  it("下载图片 closes the menu and saves the image through the core, named from its address and type", async () => {
    const { store, memory, files } = open()
    store.start()
    memory.files.set(IMAGE, { status: 200, contentType: "image/png", bytes: PNG_BYTES })
    store.contextMenu.open({ x: 40, y: 60, imageUrl: IMAGE })
    const saving = store.contextMenu.downloadImage()
    expect(store.contextMenu.isOpen).toBe(false)
    expect(await saving).toBe(true)
    expect(files.saved.map((file) => [file.name, file.type])).toEqual([["52031.png", "image/png"]])
  })

  it("a failed download is only logged (spec §8): no toast, nothing saved", async () => {
    const { store, files, toasts } = open()
    store.start()
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined)
    vi.spyOn(console, "log").mockImplementation(() => undefined)
    store.contextMenu.open({ x: 40, y: 60, imageUrl: "https://cdn.mido.test/gone.png" })
    expect(await store.contextMenu.downloadImage()).toBe(false)
    expect(files.saved).toEqual([])
    expect(toasts()).toEqual([])
    warn.mockRestore()
  })

  it("without an image there is nothing to download", async () => {
    const { store, files } = open()
    store.start()
    store.contextMenu.open({ x: 40, y: 60 })
    expect(await store.contextMenu.downloadImage()).toBe(false)
    expect(files.saved).toEqual([])
  })

  it("dispose closes an open menu", () => {
    const { store } = open()
    store.start()
    store.contextMenu.open({ x: 40, y: 60 })
    store.dispose()
    expect(store.contextMenu.isOpen).toBe(false)
  })
})
