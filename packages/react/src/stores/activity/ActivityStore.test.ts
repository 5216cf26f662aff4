import { envelope } from "@mido/core/testing"
import { afterEach, describe, expect, it, vi } from "vitest"
import { startupAnswers } from "../../../test/fixtures.js"
import { card, libraryItem } from "../../../test/personalFixtures.js"
import { loggedIn, makeWorld, settle, type World } from "../../../test/world.js"

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const LIST = "/api/v1/open/community/activity/list"
const DETAIL = "/api/v1/open/community/activity/detail"
const WORKS = "/api/v1/open/community/activity/works"
const SUBMIT = "/api/v1/community/activity/submit_work"
const LIBRARY = "/api/v2/artwork/list"

const NOW = Math.floor(Date.now() / 1000)
const DAY = 86_400
const activity = (id: number, key: string, start: number, end: number, extra: Record<string, unknown> = {}) => ({
  id, key, title: `活动${id}`, cover: "https://cdn.example/a.png", banner: "https://cdn.example/b.png", description: "端午", rules: "1. 规则\n2. 规则",
  reward: "一等奖", start_at: NOW + start, end_at: NOW + end, status: "ongoing", participant_count: 3, work_count: 3, is_joined: false, ...extra
})
const entry = (id: number, award: string | null = null) => ({ id, activity_id: 1, artwork: card(100 + id), description: "", vote_count: 10 - id, award, created_at: NOW })

const ACTIVITIES: Record<string, ReturnType<typeof activity>> = {
  boat: activity(1, "boat", -DAY, 20 * DAY),
  winter: activity(2, "winter", -90 * DAY, -30 * DAY)
}

const answers = (submit = () => envelope(0, entry(9))) => ({
  ...startupAnswers,
  [LIST]: () => envelope(0, { list: Object.values(ACTIVITIES), total: 2 }),
  [DETAIL]: (request: { query?: Readonly<Record<string, unknown>> }) => {
    const found = ACTIVITIES[String(request.query?.key)]
    return found === undefined ? envelope(404, null, "活动不存在或已下线") : envelope(0, found)
  },
  [WORKS]: (request: { query?: Readonly<Record<string, unknown>> }) =>
    envelope(0, { list: request.query?.sort === "hot" ? [entry(1, "一等奖"), entry(2, "二等奖"), entry(3)] : [entry(3), entry(2)], total: 3 }),
  [LIBRARY]: () => envelope(0, { list: [libraryItem(7, "approved"), libraryItem(8, "pending")], total: 2 }),
  [SUBMIT]: submit
})

const open = async (stored: Readonly<Record<string, string>> = loggedIn(), submit?: () => ReturnType<typeof envelope>) => {
  world = makeWorld({ answers: answers(submit), stored })
  await world.boot()
  return { world, activities: await world.store.activityStore() }
}

describe("ActivityStore: /activity/detail/{key} (docs/spec/activity.md)", () => {
  it("loads an ongoing activity with its status, countdown and newest entries", async () => {
    const { activities } = await open()
    await activities.load("boat")
    await settle()
    expect(activities.status).toBe("ready")
    expect(activities.statusText).toBe("进行中")
    expect(activities.countdown).toMatch(/^距结束 (19|20)天 \d\d:\d\d:\d\d$/)
    expect(activities.entries.items.map((work) => work.id)).toEqual([3, 2])
    expect(activities.results).toEqual([])
  })

  it("an ended activity lists its awarded entries as the results", async () => {
    const { activities } = await open()
    await activities.load("winter")
    expect(activities.statusText).toBe("已结束")
    expect(activities.submitBlocker).toBe("活动已结束，无法再提交作品")
    expect(activities.results.map((work) => work.award)).toEqual(["一等奖", "二等奖"])
  })

  it("an unknown key shows the server's words", async () => {
    const { activities } = await open()
    await activities.load("nope")
    expect(activities.status).toBe("missing")
    expect(activities.problem).toBe("活动不存在或已下线")
  })

  it("a visitor's 提交作品 opens the login prompt and sends nothing", async () => {
    const { world, activities } = await open({})
    await activities.load("boat")
    activities.startSubmit()
    expect(activities.loginPrompt).toBe(true)
    expect(activities.picker.open).toBe(false)
    expect(world.calls(LIBRARY)).toEqual([])
  })

  it("submits a chosen approved work: joined, counted, a toast, the entries asked again", async () => {
    const { world, activities } = await open()
    await activities.load("boat")
    await settle()
    activities.startSubmit()
    await vi.waitFor(() => expect(activities.picker.works.items).toHaveLength(2))
    const [approved, pending] = activities.picker.works.items
    activities.picker.choose(pending!)
    expect(activities.picker.chosen).toBeNull()
    activities.picker.choose(approved!)
    await activities.submitChosen()
    expect(world.calls(SUBMIT)[0]?.body).toEqual({ kind: "json", value: { activity_id: 1, artwork_id: 7, description: "" } })
    expect(activities.activity?.is_joined).toBe(true)
    expect(activities.activity?.work_count).toBe(4)
    expect(activities.submitBlocker).toBe("你已提交过参赛作品")
    expect(activities.picker.open).toBe(false)
    expect(world.toasts()).toContain("success:作品提交成功")
    await settle()
    expect(world.calls(WORKS).length).toBeGreaterThanOrEqual(2)
  })

  it("a refused hand-in keeps the dialog open with the server's words", async () => {
    const { activities } = await open(loggedIn(), () => envelope(409, null, "每个活动只能提交一件作品"))
    await activities.load("boat")
    activities.startSubmit()
    await vi.waitFor(() => expect(activities.picker.works.items).toHaveLength(2))
    activities.picker.choose(activities.picker.works.items[0]!)
    await activities.submitChosen()
    expect(activities.picker.open).toBe(true)
    expect(activities.picker.refusal).toBe("每个活动只能提交一件作品")
    expect(activities.activity?.is_joined).toBe(false)
  })

  it("the 活动广场 puts the ongoing activity on top (AC6)", async () => {
    const { activities } = await open({})
    await activities.activities.start()
    expect(activities.featured?.key).toBe("boat")
  })

  it("a logout (R9) closes the picker and asks the shown activity again as a visitor", async () => {
    const { world, activities } = await open()
    world.server["/api/v1/base/logout"] = () => envelope(0, { revoked: 1 })
    await activities.load("boat")
    activities.startSubmit()
    expect(activities.picker.open).toBe(true)
    const asked = world.calls(DETAIL).length
    expect(world.calls(DETAIL).at(-1)?.headers?.Authorization).toMatch(/^Bearer /)
    await world.store.session.logout()
    await settle()
    expect(activities.picker.open).toBe(false)
    expect(world.calls(DETAIL).length).toBe(asked + 1)
    expect(world.calls(DETAIL).at(-1)?.headers?.Authorization).toBeUndefined()
    expect(activities.status).toBe("ready")
  })
})
