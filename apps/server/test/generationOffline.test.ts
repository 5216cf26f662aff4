import type { TaskView } from "@mido/core/generation"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { readPngTexts } from "../src/platform/pngText.js"
import { expectBothLabels, expectInfotextParses } from "./aigcLabelsRead.js"
import { auditedBalance, finished, grantBeans, sdTask, submitted, testTuning, waitFor } from "./generationFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { testUsers } from "./testUsers.js"

/** Every task type end to end on the default engine set: the offline 本地演示引擎 (no engine configured). */
let server: TestServer
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1370003", nickname: "离线用户", inviteCodePrefix: "GO", nidPrefix: "830" })

beforeAll(async () => {
  server = await startTestServer({ generation: testTuning({ timeoutMs: { quick: 20_000, quick_mj: 20_000, sd: 20_000, agent: 20_000, tool: 20_000 } }) })
})
afterAll(async () => {
  await server?.stop()
})

const upload = async (uid: number): Promise<string> => {
  const key = `u/${uid}/202611/base-${Date.now()}.png`
  await server.deps.objectStore.create(key, await sharp({ create: { width: 96, height: 64, channels: 3, background: "#4a7" } }).png().toBuffer())
  return `${server.deps.config.storageUrl}/uploads/${key}`
}

describe("generation on the offline engine", () => {
  it("draws every task type and saves artworks of the right type, labelled 本地演示引擎", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 2_000)
    const base = await upload(user.uid)
    const bodies: Array<[unknown, string]> = [
      [sdTask("a red fox in snow", { checkpoint: "本地演示·通用", width: 256, height: 192, num: 2 }), "sd"],
      [{ type: "quick", num: 1, ratio: "3:4", style_group: "default", style_name: "水彩插画", prompt: "小镇" }, "quick"],
      [{ type: "quick_mj", prompt: "a castle", num: 1, version: "v7", image_prompts: [base] }, "quick_mj"],
      [{ type: "agent", prompt: "画一只猫", num: 1 }, "agent"],
      [{ type: "tool", tool: "hd-repair", image_url: base, options: { scale: 2 } }, "sd"]
    ]
    const tasks: Array<TaskView> = []
    for (const [body] of bodies) tasks.push(await submitted(server, user.token, body))
    for (const [index, task] of tasks.entries()) {
      const done = await waitFor(server, user.token, task.id, finished, 30_000)
      expect(done, JSON.stringify(done)).toMatchObject({ status: "succeeded", engine: "本地演示引擎", refunded: 0 })
      expect(done.images).toHaveLength(task.num)
      const library = await server.request("GET", `/api/v2/open/artwork/info?id=${done.images[0]!.artwork_id}`, undefined, user.token)
      expect(library.data).toMatchObject({ type: bodies[index]![1] })
      const key = done.images[0]!.url.slice(`${server.deps.config.storageUrl}/uploads/`.length)
      const bytes = (await server.deps.objectStore.read(key))!
      expect(readPngTexts(bytes).parameters).toContain("本地演示引擎")
      // AL2, AL6: every engine's and tool's result carries both AIGC labels
      await expectBothLabels(bytes)
      await expectInfotextParses(bytes)
    }
    const [sd] = tasks
    const sdDone = await waitFor(server, user.token, sd!.id, finished)
    expect(sdDone.images.map((image) => [image.width, image.height])).toEqual([[256, 192], [256, 192]])
    const tool = await waitFor(server, user.token, tasks[4]!.id, finished)
    expect([tool.images[0]!.width, tool.images[0]!.height]).toEqual([192, 128])
    expect(await auditedBalance(server, user.uid)).toBe(2_000 - tasks.reduce((sum, task) => sum + task.cost, 0))
    // a generated artwork is published through the existing audit submit
    const published = await server.request("POST", "/api/v1/artwork/audit/submit", { artwork_id: sdDone.images[0]!.artwork_id, title: "雪中红狐" }, user.token)
    expect(published).toMatchObject({ code: 0 })
    const pending = await server.request("GET", "/api/v2/artwork/list?audit_status=pending", undefined, user.token)
    expect(pending.data).toMatchObject({ total: 1, list: [{ id: sdDone.images[0]!.artwork_id, title: "雪中红狐" }] })
  }, 60_000)

  it("answers the catalog of the offline engine", async () => {
    const user = await newUser()
    const answer = await server.request("GET", "/api/v2/task/catalog?type=sd", undefined, user.token)
    expect(answer).toMatchObject({ code: 0, data: { engine: "本地演示引擎", offline: true } })
    expect((answer.data as { checkpoints: Array<string> }).checkpoints.length).toBeGreaterThan(0)
  })
})
