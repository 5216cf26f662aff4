import { UploadMessages } from "@mido/core"
import { REDRAW_NEEDS_ENGINE, type TaskView } from "@mido/core/generation"
import { crc32 } from "node:zlib"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { ImageEngine } from "../src/adapters/engine/imageEnginePort.js"
import { ToolInputMessages } from "../src/features/generation/toolSubmitCheck.js"
import { fakeEngine } from "./generationFakeEngine.js"
import { auditedBalance, finished, grantBeans, submit, submitted, testTuning, waitFor } from "./generationFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { testUsers } from "./testUsers.js"

/**
 * The toolbox through the HTTP API on the offline engine (issue 15): submit → the queue's worker →
 * the tool's processor on its worker thread → the result stored as the user's image. Bad inputs are
 * refused at submit before any charge; redraw needs an engine and says so.
 */
let server: TestServer
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1370015", nickname: "工具用户", inviteCodePrefix: "TL", nidPrefix: "815" })

beforeAll(async () => {
  server = await startTestServer({ generation: testTuning({ timeoutMs: { quick: 30_000, quick_mj: 30_000, sd: 30_000, agent: 30_000, tool: 60_000 } }) })
})
afterAll(async () => {
  await server?.stop()
})

let files = 0
const store = async (uid: number, bytes: Uint8Array | Buffer, ext = "png"): Promise<string> => {
  const key = `u/${uid}/202611/tool-${Date.now()}-${++files}.${ext}`
  expect(await server.deps.objectStore.create(key, new Uint8Array(bytes))).toBe(true)
  return `${server.deps.config.storageUrl}/uploads/${key}`
}
const keyOf = (url: string) => url.slice(`${server.deps.config.storageUrl}/uploads/`.length)
const picture = (width: number, height: number) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#2f6f8f"/><ellipse cx="50%" cy="52%" rx="26%" ry="34%" fill="#e07a1f"/><text x="8%" y="20%" font-size="${Math.round(height / 9)}" fill="#fff" font-family="sans-serif">Mido</text></svg>`))

const run = async (token: string, body: unknown): Promise<TaskView> => {
  const task = await submitted(server, token, body)
  return waitFor(server, token, task.id, finished, 60_000)
}

describe("tools through the HTTP API on the offline processors", () => {
  it("hd-repair: ESRGAN ×2 makes a twice-as-large image of the user's, charged once", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 1_000)
    const image = await store(user.uid, await picture(96, 64).png().toBuffer())
    const done = await run(user.token, { type: "tool", tool: "hd-repair", image_url: image, options: { scale: 2 } })
    expect(done, JSON.stringify(done)).toMatchObject({ status: "succeeded", refunded: 0, reason: "已用 ESRGAN 超分辨率放大 2 倍" })
    expect(done.images.map((made) => [made.width, made.height])).toEqual([[192, 128]])
    const bytes = (await server.deps.objectStore.read(keyOf(done.images[0]!.url)))!
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 192, height: 128, format: "png" })
    expect(await auditedBalance(server, user.uid)).toBe(1_000 - done.cost)
  }, 90_000)

  it("discount: a JPEG comes back as a PNG with a transparent background", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 1_000)
    const image = await store(user.uid, await picture(160, 160).jpeg().toBuffer(), "jpg")
    const done = await run(user.token, { type: "tool", tool: "discount", image_url: image, options: { feather: 3, box: "0.1,0.1,0.8,0.8" } })
    expect(done, JSON.stringify(done)).toMatchObject({ status: "succeeded" })
    expect(done.images[0]!.url).toMatch(/\.png$/)
    const { data, info } = await sharp((await server.deps.objectStore.read(keyOf(done.images[0]!.url)))!).raw().toBuffer({ resolveWithObject: true })
    expect(info.channels).toBe(4)
    expect(data[3]).toBe(0) // a background corner is transparent
    expect(data[(80 * 160 + 80) * 4 + 3]).toBe(255) // the subject's centre is kept
  }, 90_000)

  it("style-avatar makes one image per style; old-photo says colour needs an engine; a JPEG stays a JPEG", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 1_000)
    const image = await store(user.uid, await picture(200, 150).jpeg().toBuffer(), "jpg")
    const styles = await run(user.token, { type: "tool", tool: "style-avatar", image_url: image, options: { styles: "cartoon,sketch,film" } })
    expect(styles, JSON.stringify(styles)).toMatchObject({ status: "succeeded", refunded: 0 })
    expect(styles.images.map((made) => [made.width, made.height])).toEqual([[150, 150], [150, 150], [150, 150]])
    expect(styles.images[0]!.url).toMatch(/\.jpg$/)
    const old = await run(user.token, { type: "tool", tool: "old-photo-restoration", image_url: image, options: { tint: "sepia" } })
    expect(old.status).toBe("succeeded")
    expect(old.reason).toContain("不能真正上色")
    expect(old.reason).toContain("只是滤镜")
    expect(await auditedBalance(server, user.uid)).toBe(1_000 - styles.cost - old.cost)
  }, 90_000)

  it("element-elimination takes a mask of another size (resized, not refused)", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 1_000)
    const image = await store(user.uid, await picture(120, 90).png().toBuffer())
    const mask = await store(user.uid, await sharp({ create: { width: 60, height: 45, channels: 3, background: "#000" } }).composite([{ input: { create: { width: 20, height: 10, channels: 3, background: "#fff" } }, left: 5, top: 5 }]).png().toBuffer())
    const done = await run(user.token, { type: "tool", tool: "element-elimination", image_url: image, mask_url: mask, options: { method: "ns" } })
    expect(done, JSON.stringify(done)).toMatchObject({ status: "succeeded" })
    expect([done.images[0]!.width, done.images[0]!.height]).toEqual([120, 90])
  }, 90_000)
})

