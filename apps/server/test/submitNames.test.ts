import type { TaskView } from "@mido/core/generation"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { EngineCatalogList, EngineRegistry, ImageEngine } from "../src/adapters/engine/imageEnginePort.js"
import { makeOfflineEngine } from "../src/adapters/engine/offline/offlineEngine.js"
import { auditedBalance, grantBeans, sdTask, submit, testTuning } from "./generationFixtures.js"
import { fakeEngine } from "./generationFakeEngine.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { testUsers } from "./testUsers.js"

/**
 * Issue 26 item 3: names a task sends are checked against the configured engine's live catalogue (and
 * Mido's own MJ versions and quick styles) before any charge. The sd engine here is a WebUI-like one
 * whose catalogue the test changes; every other type draws on the offline 本地演示引擎.
 */
let server: TestServer
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1370026", nickname: "名称检查", inviteCodePrefix: "GN", nidPrefix: "826" })

const offline = makeOfflineEngine()
const drawing = fakeEngine().engine
let catalogue: EngineCatalogList = {
  checkpoints: ["sdxl_base.safetensors [31e35c80fc]", "v1-5-pruned-emaonly.safetensors [6ce0161689]"],
  loras: ["oilpaper_umbrella"],
  samplers: ["Euler a", "DPM++ 2M"],
  schedulers: ["Automatic", "Karras"],
  upscalers: ["None", "Lanczos", "R-ESRGAN 4x+"]
}
let catalogueDown = false
let catalogueReads = 0
/** A WebUI as the check sees it: a catalogue (changed by the test) and a drawing that always works. */
const webuiLike = (): ImageEngine => ({
  ...drawing,
  kind: "a1111",
  label: "Stable Diffusion WebUI",
  catalog: () => {
    catalogueReads++
    return catalogueDown ? Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:7860")) : Promise.resolve(catalogue)
  }
})
let sdEngine: ImageEngine = webuiLike()
const registry: EngineRegistry = {
  forTask: (type) => (type === "sd" ? sdEngine : offline),
  get all() {
    return [sdEngine, offline]
  },
  concurrency: () => 2
}

beforeAll(async () => {
  server = await startTestServer({ generation: testTuning() }, { engines: registry })
})
afterAll(async () => {
  await server?.stop()
})

const upload = async (uid: number): Promise<string> => {
  const key = `u/${uid}/202611/names-${Date.now()}.png`
  await server.deps.objectStore.create(key, await sharp({ create: { width: 64, height: 64, channels: 3, background: "#48a" } }).png().toBuffer())
  return `${server.deps.config.storageUrl}/uploads/${key}`
}

const sd = (extra: Record<string, unknown>) => sdTask("a lighthouse at dusk", { checkpoint: "sdxl_base.safetensors [31e35c80fc]", ...extra })
const hires = (upscaler: string) => ({ hires: { scale: 1.5, upscaler, steps: 0, denoising: 0.5 } })

const myTasks = async (token: string): Promise<ReadonlyArray<TaskView>> => {
  const answer = await server.request("GET", "/api/v2/task/list", undefined, token)
  return (answer.data as { list: ReadonlyArray<TaskView> }).list
}

