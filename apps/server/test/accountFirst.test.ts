import { randomUUID } from "node:crypto"
import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { appConfig, beanLedger } from "../src/db/schema/commerce.js"
import { tasks } from "../src/db/schema/tasks.js"
import { users } from "../src/db/schema/users.js"
import { awardPostReward, beanBalance, creditBeans, spendBeans } from "../src/features/beans/beans.js"
import { reverseBeanEntry } from "../src/features/beans/ledgerReversal.js"
import { endTask, RefundRemarks } from "../src/features/generation/taskSettle.js"
import { seedCommerce } from "../src/seed/commerceSeed.js"
import { loginByPhone, startLoginServer, type LoginTestServer } from "./loginHelpers.js"
import { PAY, sandboxPayFixtures } from "./sandboxPayFixtures.js"

/**
 * Issue 25, what a new user meets first: the sign-up grant (points.signup-grant, once, in the ledger
 * and the welcome), a system message for every credit of beans, the badge counts after marking read,
 * has_consumed for the beans-low reminder (RM7) and the 个人简介 (PB1–PB2) that /personal shows.
 */
let server: LoginTestServer
// the pay page's buttons need the server's address and deps only; its request helper goes unused here
const sandbox = sandboxPayFixtures(() => ({ ...server, request: async () => ({ code: 0, msg: "", data: null }) }))
let phoneSeq = 0
const nextPhone = () => `1391250${String(++phoneSeq).padStart(4, "0")}`

beforeAll(async () => {
  server = await startLoginServer()
  await seedCommerce(server.deps.db)
})
afterAll(() => server.stop())

const db = () => server.deps.db
const key = () => server.deps.ledgerKey
const setGrant = (beans: number) => db().update(appConfig).set({ value: [String(beans)] }).where(eq(appConfig.key, "points.signup-grant"))

const uidOf = async (token: string) => ((await server.call("GET", "/api/v1/user/info", undefined, { token })).data as { uid: number }).uid

/** A new account through the real SMS login; answers its token and uid. */
const register = async (extra: Record<string, unknown> = {}) => {
  const phone = nextPhone()
  const { token, is_register } = await loginByPhone(server, phone, extra)
  expect(is_register).toBe(true)
  return { phone, token, uid: await uidOf(token) }
}

type Content = Record<string, string>
const systemMessages = async (token: string): Promise<ReadonlyArray<Content>> => {
  const answer = await server.call("GET", "/api/v1/user/message/list", { type: "system", page: "1", size: "20" }, { token })
  return (answer.data as { list: ReadonlyArray<{ content: string }> }).list.map((message) => JSON.parse(message.content) as Content)
}
const ledger = async (token: string) =>
  ((await server.call("GET", "/api/v1/user/coin/list", { page: "1", size: "50", type: "" }, { token })).data as { list: ReadonlyArray<{ remark: string; action_amount: number }> }).list
const unread = async (token: string) => (await server.call("GET", "/api/v1/user/message/unread_count", undefined, { token })).data as Record<string, number>

describe("the sign-up grant (points.signup-grant)", () => {
  it("is 0 by default: no beans, no ledger line, the welcome as before", async () => {
    const [row] = await db().select().from(appConfig).where(eq(appConfig.key, "points.signup-grant"))
    expect(row?.value).toEqual(["0"])
    const account = await register()
    expect(await beanBalance(db(), account.uid)).toBe(0)
    expect(await ledger(account.token)).toEqual([])
    expect(await systemMessages(account.token)).toEqual([expect.objectContaining({ title: "欢迎来到米豆AI", jump_url: "/list" })])
  })

  it("credits a new account once, as 新用户注册赠送, named in its one welcome; logging in again gives nothing more", async () => {
    await setGrant(100)
    try {
      const account = await register()
      const again = await loginByPhone(server, account.phone)
      expect(again.is_register).toBe(false)
      expect(await beanBalance(db(), account.uid)).toBe(100)
      expect(await ledger(again.token)).toEqual([expect.objectContaining({ remark: "新用户注册赠送", action_amount: 100 })])
      const messages = await systemMessages(again.token)
      expect(messages).toHaveLength(1)
      expect(messages[0]).toMatchObject({ title: "欢迎来到米豆AI", jump_url: "/aigc" })
      expect(messages[0]!.content).toContain("新用户礼包 100 米豆已到账")
      expect(await unread(again.token)).toMatchObject({ total: 1, system: 1 })
      // keyed by the user: a retried grant finds the ledger row and writes nothing
      const rows = await db().select().from(beanLedger).where(and(eq(beanLedger.uid, account.uid), eq(beanLedger.kind, "signup_grant")))
      expect(rows.map((row) => row.ref)).toEqual([`user:${account.uid}`])
    } finally {
      await setGrant(0)
    }
  })
})

