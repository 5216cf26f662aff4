import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { localObjectStore } from "../src/adapters/storage/localObjectStore.js"
import { presetCoverKey, QUICK_STYLES } from "../src/features/generation/quickPresets.js"
import { ensurePresetCovers } from "../src/seed/presetCovers.js"
import { startTestServer, type TestServer } from "./testServer.js"

/** /aigc's choices: GET /api/v2/quick/styles and /api/v2/quick/mj/versions, covers drawn by the offline engine. */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  await ensurePresetCovers(server.deps.objectStore, server.deps.log)
})
afterAll(async () => {
  await server?.stop()
})

const coverBytes = async (url: string) => {
  const key = url.slice(`${server.deps.config.storageUrl}/uploads/`.length)
  return server.deps.objectStore.read(key)
}

describe("quick style presets and MJ versions", () => {
  it("lists the styles of both groups with Chinese names and real, different cover pictures (no login needed)", async () => {
    const answer = await server.request("GET", "/api/v2/quick/styles")
    const list = (answer.data as { list: Array<{ group: string; name: string; cover: string }> }).list
    expect(answer.code).toBe(0)
    expect(new Set(list.map((style) => style.group))).toEqual(new Set(["default", "pro"]))
    expect(list.every((style) => /[\u4e00-\u9fff]/.test(style.name))).toBe(true)
    const [first, second] = await Promise.all(list.slice(0, 2).map((style) => coverBytes(style.cover)))
    expect((await sharp(first!).metadata()).width).toBe(320)
    expect(Buffer.from(first!).equals(Buffer.from(second!))).toBe(false)
  })

  it("lists the MJ versions with labels and covers", async () => {
    const answer = await server.request("GET", "/api/v2/quick/mj/versions")
    const list = (answer.data as { list: Array<{ name: string; label: string; cover: string }> }).list
    expect(list.map((version) => version.name)).toEqual(["v7", "v6.1", "niji 6"])
    expect(await coverBytes(list[0]!.cover)).toBeDefined()
  })

  it("drawing the covers again keeps the stored ones", async () => {
    const firstCover = async () => ((await server.request("GET", "/api/v2/quick/mj/versions")).data as { list: Array<{ cover: string }> }).list[0]!.cover
    const before = await coverBytes(await firstCover())
    await ensurePresetCovers(server.deps.objectStore, server.deps.log)
    expect(await coverBytes(await firstCover())).toEqual(before)
  })

  it("a store that kept the covers drawn before the engine drew subjects (presets/<slug>.jpg) gets the new ones, not those (issue 25)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mido-preset-covers-"))
    try {
      const store = localObjectStore(dir)
      const slug = QUICK_STYLES[0]!.slug
      const landscape = new Uint8Array(await sharp({ create: { width: 320, height: 320, channels: 3, background: { r: 40, g: 90, b: 160 } } }).jpeg().toBuffer())
      await store.create(`presets/${slug}.jpg`, landscape)
      await ensurePresetCovers(store, server.deps.log)
      const shown = await store.read(presetCoverKey(slug))
      expect(shown).toBeDefined()
      expect(Buffer.from(shown!).equals(Buffer.from(landscape))).toBe(false)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