describe("names checked at submit, before any charge", () => {
  it.each([
    ["checkpoint", sd({ checkpoint: "no_such_model_v9.safetensors" }), "模型「no_such_model_v9.safetensors」不存在，请重新选择"],
    ["sampler", sd({ sampler: "NoSuchSampler-xyz" }), "采样方法「NoSuchSampler-xyz」不存在，请重新选择"],
    ["LoRA", sd({ loras: [{ name: "oilpaper_umbrella", weight: 0.7 }, { name: "no_such_lora_xyz", weight: 0.8 }] }), "LoRA「no_such_lora_xyz」不存在，请重新选择"],
    ["schedule type", sd({ schedule_type: "NoSuchSchedule" }), "调度类型「NoSuchSchedule」不存在，请重新选择"],
    ["hires upscaler", sd(hires("NoSuchUpscaler")), "高清修复放大算法「NoSuchUpscaler」不存在，请重新选择"],
    ["MJ version", { type: "quick_mj", prompt: "a castle", num: 1, version: "v99-nosuch" }, "MJ 版本「v99-nosuch」不存在，请重新选择"],
    ["quick style", { type: "quick", num: 1, style_group: "default", style_name: "不存在的风格xyz", prompt: "小镇" }, "风格「不存在的风格xyz」不存在，请重新选择"],
    ["a pro style sent as a default one (cheaper)", { type: "quick", num: 1, style_group: "default", style_name: "电影质感", prompt: "小镇" }, "风格「电影质感」属于专业风格，请重新选择"]
  ])("an unknown %s is a 400 naming it, and nothing is charged or queued", async (_field, body, message) => {
    const user = await newUser()
    await grantBeans(server, user.uid, 500)
    expect(await submit(server, user.token, body)).toMatchObject({ code: 400, msg: message })
    expect(await auditedBalance(server, user.uid)).toBe(500)
    expect(await myTasks(user.token)).toEqual([])
  })

  it("a tool option the tool does not take is refused the same way", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 500)
    const image = await upload(user.uid)
    const answer = await submit(server, user.token, { type: "tool", tool: "hd-repair", image_url: image, options: { scale: 2, upscaler: "NoSuchUpscaler" } })
    expect(answer).toMatchObject({ code: 400, msg: "高清修复没有“upscaler”这个选项" })
    expect(await auditedBalance(server, user.uid)).toBe(500)
  })

  it("names the engine has pass, as the WebUI resolves them (title without hash, a latent hires mode, a pro style as pro)", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 500)
    for (const body of [
      sd({ checkpoint: "sdxl_base.safetensors", loras: [{ name: "oilpaper_umbrella.safetensors", weight: 0.6 }], schedule_type: "Karras", ...hires("Latent (nearest-exact)") }),
      { type: "quick", num: 1, style_group: "pro", style_name: "电影质感", prompt: "小镇" },
      { type: "quick_mj", prompt: "a castle", num: 1, version: "niji 6" }
    ]) {
      expect(await submit(server, user.token, body), JSON.stringify(body)).toMatchObject({ code: 0 })
    }
  })

  it("a model added to the engine after the catalogue was cached is found on the miss", async () => {
    // an engine of its own: the earlier tests' misses must not leave this one inside the refresh pause
    sdEngine = webuiLike()
    const user = await newUser()
    await grantBeans(server, user.uid, 500)
    expect(await submit(server, user.token, sd({}))).toMatchObject({ code: 0 })
    catalogue = { ...catalogue, checkpoints: [...catalogue.checkpoints, "just_added_v1.safetensors [0123abcd45]"] }
    expect(await submit(server, user.token, sd({ checkpoint: "just_added_v1.safetensors" }))).toMatchObject({ code: 0 })
    // within the refresh pause a second bad name answers from the cache: no catalogue call per bad submit
    const reads = catalogueReads
    expect(await submit(server, user.token, sd({ checkpoint: "still_missing.safetensors" }))).toMatchObject({ code: 400 })
    expect(await submit(server, user.token, sd({ checkpoint: "still_missing_2.safetensors" }))).toMatchObject({ code: 400 })
    expect(catalogueReads - reads).toBeLessThanOrEqual(1)
  })

  it("another engine is checked against its own catalogue, and one that never answered accepts (the task fails and refunds if it stays down)", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 500)
    sdEngine = offline
    expect(await submit(server, user.token, sd({}))).toMatchObject({ code: 400, msg: "模型「sdxl_base.safetensors [31e35c80fc]」不存在，请重新选择" })
    expect(await submit(server, user.token, sd({ checkpoint: "本地演示·水彩", sampler: "DPM++ 2M" }))).toMatchObject({ code: 0 })
    catalogueDown = true
    sdEngine = webuiLike()
    expect(await submit(server, user.token, sd({ checkpoint: "anything_the_user_says.safetensors" }))).toMatchObject({ code: 0 })
    catalogueDown = false
  })
})
