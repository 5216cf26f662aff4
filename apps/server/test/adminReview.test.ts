import { parseMessageContent } from "@mido/core/account"
import { and, desc, eq, isNull } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { userRoles, adminAudit } from "../src/db/schema/admin.js"
import { artworks } from "../src/db/schema/artworks.js"
import { postReports } from "../src/db/schema/community.js"
import { moderationOutcomes } from "../src/db/schema/moderation.js"
import { dashboardToday } from "../src/features/admin/dashboard.js"
import { messages } from "../src/db/schema/messages.js"
import { makeArtwork, makePerson, type Person, withQuery } from "./communityFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

// Issue 29, 审核 and 举报: an operator approves, rejects (the author's drawer gets the reason) and takes
// down (gone from the square and the community); reports come grouped by target and are resolved
// together; a plain user gets nothing; every decision leaves its audit row.

let server: TestServer
let reviewer: Person
let author: Person
let reporters: Array<Person>

const QUEUE = "/api/v1/admin/review/queue"
const APPROVE = "/api/v1/admin/review/approve"
const REJECT = "/api/v1/admin/review/reject"
const TAKE_DOWN = "/api/v1/admin/review/take_down"
const REPORTS = "/api/v1/admin/review/reports"
const RESOLVE = "/api/v1/admin/review/resolve_reports"
const FEED = "/api/v1/open/artwork/artwork/get_profile_list"

type QueuePage = { list: Array<{ kind: string; id: number; text: string; images: Array<string>; parameters: unknown }>; total: number; waiting: Record<string, number> }
type ReportPage = { list: Array<{ target_id: number; count: number; reports: Array<{ reason: string }> }>; total: number }

beforeAll(async () => {
  server = await startTestServer()
  const { db } = server.deps
  reviewer = await makePerson(db, "审核员小周")
  await db.insert(userRoles).values({ uid: reviewer.uid, role: "reviewer" })
  author = await makePerson(db, "投稿画师")
  reporters = [await makePerson(db, "热心网友甲"), await makePerson(db, "热心网友乙"), await makePerson(db, "热心网友丙")]
})
afterAll(() => server.stop())

const systemMessages = async (uid: number) =>
  (await server.deps.db.select().from(messages).where(and(eq(messages.uid, uid), eq(messages.type, "system"))).orderBy(desc(messages.id)))
    .map((row) => parseMessageContent(row.content))

const pending = (title: string, prompt: string) =>
  makeArtwork(server.deps.db, author.uid, {
    title, auditStatus: "pending", auditSubmittedAt: new Date(),
    parameters: { prompt, negative_prompt: "模糊", models: [], args: [], image_prompts: ["https://cdn.mido.example.com/ref/1.png"] }
  })

const feedIds = async () => {
  const answer = await server.request("GET", withQuery(FEED, { uid: author.uid }))
  return (answer.data as { list: Array<{ id: number }> }).list.map((card) => card.id)
}

const publishPost = async (content: string) => (await server.request("POST", "/api/v1/community/post/publish", { content }, author.token)).data as { id: number }

