import sharp from "sharp"
import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { userRoles } from "../src/db/schema/admin.js"
import { artworks } from "../src/db/schema/artworks.js"
import { approvePendingArtworks } from "../src/features/artworks/artworkLibrary.js"
import { aigcXmp, parseAigcRecord, producedRecord, readAigcXmp } from "../src/features/aigc/aigcRecord.js"
import { labelledPng, stampPublished } from "../src/features/aigc/aigcLabels.js"
import { labelledJpeg, readAigcOf, withAigcChunk } from "../src/features/aigc/labelImage.js"
import { labelBox, labelLookOf, labelTextHeight } from "../src/features/aigc/visibleLabel.js"
import { readPngTexts, withPngText } from "../src/platform/pngText.js"
import { expectBothLabels, expectInfotextParses, visibleLabelOf } from "./aigcLabelsRead.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { testUsers } from "./testUsers.js"

/** AL1–AL9 (docs/spec/aigc-labels.md): the GB 45438-2025 labels, read back from the files' bytes. */

const picture = (width: number, height: number, background = "#3a7bd5") => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer()

describe("the AIGC record (AL1, AL4, AL5)", () => {
  it.each([
    ["AL1", "a bare record", '{"Label":"1","ContentProducer":"米豆AI","ProduceID":"t-1"}', { Label: "1", ContentProducer: "米豆AI", ProduceID: "t-1", PropagateID: "" }],
    ["AL4", "wrapped under AIGC (TC260-PG-20259A)", '{"AIGC":{"Label":"2","ContentProducer":"x"}}', { Label: "2", ContentProducer: "x" }],
    ["AL4", "a numeric Label", '{"Label":3}', { Label: "3" }],
    ["AL4", "a Label outside 1–3 is no record", '{"Label":"4"}', undefined],
    ["AL4", "not JSON", "AI generated", undefined]
  ] as const)("%s %s", (_rule, _name, text, expected) => {
    const record = parseAigcRecord(text)
    if (expected === undefined) expect(record).toBeUndefined()
    else expect(record).toMatchObject(expected)
  })

  it("AL5 the XMP packet carries the record under TC260:AIGC and reads back, escaped", () => {
    const record = producedRecord('米豆"AI" & <co>', "task-1")
    const xmp = aigcXmp(record)
    expect(xmp).toContain('xmlns:TC260="http://www.tc260.org.cn/ns/AIGC/1.0/"')
    expect(readAigcXmp(xmp)).toEqual(record)
    expect(readAigcXmp(xmp.replaceAll("TC260", "aigc"))).toEqual(record)
  })
})

describe("the visible label (AL6, AL7)", () => {
  it.each([
    ["AL6", 1024, 1024],
    ["AL6", 1920, 1080],
    ["AL6", 512, 768],
    ["AL6", 64, 64]
  ] as const)("%s on %i × %i the text is at least a twentieth of the shorter side and inside the image", (_rule, width, height) => {
    const box = labelBox(width, height, "bottom-right")
    expect(box.textHeight).toBe(labelTextHeight(width, height))
    expect(box.textHeight / Math.min(width, height)).toBeGreaterThanOrEqual(0.05)
    expect(box.left).toBeGreaterThanOrEqual(0)
    expect(box.left + box.width).toBeLessThanOrEqual(width)
    expect(box.top + box.height).toBeLessThanOrEqual(height)
  })

  it.each([
    ["AL7", "the configured corner and style", "top-right", "light", { corner: "top-right", style: "light" }],
    ["AL7", "an unknown value falls back, never to no label", "off", "none", { corner: "bottom-left", style: "dark" }],
    ["AL7", "unset", undefined, undefined, { corner: "bottom-left", style: "dark" }]
  ] as const)("%s %s", (_rule, _name, corner, style, expected) => {
    expect(labelLookOf(corner, style)).toEqual(expected)
  })

  it("AL6, AL7 draws in the operator's corner and style; the reader finds it there and not elsewhere", async () => {
    const look = labelLookOf("top-right", "light")
    const made = await labelledPng({ config: {} as never }, await picture(640, 480, "#202020"), look, "t-2", (png) => withPngText(png, "parameters", "a cat\nNegative prompt: blurry\nSteps: 20, Sampler: Euler a, CFG scale: 7, Seed: 1, Size: 640x480"))
    await expectBothLabels(made.data, { ProduceID: "t-2" }, look)
    expect((await visibleLabelOf(made.data)).inkMatch).toBeLessThan(0.5)
    expect((await expectInfotextParses(made.data)).prompt).toBe("a cat")
    expect(await visibleLabelOf(await picture(640, 480))).toMatchObject({ inkMatch: 0 })
  })

  it("AL5 a JPEG and a WebP export keep both labels: AI生成 drawn, the record as XMP", async () => {
    const record = producedRecord("米豆AI", "t-3")
    for (const format of ["jpeg", "webp"] as const) {
      const bytes = await labelledJpeg(await picture(800, 600, "#7a4"), labelLookOf(undefined, undefined), record, format)
      expect((await sharp(bytes).metadata()).format).toBe(format)
      await expectBothLabels(bytes, { ProduceID: "t-3" })
    }
  })
})

