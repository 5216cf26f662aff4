import { Api } from "@mido/core/contract"
import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { artworks } from "../src/db/schema/artworks.js"
import { activities, activityWorks, articles, specialTopicItems, specialTopics } from "../src/db/schema/community.js"
import { activityStatus } from "../src/features/community/communityActivities.js"
import { callAsWebApp, DAY_MS, makeArtwork, makePerson, type Person, withQuery } from "./communityFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

let server: TestServer
let artist: Person
let rival: Person
const ids = { ongoing: 0, upcoming: 0, ended: 0 }

const LIST = "/api/v1/open/community/activity/list"
const DETAIL = "/api/v1/open/community/activity/detail"
const WORKS = "/api/v1/open/community/activity/works"
const SUBMIT = "/api/v1/community/activity/submit_work"

const activity = (key: string, startDays: number, endDays: number) => ({
  key, title: `活动 ${key}`, cover: "https://cdn.mido.example.com/a.png", banner: "https://cdn.mido.example.com/b.png",
  description: "以端午为主题。", rules: "1. 每人限投 1 幅；\n2. 禁止抄袭。", reward: "一等奖 1 名：年度会员 + 5000 米豆",
  startAt: new Date(Date.now() + startDays * DAY_MS), endAt: new Date(Date.now() + endDays * DAY_MS)
})

beforeAll(async () => {
  server = await startTestServer()
  const { db } = server.deps
  artist = await makePerson(db, "星河画师")
  rival = await makePerson(db, "墨池")
  const rows = await db.insert(activities).values([activity("winter-2025", -60, -30), activity("boat", -2, 20), activity("summer-2026", 5, 30)]).returning()
  ids.ended = rows[0]!.id
  ids.ongoing = rows[1]!.id
  ids.upcoming = rows[2]!.id
})
afterAll(() => server.stop())

describe("activity status is derived from start_at, end_at and now", () => {
  it("the rule at its edges", () => {
    const start = new Date("2026-06-01T00:00:00Z")
    const end = new Date("2026-06-10T00:00:00Z")
    expect(activityStatus(start, end, new Date(start.getTime() - 1))).toBe("upcoming")
    expect(activityStatus(start, end, start)).toBe("ongoing")
    expect(activityStatus(start, end, new Date(end.getTime() - 1))).toBe("ongoing")
    expect(activityStatus(start, end, end)).toBe("ended")
  })

  it("lists ongoing first, then upcoming, then ended; filters by status", async () => {
    const all = await server.request("GET", withQuery(LIST, {}))
    expect(all).toMatchObject({ code: 0, data: { total: 3, list: [{ key: "boat", status: "ongoing" }, { key: "summer-2026", status: "upcoming" }, { key: "winter-2025", status: "ended" }] } })
    expect(await server.request("GET", withQuery(LIST, { status: "ended" }))).toMatchObject({ data: { total: 1, list: [{ key: "winter-2025" }] } })
    expect(await server.request("GET", withQuery(LIST, { status: "soon" }))).toMatchObject({ code: 400 })
  })

  it("detail by key, with rules as plain text; decodes with the web app's client; bad and missing keys", async () => {
    const result = await callAsWebApp(server, undefined, Api.community.activityDetail, { key: "boat" })
    expect(result._tag).toBe("Right")
    if (result._tag === "Right") expect(result.right).toMatchObject({ key: "boat", status: "ongoing", rules: "1. 每人限投 1 幅；\n2. 禁止抄袭。", is_joined: false, work_count: 0 })
    expect(await server.request("GET", withQuery(DETAIL, { key: "nope" }))).toMatchObject({ code: 404 })
    expect(await server.request("GET", withQuery(DETAIL, { key: "Boat/../x" }))).toMatchObject({ code: 400 })
  })
})

