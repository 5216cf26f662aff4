import { createServer } from "node:net"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { makeMjProxyEngine, type MjProxyOptions } from "../../src/adapters/engine/mjproxy/mjProxyEngine.js"
import { engineErrorOf, imageRequest, mjReferences, pixelAt, recordedRun, solidPng, textRequest } from "../engineFakes/engineRequests.js"
import type { MjReferences } from "../../src/adapters/engine/imageEnginePort.js"
import { CELL_LONG_SIDE, QUADRANT_COLORS, startMjProxyFake, type MjProxyFake } from "../engineFakes/mjProxyFake.js"
import { json, png, startRecordingServer, type RecordingServer } from "../engineFakes/recordingHttpServer.js"

/** The midjourney-proxy adapter against a fake proxy on loopback (no database). */
const SECRET = "mj-secret-1"
let fake: MjProxyFake
/** Mido's storage origin: /uploads/… are public images, anything else 404 */
let storage: RecordingServer

beforeAll(async () => {
  fake = await startMjProxyFake({ secret: SECRET })
  const image = await solidPng(4, 4, [5, 5, 5])
  storage = await startRecordingServer((request) => Promise.resolve(request.path.startsWith("/uploads/") ? png(image) : json(404, {})))
})
afterAll(async () => {
  await fake.close()
  await storage.close()
})
afterEach(() => {
  fake.mode = "ok"
  fake.requests.length = 0
})

const engineOn = (overrides: Partial<MjProxyOptions> = {}) => makeMjProxyEngine({ baseUrl: fake.url, secret: SECRET, pollMs: 5, timeoutMs: 3000, ...overrides })
const lastSubmit = () => fake.submits().at(-1)!
const submittedPrompt = () => (lastSubmit().json as { prompt: string }).prompt
const base64ArrayOf = () => (lastSubmit().json as { base64Array?: string[] }).base64Array ?? []
const bytesOfDataUrl = (url: string) => new Uint8Array(Buffer.from(url.replace(/^data:image\/png;base64,/, ""), "base64"))

describe("txt2img: imagine, polling, the grid split", () => {
  it("sends the prompt with --ar, --v and --seed, reports progress with a preview, returns the first `count` quadrants", async () => {
    const run = recordedRun()
    const result = await engineOn().txt2img(textRequest({ count: 2, mj: mjReferences({ version: "v7", aspect: "3:4" }) }), run)
    expect(lastSubmit().path).toBe("/mj/submit/imagine")
    expect(lastSubmit().headers["mj-api-secret"]).toBe(SECRET)
    expect(submittedPrompt()).toBe("a red fox in the snow --ar 3:4 --v 7 --seed 1234")
    expect(lastSubmit().json).not.toHaveProperty("base64Array")
    expect(result.images).toHaveLength(2)
    const cell = { width: Math.round((CELL_LONG_SIDE * 3) / 4), height: CELL_LONG_SIDE }
    for (const [index, image] of result.images.entries()) {
      expect({ width: image.width, height: image.height, seed: image.seed }).toEqual({ ...cell, seed: 1234 })
      expect((await pixelAt(image.bytes, 5, 5)).slice(0, 3)).toEqual(QUADRANT_COLORS[index])
    }
    const percents = run.progress.map((step) => step.percent)
    expect(percents[0]).toBe(0)
    expect(percents).toContain(35)
    expect(percents.at(-1)).toBe(100)
    const preview = run.progress.find((step) => step.preview !== undefined)?.preview
    expect(preview?.subarray(0, 2)).toEqual(new Uint8Array([0xff, 0xd8]))
  })

  it("returns all four quadrants in MJ's order for count 4", async () => {
    const result = await engineOn().txt2img(textRequest({ count: 4, mj: mjReferences({ aspect: "1:1" }) }), recordedRun())
    const colors = await Promise.all(result.images.map(async (image) => (await pixelAt(image.bytes, 1, 1)).slice(0, 3)))
    expect(colors).toEqual(QUADRANT_COLORS)
  })

  it("asks for --niji and the niji bot for a niji version; an explicit botType wins", async () => {
    await engineOn().txt2img(textRequest({ count: 1, mj: mjReferences({ version: "niji 6" }) }), recordedRun())
    expect(submittedPrompt()).toContain("--niji 6")
    expect(lastSubmit().json).toMatchObject({ botType: "NIJI_JOURNEY" })
    await engineOn({ botType: "MID_JOURNEY" }).txt2img(textRequest({ count: 1, mj: mjReferences({ version: "v6.1" }) }), recordedRun())
    expect(submittedPrompt()).toContain("--v 6.1")
    expect(lastSubmit().json).toMatchObject({ botType: "MID_JOURNEY" })
  })

  it("builds --ar from width and height without MJ fields, and --no from the negative prompt", async () => {
    await engineOn().txt2img(textRequest({ count: 1, width: 1024, height: 576, negativePrompt: "text,\nwatermark" }), recordedRun())
    expect(submittedPrompt()).toBe("a red fox in the snow --ar 16:9 --seed 1234 --no text, watermark")
  })

  it("sends image prompts as base64Array data URLs, in order", async () => {
    const first = await solidPng(8, 8, [1, 2, 3])
    const second = await solidPng(8, 8, [4, 5, 6])
    await engineOn().txt2img(textRequest({ count: 1, mj: mjReferences({ imagePrompts: [first, second] }) }), recordedRun())
    expect(base64ArrayOf().map(bytesOfDataUrl)).toEqual([first, second])
  })
})