let server: TestServer
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1370045", nickname: "标识用户", inviteCodePrefix: "AG", nidPrefix: "845" })

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

const stored = async (uid: number, name: string, bytes: Uint8Array, prefix = "u"): Promise<{ key: string; url: string }> => {
  const key = `${prefix}/${uid}/202611/${name}`
  await server.deps.objectStore.create(key, bytes)
  return { key, url: `${server.deps.config.storageUrl}/uploads/${key}` }
}

const noSettings = { prompt: "", negative_prompt: "", models: [], args: [] }

describe("uploads (AL9) and publishing (AL3, AL8) over HTTP", () => {
  it("AL9 reads an upload's label: its own record, A1111 or ComfyUI metadata or the uploader's word → 疑似; else no notice", async () => {
    const user = await newUser()
    const plain = await picture(96, 64)
    const cases: ReadonlyArray<[string, Uint8Array, boolean, number | undefined]> = [
      ["plain.png", plain, false, undefined],
      ["said.png", plain, true, 3],
      ["a1111.png", withPngText(plain, "parameters", "a fox\nSteps: 20, Sampler: Euler a, Seed: 1"), false, 3],
      ["comfy.png", withPngText(plain, "prompt", JSON.stringify({ "3": { class_type: "KSampler", inputs: { seed: 1, steps: 20, cfg: 7, sampler_name: "euler", scheduler: "normal", denoise: 1, positive: ["6", 0], negative: ["7", 0], model: ["4", 0] } }, "6": { class_type: "CLIPTextEncode", inputs: { text: "a fox" } }, "7": { class_type: "CLIPTextEncode", inputs: { text: "" } }, "4": { class_type: "CheckpointLoaderSimple", inputs: { ckpt_name: "x.safetensors" } } })), false, 3],
      ["labelled.png", withAigcChunk(plain, { ...producedRecord("其他平台", "p-1"), Label: "2" }), false, 2]
    ]
    for (const [name, bytes, said, expected] of cases) {
      const answer = await server.request("POST", "/api/v2/artwork/upload", { type: "sd", url: (await stored(user.uid, name, bytes)).url, parameters: noSettings, ai_generated: said }, user.token)
      expect(answer, name).toMatchObject({ code: 0 })
      expect((answer.data as { aigc_label?: number }).aigc_label, name).toBe(expected)
    }
  })

  it("AL9 an author's 本作品由AI生成 on publishing marks a plain upload 疑似", async () => {
    const user = await newUser()
    const upload = await server.request("POST", "/api/v2/artwork/upload", { type: "sd", url: (await stored(user.uid, "later.png", await picture(96, 64))).url, parameters: noSettings }, user.token)
    const id = (upload.data as { id: number }).id
    expect(await server.request("POST", "/api/v1/artwork/audit/submit", { artwork_id: id, title: "我的图", ai_generated: true }, user.token)).toMatchObject({ code: 0 })
    const info = await server.request("GET", `/api/v2/open/artwork/info?id=${id}`, undefined, user.token)
    expect(info.data).toMatchObject({ aigc_label: 3 })
  })

  it("AL3, AL8 publishing adds the platform's fields to a generated work's file, keeps the producer's and the visible label", async () => {
    const user = await newUser()
    const made = await labelledPng(server.deps, await picture(320, 240), labelLookOf(undefined, undefined), "task-9-1", (png) => withPngText(png, "parameters", "a boat\nSteps: 20, Seed: 5"))
    const file = await stored(user.uid, "1.png", made.data, "generated/u")
    const [row] = await server.deps.db.insert(artworks).values({ userUid: user.uid, type: "sd", cover: file.url, width: 320, height: 240, parameters: { prompt: "a boat", negative_prompt: "", models: [], args: [] }, aigcLabel: 1 }).returning({ id: artworks.id })
    expect(await server.request("POST", "/api/v1/artwork/audit/submit", { artwork_id: row!.id, title: "小船" }, user.token)).toMatchObject({ code: 0 })
    await approvePendingArtworks(server.deps.db, server.deps.feedCache, new Date(), 0, (ids) => stampPublished(server.deps, ids))

    const [published] = await server.deps.db.select({ cover: artworks.cover }).from(artworks).where(eq(artworks.id, row!.id))
    expect(published!.cover).not.toBe(file.url)
    const bytes = (await server.deps.objectStore.read(published!.cover.slice(`${server.deps.config.storageUrl}/uploads/`.length)))!
    await expectBothLabels(bytes, { ProduceID: "task-9-1", ContentPropagator: "米豆AI", PropagateID: String(row!.id) })
    expect(readPngTexts(bytes).parameters).toBe("a boat\nSteps: 20, Seed: 5")
    expect(await readAigcOf((await server.deps.objectStore.read(file.key))!)).toMatchObject({ PropagateID: "" })

    const feed = await server.request("GET", `/api/v1/open/artwork/artwork/get_profile_list?size=20&uid=${user.uid}`)
    expect(feed, JSON.stringify(feed)).toMatchObject({ code: 0 })
    expect((feed.data as { list: Array<{ id: number; aigc_label?: number }> }).list.find((card) => card.id === row!.id)).toMatchObject({ aigc_label: 1 })
  })
  it("AL3 an operator's 通过 in the review queue stamps the platform's fields too, not only the demo's job", async () => {
    const user = await newUser()
    const reviewer = await newUser()
    await server.deps.db.insert(userRoles).values({ uid: reviewer.uid, role: "reviewer" })
    const made = await labelledPng(server.deps, await picture(200, 160), labelLookOf(undefined, undefined), "task-9-2", (png) => png)
    const file = await stored(user.uid, "2.png", made.data, "generated/u")
    const [row] = await server.deps.db.insert(artworks).values({ userUid: user.uid, type: "sd", cover: file.url, width: 200, height: 160, parameters: { prompt: "a hill", negative_prompt: "", models: [], args: [] }, aigcLabel: 1 }).returning({ id: artworks.id })
    expect(await server.request("POST", "/api/v1/artwork/audit/submit", { artwork_id: row!.id, title: "山丘" }, user.token)).toMatchObject({ code: 0 })
    expect(await server.request("POST", "/api/v1/admin/review/approve", { kind: "artwork", id: row!.id }, reviewer.token)).toMatchObject({ code: 0, data: { state: "approved" } })

    const [published] = await server.deps.db.select({ cover: artworks.cover }).from(artworks).where(eq(artworks.id, row!.id))
    const bytes = (await server.deps.objectStore.read(published!.cover.slice(`${server.deps.config.storageUrl}/uploads/`.length)))!
    await expectBothLabels(bytes, { ProduceID: "task-9-2", ContentPropagator: "米豆AI", PropagateID: String(row!.id) })
  })
})
