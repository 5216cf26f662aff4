import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { users } from "../src/db/schema/users.js"
import { grantRole } from "../src/features/admin/roleGrants.js"
import { auditLedger } from "../src/features/beans/ledgerAudit.js"
import { creditBeans } from "../src/features/beans/beans.js"
import { issueToken } from "../src/platform/tokens.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { type TestUser, testUsers } from "./testUsers.js"

// 用户 and 概览 of the operator console (issue 29): search, a user's record, ban (sessions end, writes
// refused with 账号已被封禁, reads stay), unban, adjust beans with a reason (a ledger row of kind
// admin_adjust in the signed chain, R32/R33), each with an audit row; today's figures with their SQL.

let server: TestServer
let operator: TestUser
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1372902", nickname: "后台用户", inviteCodePrefix: "ADU", nidPrefix: "2902" })

const phoneOf = async (uid: number) => (await server.deps.db.select({ phone: users.phone }).from(users).where(eq(users.uid, uid)))[0]?.phone ?? ""
const admin = (method: "GET" | "POST", path: string, body?: unknown) => server.request(method, `/api/v1/admin/${path}`, body, operator.token)
const audit = async (uid: number) =>
  ((await admin("GET", `audit/list?target_type=user&target_id=${uid}`)).data as { list: Array<{ action: string; before: unknown; after: unknown }> }).list

beforeAll(async () => {
  server = await startTestServer()
  operator = await newUser()
  await grantRole(server.deps.db, await phoneOf(operator.uid), "operator", new Date())
})
afterAll(async () => {
  await server?.stop()
})

describe("用户: search and record", () => {
  it("finds an account by part of its phone, its nickname and its uid", async () => {
    const user = await newUser({ nickname: "寻找的画师" })
    const phone = await phoneOf(user.uid)
    for (const q of [phone.slice(-6), "寻找的画", String(user.uid)]) {
      const page = (await admin("GET", `users/search?q=${encodeURIComponent(q)}`)).data as { list: Array<{ uid: number }> }
      expect(page.list.map((row) => row.uid)).toContain(user.uid)
    }
    const none = (await admin("GET", "users/search?q=%25")).data as { total: number }
    expect(none.total).toBe(0)
  })

  it("shows the balance, ledger and live sessions of a user; an unknown uid is 用户不存在", async () => {
    const user = await newUser()
    await creditBeans(server.deps.db, server.deps.ledgerKey, { uid: user.uid, amount: 30, remark: "测试赠送", kind: "test_grant" })
    const record = (await admin("GET", `users/detail?uid=${user.uid}`)).data as { user: { balance: number }; ledger: Array<{ remark: string }>; sessions: Array<unknown> }
    expect(record.user.balance).toBe(30)
    expect(record.ledger.map((row) => row.remark)).toEqual(["测试赠送"])
    expect(record.sessions).toHaveLength(1)
    expect(await admin("GET", "users/detail?uid=99999999")).toMatchObject({ code: 404, msg: "用户不存在" })
  })
})