describe("submit work: an own artwork, once, while ongoing (R11)", () => {
  it("hands in an own public artwork; is_joined and the counts follow", async () => {
    const artwork = await makeArtwork(server.deps.db, artist.uid)
    const answer = await server.request("POST", SUBMIT, { activity_id: ids.ongoing, artwork_id: artwork.id, description: "雨后的江面，龙舟破浪而来。" }, artist.token)
    expect(answer).toMatchObject({ code: 0, data: { activity_id: ids.ongoing, artwork: { id: artwork.id, user_uid: artist.uid }, vote_count: 0, award: null, description: "雨后的江面，龙舟破浪而来。" } })
    expect(await server.request("GET", withQuery(DETAIL, { key: "boat" }), undefined, artist.token))
      .toMatchObject({ data: { is_joined: true, work_count: 1, participant_count: 1 } })
  })

  it("refuses a second work in the same activity", async () => {
    const another = await makeArtwork(server.deps.db, artist.uid)
    expect(await server.request("POST", SUBMIT, { activity_id: ids.ongoing, artwork_id: another.id }, artist.token)).toMatchObject({ code: 409, msg: "每个活动只能提交一件作品" })
  })

  it("refuses another user's artwork, a private or deleted own artwork; nothing written", async () => {
    const theirs = await makeArtwork(server.deps.db, artist.uid)
    expect(await server.request("POST", SUBMIT, { activity_id: ids.ongoing, artwork_id: theirs.id }, rival.token)).toMatchObject({ code: 404, msg: "作品不存在或不属于你" })
    const draft = await makeArtwork(server.deps.db, rival.uid, { isPublic: false, auditStatus: "draft" })
    expect(await server.request("POST", SUBMIT, { activity_id: ids.ongoing, artwork_id: draft.id }, rival.token)).toMatchObject({ code: 400 })
    const gone = await makeArtwork(server.deps.db, rival.uid, { deletedAt: new Date() })
    expect(await server.request("POST", SUBMIT, { activity_id: ids.ongoing, artwork_id: gone.id }, rival.token)).toMatchObject({ code: 404 })
    expect(await server.deps.db.select().from(activityWorks)).toHaveLength(1)
  })

  it("refuses upcoming and ended activities and a missing one", async () => {
    const mine = await makeArtwork(server.deps.db, rival.uid)
    expect(await server.request("POST", SUBMIT, { activity_id: ids.upcoming, artwork_id: mine.id }, rival.token)).toMatchObject({ code: 400, msg: "活动尚未开始，开始后再来投稿吧" })
    expect(await server.request("POST", SUBMIT, { activity_id: ids.ended, artwork_id: mine.id }, rival.token)).toMatchObject({ code: 400, msg: "活动已结束，无法再提交作品" })
    expect(await server.request("POST", SUBMIT, { activity_id: 999_999, artwork_id: mine.id }, rival.token)).toMatchObject({ code: 404 })
  })

  it("refuses server-owned fields (R12), bad input and a missing token", async () => {
    expect(await server.request("POST", SUBMIT, { activity_id: ids.ongoing, artwork_id: 1, award: "一等奖" }, rival.token)).toMatchObject({ code: 400 })
    expect(await server.request("POST", SUBMIT, { activity_id: ids.ongoing, artwork_id: 1, vote_count: 9 }, rival.token)).toMatchObject({ code: 400 })
    expect(await server.request("POST", SUBMIT, { activity_id: ids.ongoing, artwork_id: 1, description: "长".repeat(201) }, rival.token)).toMatchObject({ code: 400 })
    expect(await server.request("POST", SUBMIT, { activity_id: ids.ongoing }, rival.token)).toMatchObject({ code: 400 })
    expect(await server.request("POST", SUBMIT, { activity_id: ids.ongoing, artwork_id: 1 })).toMatchObject({ code: -401 })
  })

  it("lists works (new and hot); a work whose artwork left the square is hidden; 404 for a missing activity", async () => {
    const mine = await makeArtwork(server.deps.db, rival.uid)
    expect((await server.request("POST", SUBMIT, { activity_id: ids.ongoing, artwork_id: mine.id }, rival.token)).code).toBe(0)
    expect(await server.request("GET", withQuery(WORKS, { activity_id: ids.ongoing }))).toMatchObject({ code: 0, data: { total: 2, list: [{ artwork: { id: mine.id } }, {}] } })
    expect(await server.request("GET", withQuery(WORKS, { activity_id: ids.ongoing, sort: "hot" }))).toMatchObject({ data: { total: 2 } })
    await server.deps.db.update(artworks).set({ isPublic: false }).where(eq(artworks.id, mine.id))
    expect(await server.request("GET", withQuery(WORKS, { activity_id: ids.ongoing }))).toMatchObject({ data: { total: 1, list: [{ artwork: { user_uid: artist.uid } }] } })
    expect(await server.request("GET", withQuery(WORKS, { activity_id: 999_999 }))).toMatchObject({ code: 404 })
    expect(await server.request("GET", withQuery(WORKS, { activity_id: ids.ongoing, sort: "old" }))).toMatchObject({ code: 400 })
  })
})

