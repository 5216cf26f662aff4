import type { TaskView } from "@mido/core/generation"
import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { beanLedger } from "../src/db/schema/commerce.js"
import { taskCost } from "../src/features/artworks/taskPricing.js"
import { taskCostInputOf } from "@mido/core/generation"
import { fakeEngine } from "./generationFakeEngine.js"
import { auditedBalance, finished, grantBeans, info, sdTask, submit, submitted, testTuning, waitFor } from "./generationFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { testUsers } from "./testUsers.js"

let server: TestServer
const fake = fakeEngine({ concurrency: 6 })
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1370002", nickname: "排队用户", inviteCodePrefix: "GQ", nidPrefix: "820" })

beforeAll(async () => {
  // beats far apart (8 s), so a cancel that waited for the next beat to stop the engine would be seen;
  // the cancel below may take up to 6 s on a loaded CI machine and still be told apart from a beat
  server = await startTestServer({ generation: testTuning({ progressMs: 8_000, timeoutMs: { quick: 5_000, quick_mj: 5_000, sd: 20_000, agent: 600, tool: 5_000 } }) }, { engines: fake.registry })
})
afterAll(async () => {
  await server?.stop()
})

const cancel = (token: string, id: string) => server.request("POST", "/api/v2/task/cancel", { id }, token)
const refundOf = (uid: number, id: string) =>
  server.deps.db.select().from(beanLedger).where(and(eq(beanLedger.uid, uid), eq(beanLedger.ref, id), eq(beanLedger.kind, "gen_refund")))

