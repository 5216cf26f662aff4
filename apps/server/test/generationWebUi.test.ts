import { parseInfotext } from "@mido/core/generation"
import { inArray } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeA1111Engine } from "../src/adapters/engine/a1111/a1111Engine.js"
import { artworks } from "../src/db/schema/artworks.js"
import { readPngTexts } from "../src/platform/pngText.js"
import { expectBothLabels } from "./aigcLabelsRead.js"
import { startA1111Fake, type A1111Fake } from "./engineFakes/a1111Fake.js"
import { finished, grantBeans, sdTask, submitted, testTuning, waitFor } from "./generationFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { testUsers } from "./testUsers.js"

// The worker with the real WebUI adapter against the fake WebUI: the saved PNG keeps the WebUI's own infotext.

let server: TestServer
let fake: A1111Fake
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1370093", nickname: "网页用户", inviteCodePrefix: "WU", nidPrefix: "893" })

beforeAll(async () => {
  fake = await startA1111Fake({ stepMs: 2 })
  const engine = makeA1111Engine({ baseUrl: fake.url, progressPollMs: 20 })
  server = await startTestServer({ generation: testTuning() }, { engines: { forTask: () => engine, all: [engine], concurrency: () => 1 } })
})
afterAll(async () => {
  await server?.stop()
  await fake?.close()
})

describe("generation on a Stable Diffusion WebUI", () => {
  it("keeps the WebUI's infotext (Model hash, Lora hashes, Version) in the saved PNG and adds only Mido's Engine", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 100)
    const body = sdTask("a lighthouse at dusk", {
      checkpoint: "sdxl_base.safetensors [31e35c80fc]",
      loras: [{ name: "detail_tweaker", weight: 0.8 }],
      schedule_type: "Karras",
      negative_prompt: "blurry",
      seed: 1234
    })
    const task = await submitted(server, user.token, body)
    const done = await waitFor(server, user.token, task.id, finished)
    expect(done.status).toBe("succeeded")

    const key = done.images[0]!.url.slice(`${server.deps.config.storageUrl}/uploads/`.length)
    const bytes = (await server.deps.objectStore.read(key))!
    const text = readPngTexts(bytes).parameters!
    await expectBothLabels(bytes)
    const webui = fake.requests.find((each) => each.path === "/sdapi/v1/txt2img")!
    expect(text.startsWith("a lighthouse at dusk")).toBe(true)
    expect(text).toContain('Lora hashes: "detail_tweaker: 3c2fe2bd3f4a", Version: v1.10.1, Engine: Stable Diffusion WebUI')
    expect(parseInfotext(text)).toMatchObject({
      negativePrompt: "blurry",
      params: { Steps: "20", Sampler: "Euler a", "Schedule type": "Karras", Seed: "1234", "Model hash": "31e35c80fc", Model: "sdxl_base" }
    })
    expect(webui.body.force_task_id).toMatch(/^task\(mido-/)

    const [artwork] = await server.deps.db.select().from(artworks).where(inArray(artworks.id, done.images.map((image) => image.artwork_id)))
    expect(artwork!.parameters).toMatchObject({ models: [{ type: "Checkpoint", name: "sdxl_base", files: [{ name: "sdxl_base.safetensors" }] }, { type: "LoRA", name: "detail_tweaker" }] })
  })
})
