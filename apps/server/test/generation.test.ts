import { parseInfotext, type TaskView } from "@mido/core/generation"
import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { beanLedger } from "../src/db/schema/commerce.js"
import { readPngTexts } from "../src/platform/pngText.js"
import { expectBothLabels, expectInfotextParses } from "./aigcLabelsRead.js"
import { fakeEngine } from "./generationFakeEngine.js"
import { auditedBalance, finished, grantBeans, info, sdTask, submit, submitted, testTuning, waitFor } from "./generationFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { testUsers } from "./testUsers.js"

let server: TestServer
const fake = fakeEngine()
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1370001", nickname: "绘画用户", inviteCodePrefix: "GN", nidPrefix: "810" })

beforeAll(async () => {
  server = await startTestServer({ generation: testTuning() }, { engines: fake.registry })
})
afterAll(async () => {
  await server?.stop()
})

const ledgerOf = (uid: number, ref: string) => server.deps.db.select().from(beanLedger).where(and(eq(beanLedger.uid, uid), eq(beanLedger.ref, ref)))

describe("generation: submit → worker → artworks", () => {
  it("draws a task: charged once, progress, private draft artworks with the infotext in their PNGs", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 100)
    const started = Date.now()
    const task = await submitted(server, user.token, sdTask("a lighthouse at dusk [slow:800]", { negative_prompt: "blurry", num: 2, seed: 1234 }))
    expect(task).toMatchObject({ status: "queued", num: 2, refunded: 0, engine: "测试引擎", prompt: "a lighthouse at dusk [slow:800]", model: "fake-ckpt" })
    expect(task.cost).toBeGreaterThan(0)
    const running = await waitFor(server, user.token, task.id, (view) => view.status !== "queued")
    expect(running.status).toBe("running")
    const submitToRunning = Date.now() - started
    const withPreview = await waitFor(server, user.token, task.id, (view) => view.preview_url !== undefined || finished(view))
    expect(withPreview).toMatchObject({ status: "running", progress: 50 })
    const done = await waitFor(server, user.token, task.id, finished)
    expect(done).toMatchObject({ status: "succeeded", progress: 100, refunded: 0 })
    expect(done.images).toHaveLength(2)
    console.log(`submit → running ${submitToRunning} ms, submit → done ${Date.now() - started} ms (800 ms engine)`)

    expect(await auditedBalance(server, user.uid)).toBe(100 - task.cost)
    const charges = await ledgerOf(user.uid, task.id)
    expect(charges.map((row) => [row.kind, row.actionAmount])).toEqual([["gen_charge", -task.cost]])

    const library = await server.request("GET", "/api/v2/artwork/list?page=1&size=10", undefined, user.token)
    const items = (library.data as { list: Array<Record<string, unknown>> }).list
    expect(items.map((item) => item.id).sort()).toEqual(done.images.map((image) => image.artwork_id).sort())
    expect(items[0]).toMatchObject({ type: "sd", is_public: false, audit_status: "draft" })

    const [first] = done.images
    const key = first!.url.slice(`${server.deps.config.storageUrl}/uploads/`.length)
    expect(key.startsWith(`generated/u/${user.uid}/${task.id}/`)).toBe(true)
    const bytes = await server.deps.objectStore.read(key)
    const parsed = parseInfotext(readPngTexts(bytes!).parameters!)
    // AL2, AL6: both AIGC labels in the stored file, the infotext still read by the web app's PNG Info
    await expectBothLabels(bytes!, { ProduceID: `${task.id}-1` })
    expect((await expectInfotextParses(bytes!)).prompt).toBe(parsed.prompt)
    expect(parsed.prompt).toBe("a lighthouse at dusk [slow:800]")
    expect(parsed.negativePrompt).toBe("blurry")
    expect(parsed.params).toMatchObject({ Seed: "1234", Size: "64x64" })
  })

  it("answers a repeated request_id with the first task, charged once", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 100)
    const body = sdTask("same request twice", { request_id: "req-0001-abc" })
    const [a, b] = await Promise.all([submit(server, user.token, body), submit(server, user.token, body)])
    expect(a).toMatchObject({ code: 0 })
    expect((b.data as TaskView).id).toBe((a.data as TaskView).id)
    const again = await submitted(server, user.token, body)
    expect(again.id).toBe((a.data as TaskView).id)
    await waitFor(server, user.token, again.id, finished)
    expect(await auditedBalance(server, user.uid)).toBe(100 - again.cost)
  })

  it("refuses a short balance with 米豆不足: nothing charged, nothing queued", async () => {
    const user = await newUser()
    const answer = await submit(server, user.token, sdTask("no beans"))
    expect(answer).toMatchObject({ code: 400, msg: "米豆不足，请先充值" })
    const list = await server.request("GET", "/api/v2/task/list", undefined, user.token)
    expect(list).toMatchObject({ code: 0, data: { list: [] } })
    expect(await auditedBalance(server, user.uid)).toBe(0)
  })

  it("fails a task whose engine is down with a Chinese reason and a full refund", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 50)
    const task = await submitted(server, user.token, sdTask("engine down [down]"))
    const done = await waitFor(server, user.token, task.id, finished)
    expect(done).toMatchObject({ status: "failed", reason: "绘画引擎暂时不可用，米豆已退还", refunded: task.cost, images: [] })
    const rows = await ledgerOf(user.uid, task.id)
    expect(rows.map((row) => [row.kind, row.actionAmount, row.remark])).toEqual([["gen_charge", -task.cost, "AI绘画消耗"], ["gen_refund", task.cost, "绘画失败退还"]])
    expect(await auditedBalance(server, user.uid)).toBe(50)
  })

  it("keeps the images of a partly failed batch and refunds the unfinished share", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 100)
    const task = await submitted(server, user.token, sdTask("half a batch [partial:1]", { num: 2 }))
    const done = await waitFor(server, user.token, task.id, finished)
    expect(done).toMatchObject({ status: "succeeded", images: [expect.anything()] })
    expect(done.refunded).toBe(task.cost - Math.floor(task.cost / 2))
    expect(done.reason).toContain("1 张图片生成失败")
    const rows = await ledgerOf(user.uid, task.id)
    expect(rows.find((row) => row.kind === "gen_refund")).toMatchObject({ remark: "部分失败退还", actionAmount: done.refunded })
    expect(await auditedBalance(server, user.uid)).toBe(100 - task.cost + done.refunded)
  })

  it("retries a transient engine error with backoff, then succeeds (charged once)", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 100)
    const task = await submitted(server, user.token, sdTask("busy engine [flaky:1]"))
    const done = await waitFor(server, user.token, task.id, finished, 10_000)
    expect(done).toMatchObject({ status: "succeeded", refunded: 0 })
    expect(fake.calls.get("busy engine [flaky:1]")).toBe(2)
    expect(await auditedBalance(server, user.uid)).toBe(100 - task.cost)
  })

  it("refuses another user's task as not found, and an input image that is not the caller's", async () => {
    const [alice, bob] = [await newUser(), await newUser()]
    await grantBeans(server, alice.uid, 100)
    const task = await submitted(server, alice.token, sdTask("mine only"))
    expect(await server.request("GET", `/api/v2/task/info?id=${task.id}`, undefined, bob.token)).toMatchObject({ code: 404 })
    const foreign = `${server.deps.config.storageUrl}/uploads/u/${bob.uid}/202611/x.png`
    expect(await submit(server, alice.token, sdTask("img2img", { init_image_url: foreign }))).toMatchObject({ code: 400, msg: "图片地址无效，请使用自己上传或生成的图片" })
    await waitFor(server, alice.token, task.id, finished)
    expect((await info(server, alice.token, task.id)).status).toBe("succeeded")
  })

  it("streams a task's changes as server-sent events and ends after the finished state", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 100)
    const unauthorised = await fetch(`${server.url}/api/v2/task/events?id=00000000-0000-4000-8000-000000000000`)
    expect(await unauthorised.json()).toMatchObject({ code: -401, msg: "请先登录" })
    const task = await submitted(server, user.token, sdTask("watch me [slow:300]"))
    const response = await fetch(`${server.url}/api/v2/task/events?id=${task.id}`, { headers: { authorization: `Bearer ${user.token}` } })
    expect(response.headers.get("content-type")).toContain("text/event-stream")
    const text = await response.text()
    const events = text.split("\n\n").filter((block) => block.startsWith("event: task")).map((block) => JSON.parse(block.split("\ndata: ")[1]!) as TaskView)
    expect(events.length).toBeGreaterThanOrEqual(2)
    expect(events.at(-1)).toMatchObject({ id: task.id, status: "succeeded", progress: 100 })
    expect(events.some((view) => view.status === "running")).toBe(true)
    const other = await newUser()
    expect(await (await fetch(`${server.url}/api/v2/task/events?id=${task.id}`, { headers: { authorization: `Bearer ${other.token}` } })).json()).toMatchObject({ code: 404 })
  })
})
