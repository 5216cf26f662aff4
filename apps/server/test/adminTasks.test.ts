import { randomUUID } from "node:crypto"
import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminAudit } from "../src/db/schema/admin.js"
import { beanLedger } from "../src/db/schema/commerce.js"
import { tasks } from "../src/db/schema/tasks.js"
import { users } from "../src/db/schema/users.js"
import { grantRole } from "../src/features/admin/roleGrants.js"
import { spendBeans } from "../src/features/beans/beans.js"
import { auditedBalance, finished, grantBeans, submitted, waitFor } from "./generationFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { type TestUser, testUsers } from "./testUsers.js"

// Issue 29, 任务 and 引擎: the queue by state and engine, a task's record, fail-and-refund of a stuck
// task (refunded once however often it is clicked), retry of a failed one, the engines' check.

let server: TestServer
let operator: TestUser
let painter: TestUser
let drawn: string
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1373101", nickname: "任务用户", inviteCodePrefix: "ATK", nidPrefix: "3101" })
const admin = (method: "GET" | "POST", path: string, body?: unknown, token = operator.token) => server.request(method, `/api/v1/admin/generation/${path}`, body, token)
const QUICK = { type: "quick", num: 1, ratio: "3:4", style_group: "default", style_name: "水彩插画", prompt: "小镇" }

type TaskPage = { list: Array<{ id: string; status: string; engine: string; stuck: boolean }>; total: number }

/** A task charged like a submit that a dead engine left running an hour ago. */
const stuckTask = async (cost: number) => {
  const id = randomUUID()
  const [original] = await server.deps.db.select().from(tasks).where(eq(tasks.id, drawn))
  const hourAgo = new Date(Date.now() - 60 * 60_000)
  await server.deps.db.transaction(async (tx) => {
    await tx.insert(tasks).values({ ...original!, id, status: "running", cost, refunded: 0, artworkIds: [], requestId: null, createdAt: hourAgo, startedAt: hourAgo, heartbeatAt: hourAgo, finishedAt: null })
    expect(await spendBeans(tx, server.deps.ledgerKey, { uid: painter.uid, amount: cost, remark: "AI绘画消耗", kind: "gen_charge", ref: id, now: hourAgo })).toBe(true)
  })
  return id
}

beforeAll(async () => {
  server = await startTestServer()
  operator = await newUser()
  const [row] = await server.deps.db.select({ phone: users.phone }).from(users).where(eq(users.uid, operator.uid))
  await grantRole(server.deps.db, row!.phone!, "operator", new Date())
  painter = await newUser()
  await grantBeans(server, painter.uid, 500)
  const task = await submitted(server, painter.token, QUICK)
  expect((await waitFor(server, painter.token, task.id, finished, 20_000)).status).toBe("succeeded")
  drawn = task.id
})
afterAll(() => server?.stop())

