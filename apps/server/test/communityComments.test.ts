import { parseMessageContent } from "@mido/core/account"
import { Api } from "@mido/core/contract"
import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { appConfig, beanLedger } from "../src/db/schema/commerce.js"
import { circles, communityWrites, postReports } from "../src/db/schema/community.js"
import { COMMENTS_PER_HOUR } from "../src/features/community/communityComments.js"
import { POSTS_PER_HOUR } from "../src/features/community/communityPosts.js"
import { messages } from "../src/db/schema/messages.js"
import { callAsWebApp, makePerson, makeUpload, type Person, withQuery } from "./communityFixtures.js"
import { installClock } from "./loginHelpers.js"
import { startTestServer, type TestServer } from "./testServer.js"

/** Issue 17 C1: the post detail's comments, replies, @mentions, delete, collect, share, report; the feed tabs; the reward in the publish answer. */

let server: TestServer
let author: Person
let reader: Person
let fan: Person
let postId: number

const PUBLISH = "/api/v1/community/post/publish"
const LIST = "/api/v1/open/community/post/list"
const DETAIL = "/api/v1/open/community/post/detail"
const COMMENTS = "/api/v1/open/community/post/comment_list"
const COMMENT = "/api/v1/community/post/comment_create"
const UNCOMMENT = "/api/v1/community/post/comment_delete"

type CommentData = { id: number; root_id: number | null; content: string; reply_to: { uid: number } | null; is_owner: boolean }
type CommentPage = { list: Array<{ id: number; content: string; reply_count: number; replies: Array<CommentData> }>; total: number }

const mentionsOf = async (uid: number) =>
  (await server.deps.db.select().from(messages).where(and(eq(messages.uid, uid), eq(messages.type, "mention")))).map((row) => parseMessageContent(row.content))

beforeAll(async () => {
  server = await startTestServer()
  const { db } = server.deps
  author = await makePerson(db, "青山画师")
  reader = await makePerson(db, "晚风")
  fan = await makePerson(db, "拾光")
  await db.insert(appConfig).values([{ key: "points.first-post", value: ["50"] }, { key: "points.daily-post", value: ["10"] }]).onConflictDoNothing()
  const published = await server.request("POST", PUBLISH, { content: "一组水墨山水" }, author.token)
  postId = (published.data as { id: number }).id
})
afterAll(() => server.stop())

describe("publish answers the reward it credited (points.first-post, points.daily-post, cap = their sum)", () => {
  it("first post 50, second 10, third nothing; the ledger has each once", async () => {
    const poster = await makePerson(server.deps.db, "日更选手")
    const rewards: Array<number> = []
    for (const content of ["第一帖", "第二帖", "第三帖"]) {
      const answer = await callAsWebApp(server, poster.token, Api.community.postPublish, { content, images: [], topics: [] })
      if (answer._tag !== "Right") throw new Error(String(answer.left))
      rewards.push(answer.right.reward)
    }
    expect(rewards).toEqual([50, 10, 0])
    const ledger = await server.deps.db.select().from(beanLedger).where(eq(beanLedger.uid, poster.uid))
    expect(ledger.map((row) => [row.remark, row.actionAmount])).toEqual([["首次发帖奖励", 50], ["每日发帖奖励", 10]])
  })
})