describe("the works' queue", () => {
  it("lists a submitted work with its prompt, parameters and images; approving puts it on the square and tells the author", async () => {
    const work = await pending("山间晨雾", "山间晨雾, 水墨")
    const queue = await server.request("GET", withQuery(QUEUE, { kind: "artwork" }), undefined, reviewer.token)
    expect(queue.code, queue.msg).toBe(0)
    const item = (queue.data as QueuePage).list.find((entry) => entry.id === work.id)
    expect(item).toMatchObject({ kind: "artwork", text: "山间晨雾, 水墨", images: [work.cover, "https://cdn.mido.example.com/ref/1.png"] })
    expect((queue.data as QueuePage).waiting.artwork).toBeGreaterThanOrEqual(1)

    const approved = await server.request("POST", APPROVE, { kind: "artwork", id: work.id }, reviewer.token)
    expect(approved).toMatchObject({ code: 0, data: { state: "approved" } })
    expect(await feedIds()).toContain(work.id)
    expect((await systemMessages(author.uid))[0]).toMatchObject({ title: "作品审核通过" })
    // decided once: a second click is refused and changes nothing
    expect((await server.request("POST", APPROVE, { kind: "artwork", id: work.id }, reviewer.token)).code).toBe(409)
    const [audit] = await server.deps.db.select().from(adminAudit).where(and(eq(adminAudit.action, "review.approve"), eq(adminAudit.targetId, String(work.id))))
    expect(audit).toMatchObject({ actorId: reviewer.uid, targetType: "artwork", before: { audit_status: "pending" }, after: { audit_status: "approved" } })
  })

  it("shows what moderation flagged on the work beside it (moderation_outcomes)", async () => {
    const work = await pending("可疑作品", "海边日落")
    await server.deps.db.insert(moderationOutcomes).values({ uid: author.uid, place: "artwork_publish", targetId: String(work.id), content: work.cover, verdict: "review", labels: ["sexy"], checker: "aliyun" })
    const queue = (await server.request("GET", withQuery(QUEUE, { kind: "artwork", size: 100 }), undefined, reviewer.token)).data as { list: Array<{ id: number; moderation: Array<{ source: string; verdict: string; detail: string }> }> }
    const item = queue.list.find((entry) => entry.id === work.id)
    expect(item?.moderation).toEqual([expect.objectContaining({ source: "aliyun", verdict: "review", detail: expect.stringContaining("sexy") })])
  })

  it("rejecting needs a reason, keeps the work off the square, and the author's drawer shows the reason", async () => {
    const work = await pending("夜色霓虹", "赛博朋克 城市")
    expect((await server.request("POST", REJECT, { kind: "artwork", id: work.id, reason: " " }, reviewer.token)).code).toBe(400)
    const rejected = await server.request("POST", REJECT, { kind: "artwork", id: work.id, reason: "画面含有不适宜公开的内容" }, reviewer.token)
    expect(rejected).toMatchObject({ code: 0, data: { state: "rejected" } })
    expect(await feedIds()).not.toContain(work.id)
    const drawer = await server.request("GET", withQuery("/api/v1/user/message/list", { type: "system" }), undefined, author.token)
    const newest = parseMessageContent((drawer.data as { list: Array<{ content: string }> }).list[0]!.content)
    expect(newest).toMatchObject({ title: "作品审核未通过" })
    expect(newest.content).toContain("画面含有不适宜公开的内容")
    const [row] = await server.deps.db.select().from(artworks).where(eq(artworks.id, work.id))
    expect(row).toMatchObject({ auditStatus: "rejected", auditReason: "画面含有不适宜公开的内容" })
  })

  it("taking down a published work takes it off the square at once (the shared feed pages too)", async () => {
    const work = await makeArtwork(server.deps.db, author.uid, { title: "已发布作品" })
    // written straight to the database: the shared pages learn of it as an approval would tell them
    server.deps.feedCache.invalidate()
    expect(await feedIds()).toContain(work.id)
    const down = await server.request("POST", TAKE_DOWN, { kind: "artwork", id: work.id, reason: "涉嫌侵权" }, reviewer.token)
    expect(down).toMatchObject({ code: 0, data: { state: "taken_down" } })
    expect(await feedIds()).not.toContain(work.id)
    expect((await systemMessages(author.uid))[0]).toMatchObject({ title: "作品已下架" })
  })
})

describe("posts, comments and articles", () => {
  it("a new post waits in the queue; taken down it leaves the community for everyone and its author is told", async () => {
    const post = await publishPost("今天画了一组海边日落")
    const queue = (await server.request("GET", withQuery(QUEUE, { kind: "post", size: 100 }), undefined, reviewer.token)).data as QueuePage
    expect(queue.list.map((item) => item.id)).toContain(post.id)
    const down = await server.request("POST", TAKE_DOWN, { kind: "post", id: post.id, reason: "含有广告信息" }, reviewer.token)
    expect(down).toMatchObject({ code: 0, data: { state: "taken_down" } })
    expect((await server.request("GET", withQuery("/api/v1/open/community/post/detail", { id: post.id }))).code).toBe(404)
    const list = (await server.request("GET", withQuery("/api/v1/open/community/post/list", { sort: "new" }))).data as { list: Array<{ id: number }> }
    expect(list.list.map((item) => item.id)).not.toContain(post.id)
    const notice = (await systemMessages(author.uid))[0]!
    expect(notice).toMatchObject({ title: "帖子已下架" })
    expect(notice.content).toContain("含有广告信息")
  })

  it("a comment approved leaves the queue and stays under its post", async () => {
    const post = await publishPost("求教构图")
    const comment = (await server.request("POST", "/api/v1/community/post/comment_create", { post_id: post.id, content: "三分法试试" }, reporters[0]!.token)).data as { comment: { id: number } }
    expect((await server.request("POST", APPROVE, { kind: "comment", id: comment.comment.id }, reviewer.token)).code).toBe(0)
    const queue = (await server.request("GET", withQuery(QUEUE, { kind: "comment", size: 100 }), undefined, reviewer.token)).data as QueuePage
    expect(queue.list.map((item) => item.id)).not.toContain(comment.comment.id)
    const comments = (await server.request("GET", withQuery("/api/v1/open/community/post/comment_list", { post_id: post.id }))).data as { list: Array<{ id: number }> }
    expect(comments.list.map((item) => item.id)).toContain(comment.comment.id)
  })
})

