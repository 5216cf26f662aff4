import { parseMessageContent } from "@mido/core/account"
import { Api } from "@mido/core/contract"
import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { appConfig, beanLedger } from "../src/db/schema/commerce.js"
import { circles, posts } from "../src/db/schema/community.js"
import { messages } from "../src/db/schema/messages.js"
import { callAsWebApp, makeArtwork, makePerson, makeUpload, type Person, withQuery } from "./communityFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

let server: TestServer
let author: Person
let reader: Person
let stranger: Person
let circleId: number

const PUBLISH = "/api/v1/community/post/publish"
const LIST = "/api/v1/open/community/post/list"
const DETAIL = "/api/v1/open/community/post/detail"
const LIKE = "/api/v1/community/post/like"

type PostData = { id: number; like_count: number; is_like: boolean; is_owner: boolean; topics: Array<string> }
type FeedData = { list: Array<PostData>; next_cursor?: string }

beforeAll(async () => {
  server = await startTestServer()
  const { db } = server.deps
  author = await makePerson(db, "星河画师")
  reader = await makePerson(db, "墨池")
  stranger = await makePerson(db, "路人甲")
  await db.insert(appConfig).values([{ key: "points.first-post", value: ["50"] }, { key: "points.daily-post", value: ["10"] }]).onConflictDoNothing()
  const created = await server.request("POST", "/api/v1/community/circle/create", {
    name: "国风插画研究所", avatar: await makeUpload(server, author.uid), cover: await makeUpload(server, author.uid), description: ""
  }, author.token)
  circleId = (created.data as { id: number }).id
  await server.request("POST", "/api/v1/community/circle/join", { id: circleId }, reader.token)
})
afterAll(() => server.stop())

describe("post publish (R11, R12, R16)", () => {
  it("publishes to the square with images and topics; plain text is kept byte for byte", async () => {
    const url = await makeUpload(server, author.uid)
    const content = "第一次用 LoRA 画油纸伞 <img src=x onerror=alert(1)>\n第二行"
    const answer = await server.request("POST", PUBLISH, { content, images: [{ url, width: 768, height: 1024 }], topics: ["国风", "AI绘画", "国风"] }, author.token)
    expect(answer).toMatchObject({
      code: 0,
      data: { circle_id: null, circle_name: null, assignment_id: null, content, images: [{ url, width: 768, height: 1024 }], topics: ["国风", "AI绘画"], like_count: 0, is_owner: true, author: { uid: author.uid } }
    })
  })

  it("earns the post reward through the beans module (first post)", async () => {
    const rewards = await server.deps.db.select().from(beanLedger).where(eq(beanLedger.uid, author.uid))
    expect(rewards.map((row) => row.kind)).toContain("post_reward")
  })

  it("publishes to a circle the author joined, sharing an own artwork; the circle's post_count moves", async () => {
    const artwork = await makeArtwork(server.deps.db, reader.uid)
    const answer = await server.request("POST", PUBLISH, { content: "分享一组青绿山水", circle_id: circleId, artwork_id: artwork.id }, reader.token)
    expect(answer).toMatchObject({ code: 0, data: { circle_id: circleId, circle_name: "国风插画研究所", artwork_id: artwork.id } })
    const [circle] = await server.deps.db.select().from(circles).where(eq(circles.id, circleId))
    expect(circle?.postCount).toBe(1)
  })

  it("notifies the users a post mentions (@nickname), not the author and not unknown names", async () => {
    const answer = await server.request("POST", PUBLISH, { content: "感谢 @墨池 的建议！也谢谢 @不存在的人 和 @星河画师" }, author.token)
    expect(answer.code).toBe(0)
    const postId = (answer.data as PostData).id
    // (a post reward's system message may be there too: only mentions count here)
    const inbox = await server.deps.db.select().from(messages).where(and(eq(messages.uid, reader.uid), eq(messages.type, "mention")))
    expect(inbox).toHaveLength(1)
    expect(inbox[0]?.type).toBe("mention")
    expect(parseMessageContent(inbox[0]?.content)).toMatchObject({ user_uid: String(author.uid), user_name: "星河画师", target_id: String(postId) })
    expect(await server.deps.db.select().from(messages).where(and(eq(messages.uid, author.uid), eq(messages.type, "mention")))).toHaveLength(0)
  })

  it("refuses another user's artwork (R11), a circle not joined, a missing circle and foreign images; nothing written", async () => {
    const before = (await server.deps.db.select().from(posts)).length
    const theirs = await makeArtwork(server.deps.db, reader.uid)
    expect(await server.request("POST", PUBLISH, { content: "偷图", artwork_id: theirs.id }, stranger.token)).toMatchObject({ code: 404 })
    expect(await server.request("POST", PUBLISH, { content: "未入圈", circle_id: circleId }, stranger.token)).toMatchObject({ code: 403, msg: "加入圈子后才能发帖" })
    expect(await server.request("POST", PUBLISH, { content: "x", circle_id: 999_999 }, stranger.token)).toMatchObject({ code: 404 })
    const foreign = { content: "外链", images: [{ url: "https://evil.example.com/a.png", width: 10, height: 10 }] }
    expect(await server.request("POST", PUBLISH, foreign, stranger.token)).toMatchObject({ code: 400, msg: "请先上传图片再发布" })
    const othersUpload = { content: "别人的图", images: [{ url: await makeUpload(server, reader.uid), width: 10, height: 10 }] }
    expect(await server.request("POST", PUBLISH, othersUpload, stranger.token)).toMatchObject({ code: 400 })
    expect(await server.deps.db.select().from(posts)).toHaveLength(before)
    expect(await server.deps.db.select().from(beanLedger).where(eq(beanLedger.uid, stranger.uid))).toHaveLength(0)
  })

  it.each([
    ["a server-owned like_count (R12)", { content: "x", like_count: 99 }],
    ["a server-owned author (R12)", { content: "x", uid: 1 }],
    ["empty content", { content: "   " }],
    ["too long content", { content: "长".repeat(5001) }],
    ["ten images", { content: "x", images: Array.from({ length: 10 }, () => ({ url: "https://a.example.com/x.png", width: 1, height: 1 })) }],
    ["a topic with #", { content: "x", topics: ["#国风#"] }],
    ["six topics", { content: "x", topics: ["a", "b", "c", "d", "e", "f"] }]
  ])("refuses %s", async (_name, body) => {
    const answer = await server.request("POST", PUBLISH, body, stranger.token)
    expect(answer.code).toBe(400)
    expect(answer.msg).not.toBe("")
  })

  it("-401 without a token", async () => {
    expect(await server.request("POST", PUBLISH, { content: "x" })).toMatchObject({ code: -401 })
  })
})