describe("refused before any charge", () => {
  it("redraw offline: needs an engine, nothing spent", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 500)
    const image = await store(user.uid, await picture(64, 64).png().toBuffer())
    const answer = await submit(server, user.token, { type: "tool", tool: "redraw", image_url: image, mask_url: image, prompt: "一朵花" })
    expect(answer).toMatchObject({ code: expect.not.stringMatching(/^0$/) as unknown, msg: REDRAW_NEEDS_ENGINE })
    expect(await auditedBalance(server, user.uid)).toBe(500)
  })

  it.each([
    ["a truncated PNG", async () => (await picture(64, 64).png().toBuffer()).subarray(0, 400), ToolInputMessages.truncated],
    ["a truncated JPEG", async () => (await picture(64, 64).jpeg().toBuffer()).subarray(0, 500), ToolInputMessages.truncated],
    ["a PNG bomb (5000×5000 of one colour, a few KB)", async () => sharp({ create: { width: 5000, height: 5000, channels: 3, background: "#000" } }).greyscale().png({ compressionLevel: 9 }).toBuffer(), ToolInputMessages.tooManyPixels(5000, 5000)],
    ["20,000 px wide", async () => sharp({ create: { width: 20_000, height: 8, channels: 3, background: "#fff" } }).png().toBuffer(), "图片尺寸不能超过 8192×8192"],
    ["wrong magic bytes (a GIF named .png)", async () => Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), UploadMessages.wrongType]
  ])("%s: a clear message, balance unchanged", async (_name, make, message) => {
    const user = await newUser()
    await grantBeans(server, user.uid, 500)
    const image = await store(user.uid, await make())
    const answer = await submit(server, user.token, { type: "tool", tool: "style-avatar", image_url: image, options: { styles: "film" } })
    expect(answer).toMatchObject({ msg: message })
    expect(answer.code).not.toBe(0)
    expect(await auditedBalance(server, user.uid)).toBe(500)
  }, 30_000)

  it("an image whose header reads but whose pixels are broken: the task fails with its whole cost back", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 500)
    const good = new Uint8Array(await picture(64, 64).png().toBuffer())
    const broken = good.slice()
    // scramble the compressed pixels after the zlib header inside IDAT; the header, the chunk lengths and IEND stay whole
    const idat = Buffer.from(good).indexOf("IDAT")
    const length = Buffer.from(good).readUInt32BE(idat - 4)
    for (let at = idat + 10; at < idat + 4 + length; at++) broken[at] = (broken[at]! * 31 + 7) & 0xff
    Buffer.from(broken.buffer).writeUInt32BE(crc32(broken.subarray(idat, idat + 4 + length)), idat + 4 + length) // a valid CRC: only the pixels are wrong
    const task = await submitted(server, user.token, { type: "tool", tool: "style-avatar", image_url: await store(user.uid, broken), options: { styles: "film" } })
    const done = await waitFor(server, user.token, task.id, finished, 30_000)
    expect(done).toMatchObject({ status: "failed", reason: "图片已损坏或格式不受支持，无法处理，米豆已退还", refunded: task.cost })
    expect(await auditedBalance(server, user.uid)).toBe(500)
  })

  it("an upscale past 8192 px, a bad option and a subject box too small (TL5)", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 500)
    const image = await store(user.uid, await sharp({ create: { width: 2100, height: 60, channels: 3, background: "#888" } }).png().toBuffer())
    expect(await submit(server, user.token, { type: "tool", tool: "hd-repair", image_url: image, options: { scale: 4 } })).toMatchObject({ msg: ToolInputMessages.upscaleTooLarge })
    expect(await submit(server, user.token, { type: "tool", tool: "hd-repair", image_url: image, options: { scale: 3 } })).toMatchObject({ msg: "放大倍数只能是：2 倍、4 倍" })
    expect(await submit(server, user.token, { type: "tool", tool: "discount", image_url: image, options: { box: "0.5,0.1,0.01,0.8" } })).toMatchObject({ msg: "主体范围太小，请框出更大的区域（宽和高至少为图片的 2%）" })
    expect(await auditedBalance(server, user.uid)).toBe(500)
  })
})

