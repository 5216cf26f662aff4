import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { coupons } from "../src/db/schema/commerce.js"
import { INVITER_LOOKUPS_PER_MINUTE } from "../src/features/invites/invites.js"
import { seedCommerce } from "../src/seed/commerceSeed.js"
import { installClock } from "./loginHelpers.js"
import { PAY, sandboxPayFixtures } from "./sandboxPayFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { testUsers } from "./testUsers.js"

// The invite pages' calls (docs/spec/invite.md; R11, R12, R35, R37): my summary and invitees, the open inviter lookup.

let server: TestServer
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1370006", nickname: "邀请用户", inviteCodePrefix: "INVT", nidPrefix: "860" })
const sandbox = sandboxPayFixtures(() => server)

beforeAll(async () => {
  server = await startTestServer()
  await seedCommerce(server.deps.db)
})
afterAll(async () => {
  await server?.stop()
})

const SUMMARY = "/api/v1/user/invite/summary"
const LIST = "/api/v1/user/invite/list"
const INVITER = "/api/v1/open/invite/inviter"

/** Buys the smallest points package and pays it on the sandbox page (the notify credits it). */
const buyAndPay = async (token: string) => {
  const order = await server.request("POST", "/api/v1/order/create", { type: "points", type_id: 1, pay_method: "wechat" }, token)
  expect(order.code).toBe(0)
  const tradeNo = (order.data as { trade_no: string }).trade_no
  const response = await sandbox.press(await sandbox.formOf(tradeNo, PAY))
  expect(response.status).toBe(200)
}

/** A GET from a given client address (the test server trusts X-Forwarded-For). */
const lookup = async (code: string, ip = "10.60.0.1") => {
  const response = await fetch(`${server.url}${INVITER}?code=${encodeURIComponent(code)}`, { headers: { source: "PC", "x-forwarded-for": ip } })
  return (await response.json()) as { code: number; msg: string; data: Record<string, unknown> | null }
}

describe("my invites: summary and invitees (R11, R35)", () => {
  it("counts who joined with my code, lists them newest first and sums the invite_reward ledger", async () => {
    const inviter = await newUser()
    const other = await newUser()
    const first = await newUser({ invitedBy: inviter.uid, createdAt: new Date(Date.now() - 60_000) })
    const second = await newUser({ invitedBy: inviter.uid })
    await newUser({ invitedBy: other.uid })

    expect((await server.request("GET", SUMMARY, undefined, inviter.token)).data).toEqual({
      invite_code: "INVT1",
      invited_count: 2,
      rewarded_count: 0,
      reward_total: 0,
      reward_per_invitee: 500
    })
    const before = (await server.request("GET", `${LIST}?page=1&size=20`, undefined, inviter.token)).data as { list: Array<Record<string, unknown>>; total: number }
    expect(before.total).toBe(2)
    expect(before.list.map((row) => [row.uid, row.reward])).toEqual([[second.uid, 0], [first.uid, 0]])
    expect(Object.keys(before.list[0]!).sort()).toEqual(["avatar", "joined_at_str", "nickname", "reward", "uid"])

    // the invitee's first paid order rewards the inviter once (R35); a second order does not
    await buyAndPay(first.token)
    await buyAndPay(first.token)
    const after = (await server.request("GET", SUMMARY, undefined, inviter.token)).data
    expect(after).toMatchObject({ invited_count: 2, rewarded_count: 1, reward_total: 500 })
    const listed = (await server.request("GET", `${LIST}?page=1&size=1`, undefined, inviter.token)).data as { list: Array<Record<string, unknown>>; total: number }
    expect(listed).toMatchObject({ total: 2, list: [{ uid: second.uid, reward: 0 }] })
    const page2 = (await server.request("GET", `${LIST}?page=2&size=1`, undefined, inviter.token)).data as { list: Array<Record<string, unknown>> }
    expect(page2.list).toMatchObject([{ uid: first.uid, reward: 500 }])

    // someone else sees only their own invitee (R11)
    expect((await server.request("GET", SUMMARY, undefined, other.token)).data).toMatchObject({ invited_count: 1, reward_total: 0 })
  })

  it("needs a login; pages are at most 50", async () => {
    expect((await server.request("GET", SUMMARY)).code).toBe(-401)
    expect((await server.request("GET", LIST)).code).toBe(-401)
    const user = await newUser()
    expect((await server.request("GET", `${LIST}?size=51`, undefined, user.token)).code).toBe(400)
    expect((await server.request("GET", `${LIST}?page=0`, undefined, user.token)).code).toBe(400)
  })
})

describe("the open inviter lookup (R12, R37)", () => {
  it("answers the public nickname and avatar and the invite discount, nothing private", async () => {
    const inviter = await newUser({ avatar: "https://oss.example/a.png" })
    const code = (await server.request("GET", SUMMARY, undefined, inviter.token)).data as { invite_code: string }
    const answer = await lookup(code.invite_code.toLowerCase())
    expect(answer.code).toBe(0)
    expect(answer.data).toEqual({
      invite_code: code.invite_code,
      nickname: expect.stringMatching(/^邀请用户\d+$/),
      avatar: "https://oss.example/a.png",
      discount: { coupon_code: "INVITE85", discount_amount: 0.85, scope: "plan,points" }
    })
    expect(JSON.stringify(answer.data)).not.toMatch(/uid|phone|1370006/)
  })

  it("an unknown or malformed code is refused in plain words", async () => {
    expect(await lookup("NOSUCH", "10.60.0.2")).toMatchObject({ code: 404, msg: "邀请码无效" })
    expect(await lookup("<b>", "10.60.0.2")).toMatchObject({ code: 400, msg: "邀请码无效" })
  })

  it("without an active invite coupon there is no discount", async () => {
    const inviter = await newUser()
    const code = ((await server.request("GET", SUMMARY, undefined, inviter.token)).data as { invite_code: string }).invite_code
    await server.deps.db.update(coupons).set({ disabled: true }).where(eq(coupons.type, "invite"))
    try {
      expect((await lookup(code, "10.60.0.3")).data).toMatchObject({ discount: null })
    } finally {
      await server.deps.db.update(coupons).set({ disabled: false }).where(eq(coupons.code, "INVITE85"))
    }
  })

  it(`allows ${INVITER_LOOKUPS_PER_MINUTE} lookups a minute per client address, then 429 (R37)`, async () => {
    const ip = "10.60.0.9"
    // the window is a fixed minute: hold the server's clock in the middle of one, then move past it
    const clock = installClock(server, new Date(Math.floor(Date.now() / 60_000) * 60_000 + 30_000))
    const answers = []
    for (let index = 0; index < INVITER_LOOKUPS_PER_MINUTE; index++) answers.push((await lookup(`WALK${index}`, ip)).code)
    expect(answers).toEqual(Array(INVITER_LOOKUPS_PER_MINUTE).fill(404))
    expect(await lookup("WALKX", ip)).toMatchObject({ code: 429, msg: "查询过于频繁，请稍后再试" })
    expect((await lookup("WALKX", "10.60.0.10")).code).toBe(404)
    clock.advance(60)
    expect((await lookup("WALKX", ip)).code).toBe(404)
  })
})