describe("post feed, detail and like", () => {
  it("pages the feed newest first by keyset cursor, without gaps or repeats", async () => {
    for (let index = 0; index < 5; index += 1) await server.request("POST", PUBLISH, { content: `第 ${index} 条` }, stranger.token)
    const total = (await server.deps.db.select().from(posts)).length
    const seen: Array<number> = []
    let cursor: string | undefined
    do {
      const page = await server.request("GET", withQuery(LIST, { size: 2, cursor }))
      expect(page.code).toBe(0)
      const data = page.data as FeedData
      seen.push(...data.list.map((post) => post.id))
      cursor = data.next_cursor
    } while (cursor !== undefined)
    expect(seen).toHaveLength(total)
    expect([...seen].sort((a, b) => b - a)).toEqual(seen)
  })

  it("filters by circle and by topic; 404 for a missing circle; a bad cursor is refused", async () => {
    expect(await server.request("GET", withQuery(LIST, { circle_id: circleId }))).toMatchObject({ code: 0, data: { list: [{ circle_id: circleId }] } })
    const topical = (await server.request("GET", withQuery(LIST, { topic: "AI绘画" }))).data as FeedData
    expect(topical.list.map((post) => post.topics)).toEqual([["国风", "AI绘画"]])
    expect(await server.request("GET", withQuery(LIST, { circle_id: 999_999 }))).toMatchObject({ code: 404 })
    expect(await server.request("GET", withQuery(LIST, { cursor: "h1_2" }))).toMatchObject({ code: 400 })
    expect(await server.request("GET", withQuery(LIST, { cursor: "../../etc" }))).toMatchObject({ code: 400 })
    expect(await server.request("GET", withQuery(LIST, { size: 51 }))).toMatchObject({ code: 400 })
  })

  it("likes with an explicit action: a retry changes nothing; unlike likewise", async () => {
    const [post] = ((await server.request("GET", withQuery(LIST, { size: 1 }))).data as FeedData).list
    const like = { id: post!.id, action: "like" }
    expect(await server.request("POST", LIKE, like, reader.token)).toMatchObject({ code: 0, data: { is_like: true, like_count: 1 } })
    expect(await server.request("POST", LIKE, like, reader.token)).toMatchObject({ code: 0, data: { is_like: true, like_count: 1 } })
    expect(await server.request("POST", LIKE, like, author.token)).toMatchObject({ code: 0, data: { is_like: true, like_count: 2 } })
    expect(await server.request("GET", withQuery(DETAIL, { id: post!.id }), undefined, reader.token)).toMatchObject({ data: { is_like: true, like_count: 2, is_owner: false } })
    const unlike = { id: post!.id, action: "unlike" }
    expect(await server.request("POST", LIKE, unlike, reader.token)).toMatchObject({ code: 0, data: { is_like: false, like_count: 1 } })
    expect(await server.request("POST", LIKE, unlike, reader.token)).toMatchObject({ code: 0, data: { is_like: false, like_count: 1 } })
    const hot = (await server.request("GET", withQuery(LIST, { sort: "hot", size: 1 }))).data as FeedData
    expect(hot.list[0]?.id).toBe(post!.id)
    expect(hot.next_cursor).toMatch(/^h1_\d+$/)
  })

  it("like: -401, 404, a toggle without action is refused", async () => {
    expect(await server.request("POST", LIKE, { id: 1, action: "like" })).toMatchObject({ code: -401 })
    expect(await server.request("POST", LIKE, { id: 999_999, action: "like" }, reader.token)).toMatchObject({ code: 404 })
    expect(await server.request("POST", LIKE, { id: 1 }, reader.token)).toMatchObject({ code: 400 })
  })

  it("detail decodes with the web app's own client; 404 for a missing post", async () => {
    const [post] = ((await server.request("GET", withQuery(LIST, { size: 1 }))).data as FeedData).list
    const result = await callAsWebApp(server, stranger.token, Api.community.postDetail, { id: post!.id })
    expect(result._tag).toBe("Right")
    if (result._tag === "Right") expect(result.right).toMatchObject({ id: post!.id, is_owner: true })
    expect(await server.request("GET", withQuery(DETAIL, { id: 999_999 }))).toMatchObject({ code: 404 })
    expect(await server.request("GET", withQuery(DETAIL, { id: 0 }))).toMatchObject({ code: 400 })
  })
})