describe("comments (list, create, reply, delete own)", () => {
  let rootId: number

  it("a comment is listed with its author and moves comment_count; a visitor may read", async () => {
    const answer = await server.request("POST", COMMENT, { post_id: postId, content: "  远山的层次很舒服  " }, reader.token)
    expect(answer).toMatchObject({ code: 0, data: { comment: { root_id: null, content: "远山的层次很舒服", reply_to: null, is_owner: true, author: { uid: reader.uid } }, comment_count: 1 } })
    rootId = (answer.data as { comment: CommentData }).comment.id
    const page = await server.request("GET", withQuery(COMMENTS, { post_id: postId }))
    expect(page).toMatchObject({ code: 0, data: { total: 1, list: [{ id: rootId, content: "远山的层次很舒服", reply_count: 0, replies: [], is_owner: false }] } })
    expect(await server.request("GET", withQuery(DETAIL, { id: postId }))).toMatchObject({ data: { comment_count: 1 } })
  })

  it("a reply sits under the root, names whom it answers and tells them in the 提及 tab", async () => {
    const reply = await server.request("POST", COMMENT, { post_id: postId, content: "谢谢喜欢", reply_id: rootId }, author.token)
    expect(reply).toMatchObject({ code: 0, data: { comment: { root_id: rootId, reply_to: { uid: reader.uid } }, comment_count: 2 } })
    const replyId = (reply.data as { comment: CommentData }).comment.id
    // a reply to a reply stays under the same root and answers that reply's author
    const nested = await server.request("POST", COMMENT, { post_id: postId, content: "期待下一组", reply_id: replyId }, reader.token)
    expect(nested).toMatchObject({ code: 0, data: { comment: { root_id: rootId, reply_to: { uid: author.uid } } } })
    const page = (await server.request("GET", withQuery(COMMENTS, { post_id: postId }), undefined, reader.token)).data as CommentPage
    expect(page.list[0]?.replies.map((item) => [item.content, item.is_owner])).toEqual([["谢谢喜欢", false], ["期待下一组", true]])
    expect(page.list[0]?.reply_count).toBe(2)
    const told = await mentionsOf(reader.uid)
    expect(told).toContainEqual(expect.objectContaining({ title: "回复了你的评论", content: "谢谢喜欢", reply_content: "远山的层次很舒服", user_uid: String(author.uid), jump_url: `/community-detail/${postId}` }))
  })

  it("@昵称 of an existing user sends a mention once; not the writer, not unknown names", async () => {
    const answer = await server.request("POST", COMMENT, { post_id: postId, content: "@拾光 @拾光 @晚风 @查无此人 快来看" }, author.token)
    expect(answer.code).toBe(0)
    const fanMentions = await mentionsOf(fan.uid)
    expect(fanMentions.filter((message) => message.title === "在评论中提到了你")).toHaveLength(1)
    expect(fanMentions[0]).toMatchObject({ user_name: "青山画师", target_id: String(postId) })
    expect((await mentionsOf(author.uid)).filter((message) => message.title === "在评论中提到了你")).toHaveLength(0)
    // MN5: the comment names the people it found, each once, so the page can link them; the writer too
    const expected = [{ nickname: "拾光", uid: fan.uid }, { nickname: "晚风", uid: reader.uid }]
    expect((answer.data as { comment: { mentions: unknown } }).comment.mentions).toEqual(expected)
    const page = (await server.request("GET", withQuery(COMMENTS, { post_id: postId }))).data as { list: Array<{ content: string; mentions: unknown }> }
    expect(page.list.find((item) => item.content.endsWith("快来看"))?.mentions).toEqual(expected)
    const elsewhere = ((await server.request("POST", PUBLISH, { content: "自言自语帖" }, author.token)).data as { id: number }).id
    const self = await server.request("POST", COMMENT, { post_id: elsewhere, content: "@青山画师 自己提自己" }, author.token)
    expect((self.data as { comment: { mentions: unknown } }).comment.mentions).toEqual([{ nickname: "青山画师", uid: author.uid }])
  })

  it("refuses bad input, a reply to another post's comment, a visitor's write", async () => {
    expect(await server.request("POST", COMMENT, { post_id: postId, content: "x".repeat(501) }, reader.token)).toMatchObject({ code: 400, msg: "评论不能超过 500 个字" })
    expect(await server.request("POST", COMMENT, { post_id: postId, content: "   " }, reader.token)).toMatchObject({ code: 400, msg: "请输入评论" })
    const other = await server.request("POST", PUBLISH, { content: "另一帖" }, reader.token)
    const otherId = (other.data as { id: number }).id
    expect(await server.request("POST", COMMENT, { post_id: otherId, content: "串楼", reply_id: rootId }, reader.token)).toMatchObject({ code: 404 })
    expect(await server.request("POST", COMMENT, { post_id: 999_999, content: "无帖" }, reader.token)).toMatchObject({ code: 404 })
    expect(await server.request("POST", COMMENT, { post_id: postId, content: "游客" })).toMatchObject({ code: -401 })
    expect(await server.request("POST", COMMENT, { post_id: postId, content: "改计数", comment_count: 0 }, reader.token)).toMatchObject({ code: 400 })
  })

  it("only the writer deletes a comment; a root goes with its replies and the count follows", async () => {
    expect(await server.request("POST", UNCOMMENT, { id: rootId }, author.token)).toMatchObject({ code: 403, msg: "只能删除自己的评论" })
    const before = ((await server.request("GET", withQuery(DETAIL, { id: postId }))).data as { comment_count: number }).comment_count
    expect(await server.request("POST", UNCOMMENT, { id: rootId }, reader.token)).toMatchObject({ code: 0, data: { comment_count: before - 3 } })
    const page = (await server.request("GET", withQuery(COMMENTS, { post_id: postId }))).data as CommentPage
    expect(page.list.map((item) => item.id)).not.toContain(rootId)
    expect(await server.request("POST", UNCOMMENT, { id: rootId }, reader.token)).toMatchObject({ code: 404 })
  })

  it("pages the top-level comments newest first", async () => {
    const fresh = (await server.request("POST", PUBLISH, { content: "分页帖" }, fan.token)).data as { id: number }
    for (const n of [1, 2, 3]) await server.request("POST", COMMENT, { post_id: fresh.id, content: `第${n}楼` }, reader.token)
    const first = await callAsWebApp(server, undefined, Api.community.postCommentList, { post_id: fresh.id, page: 1, size: 2 })
    const second = await callAsWebApp(server, undefined, Api.community.postCommentList, { post_id: fresh.id, page: 2, size: 2 })
    if (first._tag !== "Right" || second._tag !== "Right") throw new Error("the web app's client could not read the comments")
    expect([...first.right.list, ...second.right.list].map((item) => item.content)).toEqual(["第3楼", "第2楼", "第1楼"])
    expect(first.right.total).toBe(3)
  })
})