describe("generation: limits, cancel, retry, timeout", () => {
  it("runs at most 2 of a user's tasks at once, queues 10 more, refuses the next; cancel refunds queued and running tasks", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 1_000)
    const tasks: Array<TaskView> = []
    for (let i = 0; i < 12; i++) tasks.push(await submitted(server, user.token, sdTask(`wait ${i} [hang]`)))
    const [first, second] = [await waitFor(server, user.token, tasks[0]!.id, (v) => v.status === "running"), await waitFor(server, user.token, tasks[1]!.id, (v) => v.status === "running")]
    expect([first.status, second.status]).toEqual(["running", "running"])
    await new Promise((resolve) => setTimeout(resolve, 300))
    const third = await info(server, user.token, tasks[2]!.id)
    expect(third).toMatchObject({ status: "queued", position: 1 })
    expect((await info(server, user.token, tasks[11]!.id)).position).toBe(10)
    const balanceBefore = await auditedBalance(server, user.uid)
    expect(await submit(server, user.token, sdTask("one too many"))).toMatchObject({ code: 429, msg: "排队中的任务已达 10 个，请等待完成后再提交" })
    expect(await auditedBalance(server, user.uid)).toBe(balanceBefore)

    // cancel a queued task: full refund, the next one moves up
    const cancelled = (await cancel(user.token, third.id)).data as TaskView
    expect(cancelled).toMatchObject({ status: "cancelled", refunded: third.cost })
    expect((await refundOf(user.uid, third.id))[0]).toMatchObject({ actionAmount: third.cost, remark: "取消任务退还" })
    expect((await info(server, user.token, tasks[3]!.id)).position).toBe(1)
    // cancelling again answers the task as it is, refunded once
    expect((await cancel(user.token, third.id)).data).toMatchObject({ status: "cancelled", refunded: third.cost })
    expect(await refundOf(user.uid, third.id)).toHaveLength(1)

    // cancel a running task: the engine is aborted at once (not a beat later), the next queued task starts
    // (the engine call's own end is read, not the running count: the next task may take the slot at once)
    const runningBefore = fake.running.now
    const cancelledAt = Date.now()
    expect((await cancel(user.token, first.id)).data).toMatchObject({ status: "cancelled", refunded: first.cost })
    while (!fake.ended.has("wait 0 [hang]") && Date.now() - cancelledAt < 6_000) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(fake.ended.get("wait 0 [hang]")! - cancelledAt).toBeLessThan(6_000)
    const next = await waitFor(server, user.token, tasks[3]!.id, (v) => v.status === "running")
    expect(next.status).toBe("running")
    expect(fake.running.now).toBeLessThanOrEqual(runningBefore)

    for (const task of tasks) await cancel(user.token, task.id)
    for (const task of tasks) expect((await waitFor(server, user.token, task.id, finished)).status).toBe("cancelled")
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(fake.running.now).toBe(0)
    expect(await auditedBalance(server, user.uid)).toBe(1_000)
  })

  it("accepts exactly 5 of 20 concurrent submits when the beans pay for 5, leaving 0", async () => {
    const user = await newUser()
    const body = sdTask("twenty at once")
    const cost = (await taskCost(server.deps.db, user.uid, taskCostInputOf(body as never), new Date())).points
    await grantBeans(server, user.uid, cost * 5)
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(server, user.token, body)))
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(5)
    expect(answers.filter((answer) => answer.code === 400 && answer.msg === "米豆不足，请先充值")).toHaveLength(15)
    for (const answer of answers.filter((a) => a.code === 0)) expect((await waitFor(server, user.token, (answer.data as TaskView).id, finished)).status).toBe("succeeded")
    expect(await auditedBalance(server, user.uid)).toBe(0)
    const list = await server.request("GET", "/api/v2/task/list", undefined, user.token)
    expect((list.data as { list: Array<unknown> }).list).toHaveLength(5)
  })

  it("fails a task that outlives its type's timeout with 绘画超时 and a full refund", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 100)
    const task = await submitted(server, user.token, { type: "agent", prompt: "too slow [hang]", num: 1 })
    const done = await waitFor(server, user.token, task.id, finished)
    expect(done).toMatchObject({ status: "failed", reason: "绘画超时，米豆已退还", refunded: task.cost })
    expect(await auditedBalance(server, user.uid)).toBe(100)
  })

  it("retries a task as a new one: a chosen seed kept, a random seed drawn again, charged like a submit", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 200)
    const fixed = await waitFor(server, user.token, (await submitted(server, user.token, sdTask("retry me [down]", { seed: 42 }))).id, finished)
    expect(fixed.status).toBe("failed")
    const again = (await server.request("POST", "/api/v2/task/retry", { id: fixed.id }, user.token)).data as TaskView
    expect(again).toMatchObject({ retry_of: fixed.id, params: { seed: 42, prompt: "retry me [down]" } })
    expect(again.id).not.toBe(fixed.id)
    const random = await waitFor(server, user.token, (await submitted(server, user.token, sdTask("random seed"))).id, finished)
    const redrawn = (await server.request("POST", "/api/v2/task/retry", { id: random.id, request_id: "retry-once-1" }, user.token)).data as TaskView
    expect((redrawn.params as { seed: number }).seed).not.toBe((random.params as { seed: number }).seed)
    for (const task of [again, redrawn]) await waitFor(server, user.token, task.id, finished)
    expect(await auditedBalance(server, user.uid)).toBe(200 - random.cost - redrawn.cost)
  })

  it("lists my tasks newest first in keyset pages, searched by prompt (literal) and filtered", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 500)
    const made: Array<TaskView> = []
    for (const prompt of ["cat 100% orange", "dog", "cat_like", "bird"]) made.push(await submitted(server, user.token, sdTask(prompt)))
    for (const task of made) await waitFor(server, user.token, task.id, finished)
    const page1 = (await server.request("GET", "/api/v2/task/list?size=3", undefined, user.token)).data as { list: Array<TaskView>; next_cursor?: string }
    expect(page1.list.map((t) => t.prompt)).toEqual(["bird", "cat_like", "dog"])
    const page2 = (await server.request("GET", `/api/v2/task/list?size=3&cursor=${page1.next_cursor}`, undefined, user.token)).data as { list: Array<TaskView>; next_cursor?: string }
    expect(page2).toEqual({ list: [expect.objectContaining({ prompt: "cat 100% orange" })] })
    const search = (q: string) => server.request("GET", `/api/v2/task/list?q=${encodeURIComponent(q)}`, undefined, user.token).then((a) => (a.data as { list: Array<TaskView> }).list.map((t) => t.prompt))
    expect(await search("100%")).toEqual(["cat 100% orange"])
    expect(await search("t_l")).toEqual(["cat_like"])
    expect(await search("CAT")).toEqual(["cat_like", "cat 100% orange"])
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)
    expect((await server.request("GET", `/api/v2/task/list?status=succeeded&type=sd&model=fake-ckpt&from=${today}&to=${today}`, undefined, user.token)).data).toMatchObject({ list: { length: 4 } })
    expect((await server.request("GET", `/api/v2/task/list?to=2020-01-01`, undefined, user.token)).data).toEqual({ list: [] })
  })
})