describe("任务", () => {
  it("lists tasks by state and engine, and shows a task's full record with its images and money", async () => {
    const succeeded = (await admin("GET", "tasks?status=succeeded&size=100")).data as TaskPage
    expect(succeeded.list.map((task) => task.id)).toContain(drawn)
    expect(succeeded.list.every((task) => task.status === "succeeded")).toBe(true)
    const engine = succeeded.list.find((task) => task.id === drawn)!.engine
    expect(((await admin("GET", `tasks?engine=${engine}&size=100`)).data as TaskPage).list.map((task) => task.id)).toContain(drawn)
    expect(((await admin("GET", "tasks?engine=no-such-engine")).data as TaskPage).total).toBe(0)
    expect(((await admin("GET", "tasks?status=failed&size=100")).data as TaskPage).list.map((task) => task.id)).not.toContain(drawn)
    expect((await admin("GET", "tasks?status=lost")).code).toBe(400)

    const record = await admin("GET", `task?id=${drawn}`)
    expect(record, record.msg).toMatchObject({ code: 0, data: { task: { id: drawn, status: "succeeded", uid: painter.uid }, params: { prompt: "小镇" }, reason: null } })
    const data = record.data as { images: Array<string>; ledger: Array<{ kind: string }>; started_at_str: string | null; finished_at_str: string | null }
    expect(data.images).toHaveLength(1)
    expect(data.ledger.map((entry) => entry.kind)).toEqual(["gen_charge"])
    expect(data.finished_at_str).not.toBeNull()
    expect((await admin("GET", `task?id=${randomUUID()}`)).code).toBe(404)
  })

  it("fails and refunds a stuck task once, even when asked twice at the same moment; a live task is left alone", async () => {
    const before = await auditedBalance(server, painter.uid)
    const id = await stuckTask(40)
    expect(((await admin("GET", "tasks?status=running&size=100")).data as TaskPage).list.find((task) => task.id === id)).toMatchObject({ stuck: true })
    const answers = await Promise.all([admin("POST", "fail_and_refund", { id }), admin("POST", "fail_and_refund", { id })])
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, 409])
    expect(answers.find((answer) => answer.code === 0)?.data).toMatchObject({ id, status: "failed", refunded: 40 })
    expect(await auditedBalance(server, painter.uid)).toBe(before)
    const refunds = await server.deps.db.select().from(beanLedger).where(and(eq(beanLedger.ref, id), eq(beanLedger.kind, "gen_refund")))
    expect(refunds).toHaveLength(1)
    expect((await admin("POST", "fail_and_refund", { id })).code).toBe(409)
    const [audit] = await server.deps.db.select().from(adminAudit).where(and(eq(adminAudit.action, "task.fail_and_refund"), eq(adminAudit.targetId, id)))
    expect(audit).toMatchObject({ actorId: operator.uid, before: { status: "running", refunded: 0 }, after: { status: "failed", refunded: 40 } })

    const live = await stuckTask(10)
    await server.deps.db.update(tasks).set({ createdAt: new Date() }).where(eq(tasks.id, live))
    expect(await admin("POST", "fail_and_refund", { id: live })).toMatchObject({ code: 409, msg: "任务仍在正常进行中，请稍后再处理" })
    await server.deps.db.update(tasks).set({ status: "cancelled", finishedAt: new Date() }).where(eq(tasks.id, live))
  })

  it("retries a failed task for its owner once (a double click submits one task), charged like a submit", async () => {
    const id = await stuckTask(20)
    expect((await admin("POST", "fail_and_refund", { id })).code).toBe(0)
    const before = await auditedBalance(server, painter.uid)
    const first = await admin("POST", "retry", { id })
    expect(first, first.msg).toMatchObject({ code: 0, data: { retry_of: id } })
    const again = await admin("POST", "retry", { id })
    const retried = (first.data as { id: string }).id
    expect((again.data as { id: string }).id).toBe(retried)
    expect((await waitFor(server, painter.token, retried, finished, 20_000)).status).toBe("succeeded")
    const [row] = await server.deps.db.select().from(tasks).where(eq(tasks.id, retried))
    expect(row).toMatchObject({ uid: painter.uid, retryOf: id, prompt: "小镇" })
    expect(await auditedBalance(server, painter.uid)).toBe(before - row!.cost)
    expect(await server.deps.db.select().from(adminAudit).where(and(eq(adminAudit.action, "task.retry"), eq(adminAudit.targetId, id)))).toHaveLength(1)
    expect(await admin("POST", "retry", { id: drawn })).toMatchObject({ code: 409, msg: "任务已完成，无需重试" })
  })

  it("a plain user can neither read the queue nor fail a task", async () => {
    const id = await stuckTask(5)
    expect((await admin("GET", "tasks", undefined, painter.token)).code).toBe(403)
    expect((await admin("POST", "fail_and_refund", { id }, painter.token)).code).toBe(403)
    const [row] = await server.deps.db.select().from(tasks).where(eq(tasks.id, id))
    expect(row?.status).toBe("running")
    await server.deps.db.update(tasks).set({ status: "cancelled", finishedAt: new Date() }).where(eq(tasks.id, id))
  })
})

describe("引擎", () => {
  it("answers each engine's health, catalogue and queue, as npm run engines checks them", async () => {
    const answer = await admin("GET", "engines")
    expect(answer, answer.msg).toMatchObject({ code: 0, data: { ok: true } })
    const engines = (answer.data as { engines: Array<{ kind: string; answers: boolean; tasks: Array<string>; catalog: { checkpoints: Array<string> } | null; queued: number; running: number }> }).engines
    expect(engines.length).toBeGreaterThan(0)
    expect(engines.every((engine) => engine.answers && engine.catalog !== null)).toBe(true)
    expect(engines.flatMap((engine) => engine.tasks)).toContain("quick")
  })
})