describe("R37: comments per user and hour", () => {
  it(`the ${COMMENTS_PER_HOUR + 1}th comment within an hour is refused with 429; an hour later it goes through`, async () => {
    const chatty = await makePerson(server.deps.db, "话痨")
    const tenMinutesAgo = new Date(Date.now() - 600_000)
    await server.deps.db.insert(communityWrites).values(Array.from({ length: COMMENTS_PER_HOUR }, () => ({ uid: chatty.uid, kind: "comment" as const, createdAt: tenMinutesAgo })))
    expect(await server.request("POST", COMMENT, { post_id: postId, content: "再来一条" }, chatty.token)).toMatchObject({ code: 429, msg: "评论太频繁，请稍后再试" })
    await server.deps.db.update(communityWrites).set({ createdAt: new Date(Date.now() - 3_700_000) }).where(eq(communityWrites.uid, chatty.uid))
    expect(await server.request("POST", COMMENT, { post_id: postId, content: "再来一条" }, chatty.token)).toMatchObject({ code: 0 })
  })

  it("deleting what one wrote does not reset the hour's count, and parallel writes cannot all pass", async () => {
    const eraser = await makePerson(server.deps.db, "删帖人")
    for (let n = 0; n < POSTS_PER_HOUR; n++) {
      const published = await server.request("POST", "/api/v1/community/post/publish", { content: `发了就删 ${n}`, images: [] }, eraser.token)
      expect(published).toMatchObject({ code: 0 })
      const id = (published.data as { id: number }).id
      expect(await server.request("POST", "/api/v1/community/post/delete", { id }, eraser.token)).toMatchObject({ code: 0 })
    }
    expect(await server.request("POST", "/api/v1/community/post/publish", { content: "第 21 帖", images: [] }, eraser.token)).toMatchObject({ code: 429, msg: "发帖太频繁，请稍后再试" })

    const burst = await makePerson(server.deps.db, "连发")
    await server.deps.db.insert(communityWrites).values(Array.from({ length: COMMENTS_PER_HOUR - 3 }, () => ({ uid: burst.uid, kind: "comment" as const, createdAt: new Date(Date.now() - 600_000) })))
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => server.request("POST", COMMENT, { post_id: postId, content: `并发 ${n}` }, burst.token)))
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(3)
    expect(answers.filter((answer) => answer.code === 429)).toHaveLength(5)
  })
})