describe("reports (举报)", () => {
  it("come grouped by target with their count, newest first; one resolution closes them all and tells each reporter", async () => {
    const quiet = await publishPost("被举报一次的帖子")
    const loud = await publishPost("被举报多次的帖子")
    await server.request("POST", "/api/v1/community/post/report", { id: quiet.id, reason: "other", detail: "" }, reporters[0]!.token)
    for (const [index, reporter] of reporters.entries()) {
      const answer = await server.request("POST", "/api/v1/community/post/report", { id: loud.id, reason: index === 0 ? "spam" : "porn", detail: "" }, reporter.token)
      expect(answer.code, answer.msg).toBe(0)
    }
    const page = (await server.request("GET", REPORTS, undefined, reviewer.token)).data as ReportPage
    expect(page.list.slice(0, 2).map((group) => [group.target_id, group.count])).toEqual([[loud.id, 3], [quiet.id, 1]])

    expect((await server.request("POST", RESOLVE, { target_type: "post", target_id: loud.id, resolution: "taken_down" }, reviewer.token)).code).toBe(400)
    const resolved = await server.request("POST", RESOLVE, { target_type: "post", target_id: loud.id, resolution: "taken_down", reason: "色情低俗内容" }, reviewer.token)
    expect(resolved).toMatchObject({ code: 0, data: { resolved: 3, resolution: "taken_down" } })
    const open = await server.deps.db.select().from(postReports).where(eq(postReports.postId, loud.id))
    expect(open.every((report) => report.resolution === "taken_down" && report.resolvedBy === reviewer.uid)).toBe(true)
    expect((await server.request("GET", withQuery("/api/v1/open/community/post/detail", { id: loud.id }))).code).toBe(404)
    for (const reporter of reporters) expect((await systemMessages(reporter.uid))[0]).toMatchObject({ title: "举报处理结果" })
    // a second operator's click finds nothing open
    expect((await server.request("POST", RESOLVE, { target_type: "post", target_id: loud.id, resolution: "dismissed" }, reviewer.token)).code).toBe(409)

    const dismissed = await server.request("POST", RESOLVE, { target_type: "post", target_id: quiet.id, resolution: "dismissed" }, reviewer.token)
    expect(dismissed).toMatchObject({ code: 0, data: { resolved: 1 } })
    expect((await server.request("GET", withQuery("/api/v1/open/community/post/detail", { id: quiet.id }))).code).toBe(0)
    const after = (await server.request("GET", REPORTS, undefined, reviewer.token)).data as ReportPage
    expect(after.list.map((group) => group.target_id)).not.toContain(loud.id)
    expect(after.list.map((group) => group.target_id)).not.toContain(quiet.id)
    // 概览's 待处理举报 counts the open ones only (resolved reports stay in the table)
    const stillOpen = await server.deps.db.select().from(postReports).where(isNull(postReports.resolvedAt))
    const waiting = (await dashboardToday(server.deps.db, new Date())).figures.find((figure) => figure.key === "reports_waiting")
    expect(waiting?.value).toBe(String(stillOpen.length))
    const [audit] = await server.deps.db.select().from(adminAudit).where(and(eq(adminAudit.action, "report.resolve"), eq(adminAudit.targetId, String(loud.id))))
    expect(audit).toMatchObject({ actorId: reviewer.uid, after: { resolution: "taken_down" } })
  })
})

describe("roles", () => {
  it("a plain user and a visitor get nothing, and their attempt changes nothing", async () => {
    const work = await pending("未审作品", "森林")
    expect((await server.request("GET", withQuery(QUEUE, { kind: "artwork" }))).code).toBe(-401)
    const refused = await server.request("POST", APPROVE, { kind: "artwork", id: work.id }, author.token)
    expect(refused).toMatchObject({ code: 403, data: null })
    const [row] = await server.deps.db.select().from(artworks).where(eq(artworks.id, work.id))
    expect(row?.auditStatus).toBe("pending")
  })
})