describe("special topics", () => {
  beforeAll(async () => {
    const { db } = server.deps
    const [topic] = await db.insert(specialTopics).values({ key: "guofeng-classics", title: "国风精选", cover: "https://cdn.mido.example.com/t.png", description: "编辑精选" }).returning()
    const [article] = await db.insert(articles).values({ uid: artist.uid, title: "水墨入门", content: "## 留白", summary: "留白" }).returning()
    const shown = await makeArtwork(db, artist.uid)
    const hidden = await makeArtwork(db, artist.uid, { isPublic: false })
    await db.insert(specialTopicItems).values([
      { topicId: topic!.id, sort: 0, articleId: article!.id },
      { topicId: topic!.id, sort: 1, artworkId: hidden.id },
      { topicId: topic!.id, sort: 2, artworkId: shown.id }
    ])
    await db.insert(specialTopics).values({ key: "cyber-night", title: "霓虹之夜", cover: "https://cdn.mido.example.com/c.png" })
  })

  it("lists topics newest first with their visible item counts", async () => {
    expect(await server.request("GET", withQuery("/api/v1/open/community/special_topic/list", {})))
      .toMatchObject({ code: 0, data: { total: 2, list: [{ key: "cyber-night", item_count: 0 }, { key: "guofeng-classics", item_count: 2 }] } })
    expect(await server.request("GET", withQuery("/api/v1/open/community/special_topic/list", { size: 0 }))).toMatchObject({ code: 400 })
  })

  it("detail pages its items in the editors' order, skipping works that left the square; decodes with the web app's client", async () => {
    const result = await callAsWebApp(server, rival.token, Api.community.specialTopicDetail, { key: "guofeng-classics", page: 1, size: 20 })
    expect(result._tag).toBe("Right")
    if (result._tag === "Right") {
      expect(result.right.total).toBe(2)
      expect(result.right.list.map((item) => item.kind)).toEqual(["article", "artwork"])
    }
    expect(await server.request("GET", withQuery("/api/v1/open/community/special_topic/detail", { key: "guofeng-classics", size: 1, page: 2 })))
      .toMatchObject({ data: { total: 2, list: [{ kind: "artwork" }] } })
    expect(await server.request("GET", withQuery("/api/v1/open/community/special_topic/detail", { key: "nope" }))).toMatchObject({ code: 404 })
    expect(await server.request("GET", withQuery("/api/v1/open/community/special_topic/detail", { key: "<script>" }))).toMatchObject({ code: 400 })
  })
})

describe("the development endpoint that plays the moderator (e2e: a work approved without the review job's wait)", () => {
  it("approves one artwork in review and nothing else; a draft or an unknown id is refused", async () => {
    const { db } = server.deps
    const inReview = await makeArtwork(db, artist.uid, { auditStatus: "pending" })
    const other = await makeArtwork(db, artist.uid, { auditStatus: "pending" })
    const draft = await makeArtwork(db, artist.uid, { auditStatus: "draft" })
    expect(await server.request("POST", "/api/dev/artworks/approve", { artwork_id: inReview.id })).toMatchObject({ code: 0, data: { audit_status: "approved" } })
    const statusOf = async (id: number) => (await db.select({ status: artworks.auditStatus }).from(artworks).where(eq(artworks.id, id)))[0]?.status
    expect(await statusOf(inReview.id)).toBe("approved")
    expect(await statusOf(other.id)).toBe("pending")
    expect(await server.request("POST", "/api/dev/artworks/approve", { artwork_id: draft.id })).toMatchObject({ code: 404 })
    expect(await statusOf(draft.id)).toBe("draft")
    expect(await server.request("POST", "/api/dev/artworks/approve", { artwork_id: "1" })).toMatchObject({ code: 400 })
  })
})
