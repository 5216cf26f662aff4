import type { TaskView } from "@mido/core/generation"
import { and, eq } from "drizzle-orm"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildEngines, readEngineConfig } from "../src/adapters/engine/engineConfig.js"
import { beanLedger } from "../src/db/schema/commerce.js"
import { tasks } from "../src/db/schema/tasks.js"
import { startMjProxyFake, type MjProxyFake } from "./engineFakes/mjProxyFake.js"
import { freePorts } from "./filesFixtures.js"
import { auditedBalance, finished, grantBeans, submit, submitted, testTuning, waitFor } from "./generationFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { testUsers } from "./testUsers.js"

/**
 * MJ actions end to end (ADR 0020): a real server whose quick_mj engine is the midjourney-proxy
 * adapter pointed at the proxy fake (open-source flavour: no upload route), then U2 / V3 / 重新生成
 * as charged tasks linked to the grid; and the same actions on the offline engine.
 */
let fake: MjProxyFake
let server: TestServer
let offline: TestServer
let uploadDir = ""
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1370027", nickname: "MJ 用户", inviteCodePrefix: "MA", nidPrefix: "827" })
const newOfflineUser = testUsers(() => offline.deps.db, { phonePrefix: "1370028", nickname: "MJ 离线", inviteCodePrefix: "MB", nidPrefix: "828" })
const tuning = testTuning({ timeoutMs: { quick: 20_000, quick_mj: 20_000, sd: 20_000, agent: 20_000, tool: 20_000 } })

beforeAll(async () => {
  fake = await startMjProxyFake()
  const engines = buildEngines(readEngineConfig({ MIDO_ENGINE_QUICK_MJ: "mj-proxy", MIDO_MJ_PROXY_URL: fake.url, MIDO_MJ_PROXY_POLL_MS: "10" }))
  // a real storage origin on loopback: the proxy (as Midjourney) fetches the reference addresses from it
  const [port, storagePort] = await freePorts(2)
  uploadDir = mkdtempSync(join(tmpdir(), "mido-mj-test-"))
  server = await startTestServer({ generation: tuning, port, storagePort, publicUrl: `http://127.0.0.1:${port}`, storageUrl: `http://127.0.0.1:${storagePort}`, uploadDir }, { engines })
  offline = await startTestServer({ generation: tuning })
}, 120_000)
afterAll(async () => {
  await server?.stop()
  await offline?.stop()
  await fake?.close()
  rmSync(uploadDir, { recursive: true, force: true })
})

const upload = async (on: TestServer, uid: number, name: string): Promise<string> => {
  const key = `u/${uid}/202611/${name}-${Date.now()}.png`
  await on.deps.objectStore.create(key, await sharp({ create: { width: 32, height: 32, channels: 3, background: "#a47" } }).png().toBuffer())
  return `${on.deps.config.storageUrl}/uploads/${key}`
}

const done = async (on: TestServer, token: string, task: TaskView) => {
  const view = await waitFor(on, token, task.id, finished, 30_000)
  expect(view, JSON.stringify(view)).toMatchObject({ status: "succeeded", refunded: 0 })
  return view
}

const charges = async (on: TestServer, uid: number) =>
  (await on.deps.db.select({ amount: beanLedger.actionAmount, ref: beanLedger.ref }).from(beanLedger).where(and(eq(beanLedger.uid, uid), eq(beanLedger.kind, "gen_charge")))).map((row) => [row.ref, Number(row.amount)])

