import { envelope } from "@mido/core/testing"
import { afterEach, describe, expect, it } from "vitest"
import { startupAnswers, user } from "../../../test/fixtures.js"
import { loggedIn, makeWorld, type World } from "../../../test/world.js"

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const SUMMARY = "/api/v1/user/invite/summary"
const LIST = "/api/v1/user/invite/list"
const INVITER = "/api/v1/open/invite/inviter"

const summary = { invite_code: "MD8K2Q", invited_count: 12, rewarded_count: 3, reward_total: 1500, reward_per_invitee: 500 }
const invitee = (uid: number) => ({ uid, nickname: `好友${uid}`, avatar: "", joined_at_str: "2026-11-24 21:05:12", reward: uid % 2 === 0 ? 500 : 0 })
const inviter = { invite_code: "K7MX2Q", nickname: "星河画师", avatar: "", discount: { coupon_code: "INVITE85", discount_amount: 0.85, scope: "plan,points" } }

const answers = {
  ...startupAnswers,
  [SUMMARY]: () => envelope(0, summary),
  [LIST]: (request: { query?: Readonly<Record<string, unknown>> }) => {
    const page = Number(request.query?.page)
    const from = (page - 1) * 20
    return envelope(0, { list: Array.from({ length: Math.max(0, Math.min(20, 25 - from)) }, (_, index) => invitee(from + index + 1)), total: 25 })
  },
  [INVITER]: (request: { query?: Readonly<Record<string, unknown>> }) =>
    request.query?.code === "K7MX2Q" ? envelope(0, inviter) : envelope(404, null, "邀请码无效")
}

const open = async (stored: Readonly<Record<string, string>> = loggedIn(), host = {}) => {
  world = makeWorld({ answers, stored, host })
  await world.boot()
  return { world, invites: await world.store.inviteStore() }
}

describe("InviteStore: /invite-info and /invited (docs/spec/invite.md)", () => {
  it("IV1, IV4: my code, link and rewards; the invitees page by 20 until the total", async () => {
    const { world, invites } = await open()
    expect(invites.linkAt("https://mido.example.com")).toBe("")
    await invites.loadSummary()
    expect(invites.summaryStatus).toBe("ready")
    expect(invites.linkAt("https://mido.example.com/")).toBe("https://mido.example.com/invited?code=MD8K2Q")
    expect(invites.rewardText).toBe("已邀请 12 位好友，其中 3 位已首次付费，共获得 1,500 米豆")
    await invites.invitees.start()
    expect(invites.invitees.items).toHaveLength(20)
    await invites.invitees.loadMore()
    expect(invites.invitees.items).toHaveLength(25)
    expect(invites.invitees.view.isEnd).toBe(true)
    expect(world.calls(LIST).map((request) => request.query)).toEqual([{ page: "1", size: "20" }, { page: "2", size: "20" }])
  })

  it("IV2, IV3: the inviter and the member discount by code", async () => {
    const { invites } = await open({})
    await invites.loadInviter("K7MX2Q")
    expect(invites.inviterStatus).toBe("ready")
    expect(invites.inviter?.nickname).toBe("星河画师")
    expect(invites.discount).toEqual({ couponCode: "INVITE85", rateText: "8.5折", scopeText: "开通会员、购买米豆" })
    expect(invites.isOwnCode).toBe(false)
  })

  it("an unknown code is the page's message, not a toast; a malformed one is not even sent", async () => {
    const { world, invites } = await open({})
    await invites.loadInviter("NOSUCH")
    expect(invites).toMatchObject({ inviterStatus: "missing", inviterProblem: "邀请码无效", inviter: null })
    await invites.loadInviter("<b>")
    expect(invites).toMatchObject({ inviterStatus: "missing", inviterProblem: "邀请码无效" })
    expect(world.calls(INVITER)).toHaveLength(1)
    expect(world.toasts()).toEqual([])
  })

  it("the inviter's own link is recognised", async () => {
    const { invites } = await open(loggedIn())
    world!.server[INVITER] = () => envelope(0, { ...inviter, invite_code: user.invite_code })
    await invites.loadInviter(user.invite_code.toLowerCase())
    expect(invites.isOwnCode).toBe(true)
  })

  it("copies the link with 复制成功; a logout forgets my summary and invitees (R9)", async () => {
    const copied: Array<string> = []
    const { world, invites } = await open(loggedIn(), { clipboard: { supported: true, writeText: async (text: string) => void copied.push(text) } })
    await invites.loadSummary()
    await invites.invitees.start()
    expect(await invites.copyLink("http://127.0.0.1:5173")).toBe(true)
    expect(copied).toEqual(["http://127.0.0.1:5173/invited?code=MD8K2Q"])
    expect(world.toasts()).toEqual(["success:复制成功"])
    await world.store.session.logout()
    expect(invites.summary).toBeNull()
    expect(invites.invitees.items).toEqual([])
  })
})