describe("with an engine configured for tools (TL9)", () => {
  let withEngine: TestServer
  const fake = fakeEngine({ label: "测试 WebUI" })
  const webui: ImageEngine = { ...fake.engine, kind: "a1111" }
  const newEngineUser = testUsers(() => withEngine.deps.db, { phonePrefix: "1370016", nickname: "引擎工具", inviteCodePrefix: "TE", nidPrefix: "816" })
  beforeAll(async () => {
    withEngine = await startTestServer({ generation: testTuning({ timeoutMs: { quick: 30_000, quick_mj: 30_000, sd: 30_000, agent: 30_000, tool: 60_000 } }) }, { engines: { forTask: () => webui, all: [webui], concurrency: () => 2 } })
  })
  afterAll(async () => {
    await withEngine?.stop()
  })

  it("hd-repair goes to the engine's upscaler; discount still cuts out on the processors (no engine has a cut-out model)", async () => {
    const user = await newEngineUser()
    await grantBeans(withEngine, user.uid, 1_000)
    const key = `u/${user.uid}/202611/engine-${Date.now()}.png`
    await withEngine.deps.objectStore.create(key, new Uint8Array(await picture(120, 120).png().toBuffer()))
    const image = `${withEngine.deps.config.storageUrl}/uploads/${key}`
    const runThere = async (body: unknown) => {
      const task = await submitted(withEngine, user.token, body)
      return waitFor(withEngine, user.token, task.id, finished, 60_000)
    }
    const upscaled = await runThere({ type: "tool", tool: "hd-repair", image_url: image, options: { scale: 2 } })
    expect(upscaled).toMatchObject({ status: "succeeded", engine: "测试 WebUI" })
    expect([upscaled.images[0]!.width, upscaled.images[0]!.height]).toEqual([64, 64]) // what the fake engine's upscaler makes
    const cut = await runThere({ type: "tool", tool: "discount", image_url: image })
    expect(cut.status).toBe("succeeded")
    const { data, info } = await sharp((await withEngine.deps.objectStore.read(cut.images[0]!.url.slice(`${withEngine.deps.config.storageUrl}/uploads/`.length)))!).raw().toBuffer({ resolveWithObject: true })
    expect([info.width, info.channels, data[3]]).toEqual([120, 4, 0])
  }, 90_000)
})