describe("MJ actions through midjourney-proxy", () => {
  it("draws with --sref and --cref from the user's own uploads (no upload route), then U2 and V3 as charged tasks linked to the grid", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 200)
    const [style, face] = [await upload(server, user.uid, "style"), await upload(server, user.uid, "face")]
    const first = await submit(server, user.token, { type: "quick_mj", prompt: "a castle", num: 4, version: "v6", style_reference: [style], character_reference: [face] })
    expect(first, JSON.stringify(first)).toMatchObject({ code: 0 })
    const grid = await done(server, user.token, first.data as TaskView)
    expect(grid.images).toHaveLength(4)
    const imagine = fake.submits().find((request) => request.path === "/mj/submit/imagine")?.json as { prompt: string }
    expect(imagine.prompt).toContain(`--sref ${style} --cref ${face}`)
    expect(fake.submits().map((request) => request.path)).not.toContain("/mj/submit/upload-discord-images")
    expect(fake.referenceFetches()).toEqual([{ url: style, status: 200 }, { url: face, status: 200 }])
    const [row] = await server.deps.db.select({ engineTaskId: tasks.engineTaskId }).from(tasks).where(eq(tasks.id, grid.id))
    expect(row?.engineTaskId).toMatch(/^\d{16}$/)

    const upscale = await submitted(server, user.token, { type: "quick_mj", prompt: "ignored", num: 4, version: "v7", mj_action: { task_id: grid.id, action: "upscale", index: 2 } })
    expect(upscale).toMatchObject({ num: 1, cost: 10, prompt: "a castle", model: "v6" })
    const upscaled = await done(server, user.token, upscale)
    expect(upscaled.images).toHaveLength(1)
    expect(fake.submits().at(-1)?.json).toEqual({ taskId: row?.engineTaskId, action: "UPSCALE", index: 2 })
    const detail = await server.request("GET", `/api/v2/open/artwork/info?id=${upscaled.images[0]!.artwork_id}`, undefined, user.token)
    expect((detail.data as { parameters: unknown }).parameters).toMatchObject({ mj_action: { action: "upscale", index: 2, from_artwork_id: grid.images[1]!.artwork_id } })

    const variation = await done(server, user.token, await submitted(server, user.token, { type: "quick_mj", prompt: "a castle", num: 1, version: "v7", mj_action: { task_id: grid.id, action: "variation", index: 3 } }))
    expect(variation).toMatchObject({ num: 4, cost: 40 })
    expect(variation.images).toHaveLength(4)
    expect(await auditedBalance(server, user.uid)).toBe(200 - 40 - 10 - 40)
    expect(await charges(server, user.uid)).toEqual([[grid.id, -40], [upscale.id, -10], [variation.id, -40]])

    // an upscale is no grid; another user's grid is not found; nothing is charged for either
    const again = await submit(server, user.token, { type: "quick_mj", prompt: "x", num: 1, version: "v7", mj_action: { task_id: upscale.id, action: "variation", index: 1 } })
    expect(again).toMatchObject({ code: 400, msg: "放大后的单张图不能再放大或变体" })
    const stranger = await newUser()
    await grantBeans(server, stranger.uid, 100)
    const foreign = await submit(server, stranger.token, { type: "quick_mj", prompt: "x", num: 1, version: "v7", mj_action: { task_id: grid.id, action: "upscale", index: 1 } })
    expect(foreign.code).not.toBe(0)
    expect(foreign.msg).toBe("找不到这组图，无法放大或变体")
    expect(await auditedBalance(server, user.uid)).toBe(110)
    expect(await auditedBalance(server, stranger.uid)).toBe(100)
  }, 90_000)

  it("no Discord account at the proxy (code 3): the task fails with 暂无可用账号 and the beans come back", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 50)
    fake.mode = "noAccount"
    try {
      const task = await submitted(server, user.token, { type: "quick_mj", prompt: "a lake", num: 1, version: "v7" })
      const view = await waitFor(server, user.token, task.id, finished, 30_000)
      expect(view).toMatchObject({ status: "failed", reason: "Midjourney 暂无可用账号，米豆已退还", refunded: 10 })
      expect(await auditedBalance(server, user.uid)).toBe(50)
    } finally {
      fake.mode = "ok"
    }
  }, 60_000)
})

describe("MJ actions on the offline engine", () => {
  it("U1 is one image twice the size of a candidate; 重新生成 draws as many as the grid", async () => {
    const user = await newOfflineUser()
    await grantBeans(offline, user.uid, 100)
    const grid = await done(offline, user.token, await submitted(offline, user.token, { type: "quick_mj", prompt: "a castle", num: 2, version: "v7" }))
    const upscaled = await done(offline, user.token, await submitted(offline, user.token, { type: "quick_mj", prompt: "a castle", num: 1, version: "v7", mj_action: { task_id: grid.id, action: "upscale", index: 1 } }))
    expect([upscaled.images[0]!.width, upscaled.images[0]!.height]).toEqual([grid.images[0]!.width * 2, grid.images[0]!.height * 2])
    const rerolled = await done(offline, user.token, await submitted(offline, user.token, { type: "quick_mj", prompt: "a castle", num: 1, version: "v7", mj_action: { task_id: grid.id, action: "reroll" } }))
    expect(rerolled.images).toHaveLength(2)
    expect(await auditedBalance(offline, user.uid)).toBe(100 - 20 - 10 - 20)
  }, 90_000)
})