describe("every credit of beans sends a system message (once, in its transaction)", () => {
  it("the invite reward tells the inviter who bought and how many beans; the buyer hears only of the order", async () => {
    const inviter = await register()
    const [code] = await db().select({ code: users.inviteCode }).from(users).where(eq(users.uid, inviter.uid))
    const buyer = await register({ invite_code: code!.code })
    for (let index = 0; index < 2; index++) {
      const order = await server.call("POST", "/api/v1/order/create", { type: "points", type_id: 1, pay_method: "wechat" }, { token: buyer.token })
      expect(order.code).toBe(0)
      expect((await sandbox.press(await sandbox.formOf((order.data as { trade_no: string }).trade_no, PAY))).status).toBe(200)
    }
    const [nickname] = await db().select({ name: users.nickname }).from(users).where(eq(users.uid, buyer.uid))
    const told = (await systemMessages(inviter.token)).filter((message) => message.title === "邀请奖励到账")
    expect(told).toHaveLength(1)
    expect(told[0]).toMatchObject({ jump_url: "/invite-info", sub_content: `米豆明细：邀请好友${nickname!.name}首次购买奖励` })
    expect(told[0]!.content).toBe(`你邀请的好友${nickname!.name}完成了首次购买，获得邀请奖励：500 米豆已存入你的账户，当前余额 500 米豆。`)
    expect((await systemMessages(buyer.token)).map((message) => message.title)).toEqual(["米豆到账", "米豆到账", "欢迎来到米豆AI"])
  })

  it("a post reward links the post, once per post however often it is awarded", async () => {
    const author = await register()
    const now = new Date()
    expect(await awardPostReward(db(), key(), { uid: author.uid, postId: 9001, now })).toBe(50)
    expect(await awardPostReward(db(), key(), { uid: author.uid, postId: 9001, now })).toBe(0)
    const rewards = (await systemMessages(author.token)).filter((message) => message.title === "发帖奖励到账")
    expect(rewards).toEqual([expect.objectContaining({ jump_url: "/community-detail/9001", content: expect.stringContaining("获得首次发帖奖励：50 米豆已存入你的账户") })])
  })

  it("a task's refund and a reversed spend say the beans came back; a credit that names no notice speaks its remark", async () => {
    const user = await register()
    await creditBeans(db(), key(), { uid: user.uid, amount: 30, remark: "运营补偿", kind: "test_grant", ref: `grant-${user.uid}` })
    const id = randomUUID()
    await db().insert(tasks).values({ id, uid: user.uid, type: "sd", engineKind: "offline", engineLabel: "本地演示引擎", queue: "offline", params: {}, seed: 1, num: 1, cost: 8 })
    expect(await spendBeans(db(), key(), { uid: user.uid, amount: 8, remark: "AI绘画消耗", kind: "gen_charge", ref: id })).toBe(true)
    await endTask(db(), key(), id, ["queued"], new Date(), async () => ({ status: "failed", refund: 8, remark: RefundRemarks.failed }))
    await endTask(db(), key(), id, ["queued", "failed"], new Date(), async () => ({ status: "failed", refund: 8, remark: RefundRemarks.failed }))
    expect(await spendBeans(db(), key(), { uid: user.uid, amount: 5, remark: "AI绘画消耗", kind: "test_spend", ref: `spend-${user.uid}` })).toBe(true)
    const [spend] = await db().select({ id: beanLedger.id }).from(beanLedger).where(eq(beanLedger.ref, `spend-${user.uid}`))
    expect(await reverseBeanEntry(db(), key(), { entryId: spend!.id })).toBe("reversed")

    const messages = (await systemMessages(user.token)).filter((message) => message.title !== "欢迎来到米豆AI")
    expect(messages.map((message) => [message.title, message.content])).toEqual([
      ["米豆已退还", "一笔支出已冲正（AI绘画消耗）：5 米豆已存入你的账户，当前余额 30 米豆。"],
      ["米豆已退还", "你的绘画任务未能完成，消耗的米豆已退还：8 米豆已存入你的账户，当前余额 30 米豆。"],
      ["米豆到账", "运营补偿：30 米豆已存入你的账户，当前余额 30 米豆。"]
    ])
  })
})