describe("references: --sref / --cref / --oref are public URLs Midjourney fetches itself", () => {
  const refs = async (urls?: MjReferences["referenceUrls"]) =>
    mjReferences({
      styleReference: [await solidPng(4, 4, [9, 9, 9])],
      characterReference: [await solidPng(4, 4, [8, 8, 8])],
      omniReference: [await solidPng(4, 4, [7, 7, 7])],
      ...(urls === undefined ? {} : { referenceUrls: urls })
    })
  const own = (name: string) => `${storage.url}/uploads/u/7/${name}.png`

  it("sends the user's own storage addresses after their flags, and the proxy (as Midjourney) fetches each one", async () => {
    const mj = await refs({ style: [own("style")], character: [own("face")], omni: [own("omni")] })
    const result = await engineOn().txt2img(textRequest({ count: 1, mj }), recordedRun())
    expect(result.images).toHaveLength(1)
    expect(submittedPrompt()).toMatch(/--sref \S+\/u\/7\/style\.png --cref \S+\/u\/7\/face\.png --oref \S+\/u\/7\/omni\.png$/)
    expect(base64ArrayOf()).toEqual([])
    expect(fake.submits().map((request) => request.path)).toEqual(["/mj/submit/imagine"])
    expect(fake.referenceFetches().slice(-3)).toEqual(["style", "face", "omni"].map((name) => ({ url: own(name), status: 200 })))
  })

  it("a reference address Midjourney cannot fetch fails the task with MJ's own reason", async () => {
    const mj = await refs({ style: [`${storage.url}/missing/style.png`], character: [own("face")], omni: [own("omni")] })
    const error = await engineErrorOf(engineOn().txt2img(textRequest({ count: 1, mj }), recordedRun()))
    expect(error.kind).toBe("rejected")
    expect(error.reason).toContain("Invalid link!")
  })

  it("publishReference is used when the request carries no addresses", async () => {
    const published: Uint8Array[] = []
    const publishReference = (image: Uint8Array) => {
      published.push(image)
      return Promise.resolve(own(`published-${published.length}`))
    }
    const mj = await refs()
    await engineOn({ publishReference }).txt2img(textRequest({ count: 1, mj }), recordedRun())
    expect(published).toEqual([...mj.styleReference, ...mj.characterReference, ...mj.omniReference])
    expect(submittedPrompt()).toMatch(/--sref \S+published-1\.png --cref \S+published-2\.png --oref \S+published-3\.png$/)
  })

  it("a plus fork's upload-discord-images is the last resort", async () => {
    const plus = await startMjProxyFake({ secret: SECRET, plus: true })
    try {
      await makeMjProxyEngine({ baseUrl: plus.url, secret: SECRET, pollMs: 5, timeoutMs: 3000 }).txt2img(textRequest({ count: 1, mj: await refs() }), recordedRun())
      const [upload, imagine] = plus.submits()
      expect(upload?.path).toBe("/mj/submit/upload-discord-images")
      expect((imagine?.json as { prompt: string }).prompt).toMatch(/--sref https:\/\/cdn\.discordapp\.com\/\S+-0\.png --cref \S+-1\.png --oref \S+-2\.png$/)
    } finally {
      await plus.close()
    }
  })

  it("the open-source proxy has no upload route: without addresses the task is rejected, not drawn without its references", async () => {
    const error = await engineErrorOf(engineOn().txt2img(textRequest({ count: 1, mj: await refs() }), recordedRun()))
    expect(error.kind).toBe("rejected")
    expect(error.reason).toContain("不支持上传参考图")
    expect(fake.submits().map((request) => request.path)).toEqual(["/mj/submit/upload-discord-images"])
  })

  it("refuses at submit a private storage origin while the proxy is remote (referenceRefusal)", () => {
    const remote = makeMjProxyEngine({ baseUrl: "https://mj.example.com" })
    expect(remote.referenceRefusal?.("http://127.0.0.1:8788")).toContain("STORAGE_URL")
    expect(remote.referenceRefusal?.("http://192.168.1.20:8788")).toContain("STORAGE_URL")
    expect(remote.referenceRefusal?.("https://files.mido.example")).toBeUndefined()
    expect(engineOn().referenceRefusal?.("http://127.0.0.1:8788")).toBeUndefined()
  })
})