describe("用户: ban and unban", () => {
  it("a ban ends the user's sessions at once; after a new login, reads work and every write answers 账号已被封禁", async () => {
    const user = await newUser()
    // the user has just been seen: their session is kept in this process's session cache, which the ban must clear
    expect((await server.request("GET", "/api/v1/user/info", undefined, user.token)).code).toBe(0)
    const banned = await admin("POST", "users/ban", { uid: user.uid, reason: "发布违规内容" })
    expect(banned).toMatchObject({ code: 0, data: { ok: true } })
    expect((await server.request("GET", "/api/v1/user/info", undefined, user.token)).code).toBe(-401)

    // the banned account logs in again (a new session of the same uid): it may read, not write
    const token = await issueToken(server.deps.db, user.uid, new Date())
    expect((await server.request("GET", "/api/v1/user/info", undefined, token)).code).toBe(0)
    expect(await server.request("POST", "/api/v1/user/edit", { nickname: "改个名字" }, token)).toMatchObject({ code: 403, msg: expect.stringContaining("账号已被封禁") })

    expect(await admin("POST", "users/unban", { uid: user.uid })).toMatchObject({ code: 0, data: { ok: true } })
    expect((await server.request("POST", "/api/v1/user/edit", { nickname: "改个名字" }, token)).code).toBe(0)
    expect((await audit(user.uid)).map((row) => row.action)).toEqual(["user.unban", "user.ban"])
    expect((await audit(user.uid))[1]).toMatchObject({ before: { banned: false }, after: { banned: true, reason: "发布违规内容", sessions_ended: 1 } })
  })

  it("结束会话 ends a session this process has just seen at once (R7: the session cache forgets the user)", async () => {
    const user = await newUser()
    expect((await server.request("GET", "/api/v1/user/info", undefined, user.token)).code).toBe(0)
    expect(await admin("POST", "users/end_sessions", { uid: user.uid })).toMatchObject({ code: 0, data: { ok: true } })
    expect((await server.request("GET", "/api/v1/user/info", undefined, user.token)).code).toBe(-401)
  })

  it("a ban needs a reason", async () => {
    const user = await newUser()
    expect((await admin("POST", "users/ban", { uid: user.uid, reason: "" })).code).toBe(400)
  })
})

describe("用户: adjust beans", () => {
  it("adds and takes beans with a reason: admin_adjust rows in the verified chain, audited with the balance before and after", async () => {
    const user = await newUser()
    expect(await admin("POST", "users/adjust_beans", { uid: user.uid, amount: 50, reason: "活动补偿" })).toMatchObject({ code: 0, data: { ok: true } })
    expect(await admin("POST", "users/adjust_beans", { uid: user.uid, amount: -20, reason: "误发回收" })).toMatchObject({ code: 0 })
    const refused = await admin("POST", "users/adjust_beans", { uid: user.uid, amount: -31, reason: "超额扣减" })
    expect(refused).toMatchObject({ code: 400, msg: expect.stringContaining("余额不足") })
    expect((await admin("POST", "users/adjust_beans", { uid: user.uid, amount: 5, reason: "" })).code).toBe(400)

    const ledger = (await server.request("GET", "/api/v1/user/coin/list?page=1&size=10", undefined, user.token)).data as { list: Array<{ remark: string; action_amount: number }> }
    expect(ledger.list.map((row) => [row.remark, row.action_amount])).toEqual([["运营调整：误发回收", -20], ["运营调整：活动补偿", 50]])
    expect(await auditLedger(server.deps.db, server.deps.ledgerKey, user.uid)).toMatchObject({ ok: true })
    expect((await audit(user.uid)).map((row) => row.after)).toEqual([
      { balance: 30, amount: -20, reason: "误发回收" },
      { balance: 50, amount: 50, reason: "活动补偿" }
    ])
  })
})

describe("概览", () => {
  it("counts today's sign-ups and beans with the statement shown beside each figure", async () => {
    const before = (await admin("GET", "dashboard/today")).data as { figures: Array<{ key: string; value: string; sql: string }> }
    await newUser()
    const after = (await admin("GET", "dashboard/today")).data as { day: string; figures: Array<{ key: string; value: string; sql: string }> }
    const figure = (answer: typeof before, key: string) => answer.figures.find((item) => item.key === key)
    expect(Number(figure(after, "signups")?.value)).toBe(Number(figure(before, "signups")?.value) + 1)
    expect(after.figures.map((item) => item.key)).toEqual(["signups", "payers", "revenue", "beans_spent", "beans_refunded", "tasks", "reports_waiting"])
    for (const item of after.figures) expect(item.sql).toMatch(/^select /)
    expect(figure(after, "revenue")?.value).toMatch(/^\d+\.\d{2}$/)
    expect(after.day).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })
})