describe("the badge counts after marking read", () => {
  it("the read call answers the counts per type and in total, as unread_count then says", async () => {
    const user = await register()
    const other = await register()
    await creditBeans(db(), key(), { uid: user.uid, amount: 1, remark: "测试", kind: "test_grant", ref: `badge-${user.uid}` })
    expect(await server.call("POST", "/api/v1/user/follow", { uid: user.uid, action: "follow" }, { token: other.token })).toMatchObject({ code: 0 })
    expect(await unread(user.token)).toEqual({ total: 3, system: 2, like: 0, follow: 1, mention: 0 })
    const listed = (await server.call("GET", "/api/v1/user/message/list", { type: "system", page: "1", size: "20" }, { token: user.token })).data as { list: ReadonlyArray<{ id: number }> }
    const read = await server.call("POST", "/api/v1/user/message/read", { ids: listed.list.map((message) => message.id) }, { token: user.token })
    expect(read.data).toEqual({ updated: 2, unread: { total: 1, system: 0, like: 0, follow: 1, mention: 0 } })
    expect(await unread(user.token)).toEqual({ total: 1, system: 0, like: 0, follow: 1, mention: 0 })
  })
})

describe("user/points: has_consumed (RM7)", () => {
  it("false for a new account, also while it holds beans; true once any were spent", async () => {
    const user = await register()
    const points = async () => (await server.call("GET", "/api/v1/user/points", undefined, { token: user.token })).data
    expect(await points()).toEqual({ balance: 0, today_consumed: 0, has_consumed: false })
    await creditBeans(db(), key(), { uid: user.uid, amount: 20, remark: "测试", kind: "test_grant", ref: `rm7-${user.uid}` })
    expect(await points()).toMatchObject({ balance: 20, has_consumed: false })
    await spendBeans(db(), key(), { uid: user.uid, amount: 4, remark: "AI绘画消耗", kind: "test_spend" })
    expect(await points()).toMatchObject({ balance: 16, has_consumed: true })
  })
})

describe("个人简介 (PB1–PB2): edited by its owner, read by everyone", () => {
  it("is stored normalized and shown on the open profile to a visitor and to another user", async () => {
    const owner = await register()
    const visitor = await register()
    const saved = await server.call("POST", "/api/v1/user/edit", { bio: "  只画猫 🐱\r\n\n\n  水彩与国风  " }, { token: owner.token })
    expect(saved).toMatchObject({ code: 0, data: { bio: "只画猫 🐱\n水彩与国风" } })
    for (const token of [undefined, visitor.token]) {
      const profile = await server.call("GET", "/api/v1/open/user/profile", { uid: String(owner.uid) }, token === undefined ? {} : { token })
      expect(profile).toMatchObject({ code: 0, data: { bio: "只画猫 🐱\n水彩与国风" } })
    }
    expect(await server.call("POST", "/api/v1/user/edit", { bio: "" }, { token: owner.token })).toMatchObject({ code: 0, data: { bio: "" } })
  })

  it("is refused past 100 characters as read or 3 lines, with the dialog's words; nothing changes", async () => {
    const owner = await register()
    await server.call("POST", "/api/v1/user/edit", { bio: "原来的简介" }, { token: owner.token })
    expect(await server.call("POST", "/api/v1/user/edit", { bio: "🐱".repeat(100) }, { token: owner.token })).toMatchObject({ code: 0 })
    const tooLong = await server.call("POST", "/api/v1/user/edit", { bio: "猫".repeat(101) }, { token: owner.token })
    expect(tooLong).toMatchObject({ code: 400, msg: "个人简介不能超过 100 个字" })
    const tooTall = await server.call("POST", "/api/v1/user/edit", { bio: "一\n二\n三\n四" }, { token: owner.token })
    expect(tooTall).toMatchObject({ code: 400, msg: "个人简介最多 3 行" })
    const profile = await server.call("GET", "/api/v1/open/user/profile", { uid: String(owner.uid) })
    expect((profile.data as { bio: string }).bio).toBe("🐱".repeat(100))
  })
})