describe("blend, img2img, describe", () => {
  it("blends 2–5 image prompts when the prompt is empty, with dimensions from the aspect", async () => {
    const images = [await solidPng(8, 8), await solidPng(8, 8), await solidPng(8, 8)]
    const result = await engineOn().txt2img(textRequest({ prompt: " ", count: 4, mj: mjReferences({ imagePrompts: images, aspect: "2:3" }) }), recordedRun())
    expect(lastSubmit().path).toBe("/mj/submit/blend")
    expect(lastSubmit().json).toMatchObject({ dimensions: "PORTRAIT" })
    expect(base64ArrayOf()).toHaveLength(3)
    expect(result.images).toHaveLength(4)
    expect(result.images[0]?.seed).toBeUndefined()
  })

  it("refuses an empty prompt with fewer than two images, without calling the proxy", async () => {
    const error = await engineErrorOf(engineOn().txt2img(textRequest({ prompt: "", mj: mjReferences({ imagePrompts: [await solidPng(8, 8)] }) }), recordedRun()))
    expect(error.kind).toBe("rejected")
    expect(error.reason).toContain("请填写提示词")
    expect(fake.submits()).toHaveLength(0)
  })

  it("img2img puts the init image first in base64Array and its strength as --iw", async () => {
    const init = await solidPng(16, 16, [200, 10, 10])
    const extra = await solidPng(8, 8, [10, 200, 10])
    await engineOn().img2img(imageRequest(init, { count: 1, denoisingStrength: 0.25, mj: mjReferences({ imagePrompts: [extra] }) }), recordedRun())
    expect(base64ArrayOf().map(bytesOfDataUrl)).toEqual([init, extra])
    expect(submittedPrompt()).toContain("--iw 2.3")
  })

  it("describe sends the image as base64 and splits finalPrompt into four prompts", async () => {
    const prompts = await engineOn().describe!(await solidPng(8, 8), recordedRun())
    expect((lastSubmit().json as { base64: string }).base64).toMatch(/^data:image\/png;base64,/)
    expect(prompts).toEqual(["a red fox in the snow, watercolor --ar 1:1", "a fox standing in a winter forest --ar 1:1", "red fox illustration --ar 1:1", "fox, snow, soft light --ar 1:1"])
  })

  it("upscale is not offered", async () => {
    const error = await engineErrorOf(engineOn().upscale({ image: await solidPng(8, 8), scale: 2 }, recordedRun()))
    expect([error.kind, error.reason]).toEqual(["rejected", "该引擎不支持放大"])
  })
})