describe("collect, share, report, delete own post", () => {
  it("collect takes the wanted state; retries change nothing; the detail shows is_collected", async () => {
    const collect = (action: string) => server.request("POST", "/api/v1/community/post/collect", { id: postId, action }, reader.token)
    expect(await collect("collect")).toMatchObject({ code: 0, data: { is_collected: true, collect_count: 1 } })
    expect(await collect("collect")).toMatchObject({ code: 0, data: { is_collected: true, collect_count: 1 } })
    expect(await server.request("GET", withQuery(DETAIL, { id: postId }), undefined, reader.token)).toMatchObject({ data: { is_collected: true, collect_count: 1 } })
    expect(await server.request("GET", withQuery(DETAIL, { id: postId }))).toMatchObject({ data: { is_collected: false } })
    expect(await collect("uncollect")).toMatchObject({ code: 0, data: { is_collected: false, collect_count: 0 } })
  })

  it("a share is counted once a day per sharer (a user, or an address when logged out), for visitors too (R12)", async () => {
    const share = (token?: string) => server.request("POST", "/api/v1/open/community/post/share", { id: postId }, token)
    const realNow = server.deps.now
    // noon in China, so the run cannot cross a China midnight between two shares
    const clock = installClock(server, new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + 4 * 3_600_000))
    try {
      expect(await share()).toMatchObject({ code: 0, data: { share_count: 1 } })
      expect(await share(reader.token)).toMatchObject({ code: 0, data: { share_count: 2 } })
      // a loop of shares does not pump the count
      for (let i = 0; i < 5; i++) {
        expect(await share()).toMatchObject({ code: 0, data: { share_count: 2 } })
        expect(await share(reader.token)).toMatchObject({ code: 0, data: { share_count: 2 } })
      }
      expect(await server.request("POST", "/api/v1/open/community/post/share", { id: 999_999 })).toMatchObject({ code: 404 })
      // the next China day both count again
      clock.advance(86_400)
      expect(await share()).toMatchObject({ code: 0, data: { share_count: 3 } })
      expect(await share(reader.token)).toMatchObject({ code: 0, data: { share_count: 4 } })
    } finally {
      Object.assign(server.deps, { now: realNow })
    }
  })

  it("a report is stored once per user and post; not one's own", async () => {
    const report = (token: string) => server.request("POST", "/api/v1/community/post/report", { id: postId, reason: "spam", detail: "广告" }, token)
    expect(await report(reader.token)).toMatchObject({ code: 0, data: { success: true } })
    expect(await report(reader.token)).toMatchObject({ code: 409, msg: "你已经举报过该帖子" })
    expect(await report(author.token)).toMatchObject({ code: 403, msg: "不能举报自己的帖子" })
    const stored = await server.deps.db.select().from(postReports).where(eq(postReports.postId, postId))
    expect(stored.map((row) => [row.uid, row.reason, row.detail])).toEqual([[reader.uid, "spam", "广告"]])
  })

  it("only the author deletes a post; it leaves the feed and its circle's count", async () => {
    const created = await server.request("POST", "/api/v1/community/circle/create", {
      name: "水墨圈", avatar: await makeUpload(server, fan.uid), cover: await makeUpload(server, fan.uid), description: ""
    }, fan.token)
    const circleId = (created.data as { id: number }).id
    const inCircle = (await server.request("POST", PUBLISH, { content: "圈内帖", circle_id: circleId }, fan.token)).data as { id: number }
    expect(await server.request("POST", "/api/v1/community/post/delete", { id: inCircle.id }, reader.token)).toMatchObject({ code: 403 })
    expect(await server.request("POST", "/api/v1/community/post/delete", { id: inCircle.id }, fan.token)).toMatchObject({ code: 0, data: { success: true } })
    expect(await server.request("GET", withQuery(DETAIL, { id: inCircle.id }))).toMatchObject({ code: 404 })
    const [circle] = await server.deps.db.select().from(circles).where(eq(circles.id, circleId))
    expect(circle?.postCount).toBe(0)
  })
})

describe("the /community tabs (feed=recommend|follow|new)", () => {
  it("关注 lists only the people I follow and needs a login; 推荐 puts the most liked first", async () => {
    const followed = await makePerson(server.deps.db, "被关注者")
    const mine = (await server.request("POST", PUBLISH, { content: "关注流的帖" }, followed.token)).data as { id: number }
    await server.request("POST", "/api/v1/user/follow", { uid: followed.uid }, fan.token)
    const feed = await server.request("GET", withQuery(LIST, { feed: "follow" }), undefined, fan.token)
    expect((feed.data as { list: Array<{ id: number; author: { uid: number } }> }).list.map((post) => post.author.uid)).toEqual([followed.uid])
    expect(await server.request("GET", withQuery(LIST, { feed: "follow" }))).toMatchObject({ code: -401 })
    await server.request("POST", "/api/v1/community/post/like", { id: mine.id, action: "like" }, reader.token)
    await server.request("POST", "/api/v1/community/post/like", { id: mine.id, action: "like" }, fan.token)
    const recommended = (await server.request("GET", withQuery(LIST, { feed: "recommend", size: 1 }))).data as { list: Array<{ id: number }>; next_cursor?: string }
    expect(recommended.list[0]?.id).toBe(mine.id)
    const next = await server.request("GET", withQuery(LIST, { feed: "recommend", size: 1, cursor: recommended.next_cursor }))
    expect((next.data as { list: Array<{ id: number }> }).list[0]?.id).not.toBe(mine.id)
  })
})
