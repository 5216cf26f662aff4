import { randomUUID } from "node:crypto"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { eq, sql } from "drizzle-orm"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { artworks } from "../src/db/schema/artworks.js"
import { tasks } from "../src/db/schema/tasks.js"
import { seedSdModels } from "../src/seed/artworkSeed.js"
import { makeArtwork, parametersOf } from "./artworksFixtures.js"
import { finished, grantBeans, submitted, testTuning, waitFor } from "./generationFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { testUsers } from "./testUsers.js"

/** What same-style and the detail read of an artwork: the prompt of every type (GA5), a LoRA's catalogue name. */
let server: TestServer
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1370017", nickname: "同款用户", inviteCodePrefix: "SS", nidPrefix: "817" })

beforeAll(async () => {
  server = await startTestServer({ generation: testTuning({ timeoutMs: { quick: 20_000, quick_mj: 20_000, sd: 20_000, agent: 20_000, tool: 20_000 } }) })
})
afterAll(async () => {
  await server?.stop()
})

type Parameters = Record<string, unknown>
const parametersOfArtwork = async (id: number, token?: string): Promise<Parameters> => {
  const answer = await server.request("GET", `/api/v2/open/artwork/info?id=${id}`, undefined, token)
  expect(answer.code, answer.msg).toBe(0)
  return (answer.data as { parameters: Parameters }).parameters
}

describe("artwork parameters for same-style", () => {
  it("GA5 quick, quick_mj and agent works keep the prompt they were drawn with, with the references and the version (GA6: its /aigc label)", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 2_000)
    const key = `u/${user.uid}/202611/ref-${Date.now()}.png`
    await server.deps.objectStore.create(key, await sharp({ create: { width: 96, height: 64, channels: 3, background: "#4a7" } }).png().toBuffer())
    const reference = `${server.deps.config.storageUrl}/uploads/${key}`
    const bodies = [
      { type: "quick", num: 1, style_group: "pro", style_name: "电影质感", prompt: "雨夜的霓虹街头" },
      { type: "quick_mj", prompt: "一只机械猫, 黄铜齿轮", num: 1, version: "v7", image_prompts: [reference], style_reference: [reference], omni_reference: [reference] },
      { type: "agent", prompt: "樱花树下看书的橘猫", num: 1 }
    ]
    const made: Array<Parameters> = []
    for (const body of bodies) {
      const task = await submitted(server, user.token, body)
      const done = await waitFor(server, user.token, task.id, finished, 30_000)
      expect(done.status, JSON.stringify(done)).toBe("succeeded")
      made.push(await parametersOfArtwork(done.images[0]!.artwork_id, user.token))
    }
    expect(made[0]).toMatchObject({ style_info: { group: "pro", name: "电影质感" }, prompt: "雨夜的霓虹街头" })
    expect(made[1]).toMatchObject({
      prompt: "一只机械猫, 黄铜齿轮",
      image_prompts: [reference],
      style_reference: [reference],
      character_reference: [],
      omni_reference: [reference],
      version_info: { name: "v7", label: "MJ V7" }
    })
    expect(made[2]).toMatchObject({ id: 1, name: "智能助手", prompt: "樱花树下看书的橘猫" })
  }, 60_000)

  it("GA5 migration 1700 fills the prompt of older task-made works from their task; a work without one reads as \"\"", async () => {
    const user = await newUser()
    const db = server.deps.db
    const older = await makeArtwork(db, user.uid, { type: "quick_mj", parameters: parametersOf("quick_mj") })
    const untouched = await makeArtwork(db, user.uid, { type: "agent", parameters: parametersOf("agent") })
    await db.insert(tasks).values({
      id: randomUUID(), uid: user.uid, type: "quick_mj", status: "succeeded", engineKind: "offline", engineLabel: "本地演示引擎", queue: "quick_mj",
      params: {}, seed: 1, prompt: "雪夜江南, 红灯笼", num: 1, cost: 0, artworkIds: [older.id]
    })
    const migration = readFileSync(fileURLToPath(new URL("../src/db/migrations/1700_artwork_prompts.sql", import.meta.url)), "utf8")
    await db.execute(sql.raw(migration))
    expect(await parametersOfArtwork(older.id)).toMatchObject({ prompt: "雪夜江南, 红灯笼", version_info: { name: "Midjourney V7" } })
    // GA6: a name the /aigc list does not know gets no label
    expect((await parametersOfArtwork(older.id)).version_info).not.toHaveProperty("label")
    expect(await parametersOfArtwork(untouched.id)).toMatchObject({ prompt: "" })
    const [row] = await db.select({ parameters: artworks.parameters }).from(artworks).where(eq(artworks.id, untouched.id))
    expect(row?.parameters).not.toHaveProperty("prompt")
  })

  it("a LoRA chip shows the catalogue's name (油纸伞), not its file; the file stays for the tag", async () => {
    const user = await newUser()
    await seedSdModels(server.deps.db, [])
    const work = await makeArtwork(server.deps.db, user.uid, {
      parameters: {
        prompt: "江南, <lora:oilpaper_umbrella:0.8>",
        models: [
          { type: "Checkpoint", name: "guofeng_ink_v3", files: [{ name: "guofeng_ink_v3.safetensors" }] },
          { type: "LoRA", name: "oilpaper_umbrella", files: [{ name: "oilpaper_umbrella.safetensors" }] },
          { type: "LoRA", name: "my_own_lora", files: [{ name: "my_own_lora.safetensors" }] }
        ],
        args: []
      }
    })
    const parameters = await parametersOfArtwork(work.id)
    expect(parameters.models).toEqual([
      { type: "Checkpoint", name: "guofeng_ink_v3", files: [{ name: "guofeng_ink_v3.safetensors" }] },
      { type: "LoRA", name: "油纸伞", files: [{ name: "oilpaper_umbrella.safetensors" }] },
      { type: "LoRA", name: "my_own_lora", files: [{ name: "my_own_lora.safetensors" }] }
    ])
  })
})