describe("submit codes and task failures", () => {
  it("code 22 (queued) is progress 0, then the task runs", async () => {
    fake.mode = "queued"
    const run = recordedRun()
    const result = await engineOn().txt2img(textRequest({ count: 1 }), run)
    expect(run.progress[0]).toEqual({ percent: 0 })
    expect(result.images).toHaveLength(1)
  })


  it.each([
    ["queueFull", "transient", "引擎繁忙，请稍后重试"],
    ["noAccount", "unavailable", "Midjourney 暂无可用账号，米豆已退还"],
    ["submitFailure", "unavailable", "引擎暂时无法处理: 提交失败，系统异常"],
    ["failTask", "rejected", "Midjourney 未能完成该任务: [Invalid parameter] Unrecognized parameter(s): `--foo`"],
    ["serverError", "transient", "引擎暂时不可用"],
    ["drop", "transient", "与引擎的连接中断"]
  ] as const)("%s → %s %s", async (mode, kind, reason) => {
    fake.mode = mode
    const error = await engineErrorOf(engineOn().txt2img(textRequest({ count: 1 }), recordedRun()))
    expect([error.kind, error.reason]).toEqual([kind, reason])
  })

  it("an image link that answers 404: the preview is skipped, the result is transient 结果图片下载失败", async () => {
    fake.mode = "imageGone"
    const run = recordedRun()
    const error = await engineErrorOf(engineOn().txt2img(textRequest({ count: 1 }), run))
    expect([error.kind, error.reason]).toEqual(["transient", "结果图片下载失败"])
    expect(run.progress).toContainEqual({ percent: 35 })
  })

  it("code 24 (banned prompt) is rejected with the banned word", async () => {
    const error = await engineErrorOf(engineOn().txt2img(textRequest({ prompt: "a river of blood" }), recordedRun()))
    expect([error.kind, error.reason]).toEqual(["rejected", "提示词包含违规内容: blood"])
  })

  it("a wrong secret is 引擎鉴权失败 (unavailable); a Bearer key reaches a relay", async () => {
    const error = await engineErrorOf(engineOn({ secret: "wrong" }).txt2img(textRequest(), recordedRun()))
    expect([error.kind, error.reason]).toEqual(["unavailable", "引擎鉴权失败"])
    const relay = await startMjProxyFake({ bearer: "sk-relay" })
    try {
      const result = await makeMjProxyEngine({ baseUrl: relay.url, bearer: "sk-relay", pollMs: 5, timeoutMs: 3000 }).txt2img(textRequest({ count: 1 }), recordedRun())
      expect(result.images).toHaveLength(1)
      expect(relay.submits()[0]?.headers.authorization).toBe("Bearer sk-relay")
    } finally {
      await relay.close()
    }
  })
})

describe("hung, down and stopped", () => {
  it("a hung proxy is a timeout after timeoutMs", async () => {
    fake.mode = "hang"
    const started = Date.now()
    const error = await engineErrorOf(engineOn({ timeoutMs: 150 }).txt2img(textRequest(), recordedRun()))
    expect(error.kind).toBe("timeout")
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it("a proxy nobody listens on is unavailable", async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve))
    const port = (closed.address() as { port: number }).port
    await new Promise((resolve) => closed.close(resolve))
    const error = await engineErrorOf(makeMjProxyEngine({ baseUrl: `http://127.0.0.1:${port}`, pollMs: 5 }).txt2img(textRequest(), recordedRun()))
    expect([error.kind, error.reason]).toEqual(["unavailable", "引擎无法连接"])
  })

  it("an abort stops the polling: interrupted, and no fetch after it", async () => {
    const run = recordedRun((step) => {
      if (step.percent === 35) run.abort()
    })
    const error = await engineErrorOf(engineOn({ pollMs: 20 }).txt2img(textRequest(), run))
    expect(error.kind).toBe("interrupted")
    const fetchesAtAbort = fake.fetches()
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(fake.fetches()).toBe(fetchesAtAbort)
  })

  it("the caller's own time limit (a TimeoutError reason) is a timeout, also while a fetch hangs", async () => {
    fake.mode = "hangFetch"
    const run = recordedRun()
    setTimeout(() => run.abort(new DOMException("task time is up", "TimeoutError")), 50)
    const error = await engineErrorOf(engineOn().txt2img(textRequest(), run))
    expect([error.kind, error.reason]).toEqual(["timeout", "生成超时"])
  })
})

describe("catalog and health", () => {
  it("offers the MJ versions as checkpoints and nothing else", async () => {
    expect(await engineOn().catalog()).toEqual({ checkpoints: ["v7", "v6.1", "v6", "niji 6", "niji 5"], loras: [], samplers: [], schedulers: [], upscalers: [] })
  })

  it("health: ok when the queue answers, not ok on a wrong secret or a dead proxy", async () => {
    expect(await engineOn().health()).toEqual({ ok: true })
    expect((await engineOn({ secret: "wrong" }).health()).ok).toBe(false)
    fake.mode = "serverError"
    expect(await engineOn().health()).toMatchObject({ ok: false, detail: expect.stringContaining("502") })
  })
})
