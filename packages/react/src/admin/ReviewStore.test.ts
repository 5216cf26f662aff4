import { envelope } from "@mido/core/testing"
import { Effect } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { startupAnswers } from "../../test/fixtures.js"
import { loggedIn, makeWorld, type World } from "../../test/world.js"
import { adminRootStoreOf } from "./AdminRootStore.js"

// 审核 and 举报 in the console's stores: a decided item leaves the list and its tab's count at once; a
// refusal (another operator was quicker) reads the page again and keeps nothing stale.

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const QUEUE = "/api/v1/admin/review/queue"
const REJECT = "/api/v1/admin/review/reject"
const APPROVE = "/api/v1/admin/review/approve"
const REPORTS = "/api/v1/admin/review/reports"
const RESOLVE = "/api/v1/admin/review/resolve_reports"

const item = (id: number, kind: "artwork" | "post" = "artwork") => ({
  kind, id, author: { uid: 7, nickname: "投稿画师", avatar: "" }, title: "晨雾", text: "湖面 晨雾", negative_prompt: "", parameters: null,
  images: [], context: "", submitted_at: 1_764_300_000, moderation: []
})

const boot = async (answers: World["server"]) => {
  world = makeWorld({ answers: { ...startupAnswers, ...answers }, stored: loggedIn() })
  await world.boot()
  return { admin: adminRootStoreOf(world.store), world }
}

describe("ReviewStore", () => {
  it("loads a tab, and a rejection sends the reason, takes the item out and lowers the tab's count", async () => {
    const queue = { list: [item(1), item(2)], total: 2, waiting: { artwork: 2, post: 5, comment: 0, article: 1 } }
    const { admin, world } = await boot({
      [QUEUE]: () => envelope(0, queue),
      [REJECT]: () => envelope(0, { kind: "artwork", id: 1, state: "rejected" })
    })
    await admin.review.load()
    expect(admin.review.items.map((entry) => entry.id)).toEqual([1, 2])
    expect(world.calls(QUEUE)[0]?.query).toEqual({ kind: "artwork", page: "1", size: "10" })

    expect(await admin.review.reject(admin.review.items[0]!, "画面与标题不符")).toBe(true)
    expect(world.calls(REJECT)[0]?.body).toEqual({ kind: "json", value: { kind: "artwork", id: 1, reason: "画面与标题不符" } })
    expect(admin.review.items.map((entry) => entry.id)).toEqual([2])
    expect(admin.review.waiting.artwork).toBe(1)
    expect(admin.review.total).toBe(1)
  })

  it("a refused decision (409: decided elsewhere) shows the server's message and reads the page again", async () => {
    let page = { list: [item(3)], total: 1, waiting: { artwork: 1, post: 0, comment: 0, article: 0 } }
    const { admin, world } = await boot({
      [QUEUE]: () => envelope(0, page),
      [APPROVE]: () => envelope(409, null, "作品不在审核中，可能已被处理")
    })
    await admin.review.load()
    page = { list: [], total: 0, waiting: { artwork: 0, post: 0, comment: 0, article: 0 } }
    expect(await admin.review.approve(admin.review.items[0]!)).toBe(false)
    expect(world.toasts()).toContain("error:作品不在审核中，可能已被处理")
    expect(world.calls(QUEUE)).toHaveLength(2)
    expect(admin.review.items).toEqual([])
  })

  it("paging on before the last page came: the page the operator is on is the one shown, never an older answer", async () => {
    const pageOf = (page: number) => ({ list: [item(page * 10)], total: 30, waiting: { artwork: 30, post: 0, comment: 0, article: 0 } })
    const { admin } = await boot({
      // page 2 answers after page 3 (a slow answer on a loaded server)
      [QUEUE]: (request) => {
        const page = Number(request.query?.page)
        const answer = envelope(0, pageOf(page))
        return page === 2 ? Effect.as(Effect.sleep("30 millis"), answer) : answer
      }
    })
    await admin.review.load()
    const second = admin.review.showPage(2)
    const third = admin.review.showPage(3)
    await Promise.all([second, third])
    expect(admin.review.page).toBe(3)
    expect(admin.review.items.map((entry) => entry.id)).toEqual([30])
    expect(admin.review.loading).toBe(false)
  })

  it("switching tabs starts at page 1 of that kind", async () => {
    const { admin, world } = await boot({ [QUEUE]: () => envelope(0, { list: [], total: 0, waiting: { artwork: 0, post: 0, comment: 0, article: 0 } }) })
    await admin.review.showKind("comment")
    expect(world.calls(QUEUE).at(-1)?.query).toEqual({ kind: "comment", page: "1", size: "10" })
  })
})

describe("ReportsStore", () => {
  it("paging on before the last page came: an older page's answer is dropped", async () => {
    const group = (id: number) => ({ target_type: "post", target_id: id, count: 1, latest_at: 1_764_300_000, target: item(id, "post"), reports: [] })
    const { admin } = await boot({
      [REPORTS]: (request) => {
        const page = Number(request.query?.page)
        const answer = envelope(0, { list: [group(page * 10)], total: 30 })
        return page === 2 ? Effect.as(Effect.sleep("30 millis"), answer) : answer
      }
    })
    await admin.reports.load()
    await Promise.all([admin.reports.showPage(2), admin.reports.showPage(3)])
    expect(admin.reports.page).toBe(3)
    expect(admin.reports.groups.map((entry) => entry.target_id)).toEqual([30])
    expect(admin.reports.loading).toBe(false)
  })

  it("a takedown resolves the whole group with the reason; the group leaves the list", async () => {
    const group = { target_type: "post", target_id: 40, count: 3, latest_at: 1_764_300_000, target: item(40, "post"), reports: [] }
    const { admin, world } = await boot({
      [REPORTS]: () => envelope(0, { list: [group, { ...group, target_id: 41 }], total: 2 }),
      [RESOLVE]: () => envelope(0, { resolved: 3, resolution: "taken_down" })
    })
    await admin.reports.load()
    expect(await admin.reports.takeDown(admin.reports.groups[0]!, "含有广告或引流信息")).toBe(true)
    expect(world.calls(RESOLVE)[0]?.body).toEqual({ kind: "json", value: { target_type: "post", target_id: 40, resolution: "taken_down", reason: "含有广告或引流信息" } })
    expect(admin.reports.groups.map((entry) => entry.target_id)).toEqual([41])
    expect(admin.reports.total).toBe(1)
  })
})
