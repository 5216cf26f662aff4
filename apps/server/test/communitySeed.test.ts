import { Api } from "@mido/core/contract"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { activityWorks, articles, circleMembers, circles, posts } from "../src/db/schema/community.js"
import { seasonalActivityDates } from "../src/seed/activityDates.js"
import { seedCommunity } from "../src/seed/communitySeed.js"
import { callAsWebApp, makeArtwork, makePerson, withQuery } from "./communityFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

let server: TestServer
let users: Array<number>
let works: Array<number>

beforeAll(async () => {
  server = await startTestServer()
  const { db } = server.deps
  const names = ["画画的阿雪", "墨池", "星河画师", "橘子汽水", "青山不语", "赛博小狐", "夏日晚风", "纸鸢"]
  users = []
  for (const name of names) users.push((await makePerson(db, name)).uid)
  works = []
  for (let index = 0; index < 32; index += 1) works.push((await makeArtwork(db, users[index % users.length]!, { title: `作品 ${index}` })).id)
})
afterAll(() => server.stop())

const ok = <A>(result: { _tag: "Left"; left: unknown } | { _tag: "Right"; right: A }): A => {
  if (result._tag === "Left") throw new Error(`call failed: ${JSON.stringify(result.left)}`)
  return result.right
}

describe("seedCommunity", () => {
  it("seeds circles, posts, articles, activities, topics and assignments once (idempotent)", async () => {
    const first = await seedCommunity(server.deps.db, { users, artworks: works })
    expect(first).toMatchObject({ seeded: true, circles: 4, articles: 5, activities: 5 })
    const counts = async () => ({
      circles: (await server.deps.db.select().from(circles)).length,
      posts: (await server.deps.db.select().from(posts)).length,
      articles: (await server.deps.db.select().from(articles)).length,
      members: (await server.deps.db.select().from(circleMembers)).length,
      works: (await server.deps.db.select().from(activityWorks)).length
    })
    const before = await counts()
    expect(await seedCommunity(server.deps.db, { users, artworks: works })).toMatchObject({ seeded: false })
    expect(await counts()).toEqual(before)
    expect(before.posts).toBeGreaterThan(20)
  })

  it("serves the demo through every list, decoded by the web app's own client", async () => {
    const circleList = ok(await callAsWebApp(server, undefined, Api.community.circleList, { scope: "all", page: 1, size: 20 }))
    expect(circleList.list.map((circle) => circle.name).sort()).toEqual(["AI 摄影后期", "国风插画研究所", "萌宠绘本", "赛博朋克视觉"].sort())
    for (const circle of circleList.list) {
      expect(circle.member_count).toBeGreaterThan(0)
      const memberTotal = ok(await callAsWebApp(server, undefined, Api.community.circleMembers, { id: circle.id, page: 1, size: 100 })).total
      expect(memberTotal).toBe(circle.member_count)
    }
    const feed = ok(await callAsWebApp(server, undefined, Api.community.postList, { sort: "new", size: 50 }))
    expect(feed.list.length).toBeGreaterThan(20)
    const times = feed.list.map((post) => post.created_at)
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    const activityList = ok(await callAsWebApp(server, undefined, Api.community.activityList, { page: 1, size: 20 }))
    // AC8: whatever the day, the season of today is ongoing, the next upcoming, the rest ended
    expect(activityList.list.map((activity) => activity.status)).toEqual(["ongoing", "upcoming", "ended", "ended", "ended"])
    const ended = activityList.list[2]!
    const endedWorks = ok(await callAsWebApp(server, undefined, Api.community.activityWorks, { activity_id: ended.id, sort: "hot", page: 1, size: 20 }))
    expect(endedWorks.list[0]?.award).toBe("一等奖")
    const topics = ok(await callAsWebApp(server, undefined, Api.community.specialTopicList, { page: 1, size: 20 }))
    expect(topics.total).toBe(3)
    for (const topic of topics.list) {
      const detail = ok(await callAsWebApp(server, undefined, Api.community.specialTopicDetail, { key: topic.key, page: 1, size: 20 }))
      expect(detail.list.length).toBe(topic.item_count)
    }
    const articleList = ok(await callAsWebApp(server, undefined, Api.community.articleList, { page: 1, size: 20 }))
    expect(articleList.total).toBe(5)
    const assignmentList = ok(await callAsWebApp(server, undefined, Api.community.assignmentList, { circle_id: circleList.list[0]!.id, page: 1, size: 20 }))
    expect(assignmentList.total).toBeGreaterThan(0)
  })

  it("AC7: the boat activity page answers by key, dated around this year's or next year's 端午", async () => {
    const { boat } = seasonalActivityDates(new Date())
    const now = new Date()
    const status = boat.startAt > now ? "upcoming" : boat.endAt <= now ? "ended" : "ongoing"
    expect(await server.request("GET", withQuery("/api/v1/open/community/activity/detail", { key: "boat" })))
      .toMatchObject({ code: 0, data: { key: "boat", status } })
  })

  it("does nothing without users", async () => {
    expect(await seedCommunity(server.deps.db, { users: [], artworks: [] })).toMatchObject({ seeded: false })
  })
})
