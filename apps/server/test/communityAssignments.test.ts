import { Api } from "@mido/core/contract"
import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { assignments, circles, posts } from "../src/db/schema/community.js"
import { callAsWebApp, DAY_MS, makeArtwork, makePerson, makeUpload, type Person, withQuery } from "./communityFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

let server: TestServer
let owner: Person
let member: Person
let outsider: Person
let circleId: number
let open: number
let closed: number

const LIST = "/api/v1/open/community/assignment/list"
const DETAIL = "/api/v1/open/community/assignment/detail"
const SUBMISSIONS = "/api/v1/open/community/assignment/submissions"
const SUBMIT = "/api/v1/community/assignment/submit"

beforeAll(async () => {
  server = await startTestServer()
  const { db } = server.deps
  owner = await makePerson(db, "画画的阿雪")
  member = await makePerson(db, "墨池")
  outsider = await makePerson(db, "路人甲")
  const created = await server.request("POST", "/api/v1/community/circle/create", {
    name: "萌宠绘本", avatar: await makeUpload(server, owner.uid), cover: await makeUpload(server, owner.uid), description: "毛茸茸"
  }, owner.token)
  circleId = (created.data as { id: number }).id
  await server.request("POST", "/api/v1/community/circle/join", { id: circleId }, member.token)
  const rows = await db.insert(assignments).values([
    { circleId, authorUid: owner.uid, title: "第 11 期作业：月下独酌", description: "人物与月亮同框。", deadline: new Date(Date.now() - 3_600_000) },
    { circleId, authorUid: owner.uid, title: "绘本共创：森林里的小邮差", description: "每人画一页。\n横版构图。", deadline: new Date(Date.now() + 3 * DAY_MS) }
  ]).returning()
  closed = rows[0]!.id
  open = rows[1]!.id
})
afterAll(() => server.stop())

describe("assignment submit: members only, before the deadline, once", () => {
  it("a member hands in a post of the circle carrying the assignment", async () => {
    const artwork = await makeArtwork(server.deps.db, member.uid)
    const image = await makeUpload(server, member.uid)
    const answer = await server.request("POST", SUBMIT, {
      assignment_id: open, content: "交作业啦：小刺猬送信", images: [{ url: image, width: 1024, height: 768 }], artwork_id: artwork.id
    }, member.token)
    expect(answer).toMatchObject({ code: 0, data: { assignment_id: open, circle_id: circleId, circle_name: "萌宠绘本", artwork_id: artwork.id, is_owner: true } })
    const [circle] = await server.deps.db.select().from(circles).where(eq(circles.id, circleId))
    expect(circle?.postCount).toBe(1)
  })

  it("a second hand-in is refused", async () => {
    expect(await server.request("POST", SUBMIT, { assignment_id: open, content: "再交一次" }, member.token)).toMatchObject({ code: 409, msg: "你已经提交过这份作业了" })
  })

  it("after the deadline it is refused, and nothing is written", async () => {
    expect(await server.request("POST", SUBMIT, { assignment_id: closed, content: "迟到了" }, member.token)).toMatchObject({ code: 400, msg: "作业已截止，无法再提交" })
    expect(await server.deps.db.select().from(posts).where(eq(posts.assignmentId, closed))).toHaveLength(0)
  })

  it("a non-member is refused; another user's artwork is refused (R11); a missing assignment is 404", async () => {
    expect(await server.request("POST", SUBMIT, { assignment_id: open, content: "我也交" }, outsider.token)).toMatchObject({ code: 403, msg: "加入圈子后才能提交作业" })
    const theirs = await makeArtwork(server.deps.db, member.uid)
    expect(await server.request("POST", SUBMIT, { assignment_id: open, content: "借用", artwork_id: theirs.id }, owner.token)).toMatchObject({ code: 404 })
    expect(await server.request("POST", SUBMIT, { assignment_id: 999_999, content: "x" }, member.token)).toMatchObject({ code: 404 })
    expect(await server.deps.db.select().from(posts).where(eq(posts.assignmentId, open))).toHaveLength(1)
  })

  it("refuses server-owned and unknown fields (R12), empty content and a missing token", async () => {
    expect(await server.request("POST", SUBMIT, { assignment_id: open, content: "x", circle_id: circleId }, owner.token)).toMatchObject({ code: 400 })
    expect(await server.request("POST", SUBMIT, { assignment_id: open, content: "x", like_count: 5 }, owner.token)).toMatchObject({ code: 400 })
    expect(await server.request("POST", SUBMIT, { assignment_id: open, content: "" }, owner.token)).toMatchObject({ code: 400 })
    expect(await server.request("POST", SUBMIT, { assignment_id: open, content: "x" })).toMatchObject({ code: -401 })
  })
})

describe("assignment list, detail, submissions", () => {
  it("lists a circle's assignments newest first; 404 for a missing circle", async () => {
    expect(await server.request("GET", withQuery(LIST, { circle_id: circleId }), undefined, member.token)).toMatchObject({
      code: 0,
      data: { total: 2, list: [{ id: open, is_submitted: true, submission_count: 1, circle_name: "萌宠绘本", author: { uid: owner.uid } }, { id: closed, is_submitted: false }] }
    })
    expect(await server.request("GET", withQuery(LIST, { circle_id: 999_999 }))).toMatchObject({ code: 404 })
    expect(await server.request("GET", withQuery(LIST, {}))).toMatchObject({ code: 400 })
  })

  it("detail with the viewer's is_submitted (false for visitors); decodes with the web app's client", async () => {
    const result = await callAsWebApp(server, member.token, Api.community.assignmentDetail, { id: open })
    expect(result._tag).toBe("Right")
    if (result._tag === "Right") expect(result.right).toMatchObject({ id: open, is_submitted: true, description: "每人画一页。\n横版构图。" })
    expect(await server.request("GET", withQuery(DETAIL, { id: open }))).toMatchObject({ data: { is_submitted: false, submission_count: 1 } })
    expect(await server.request("GET", withQuery(DETAIL, { id: 999_999 }))).toMatchObject({ code: 404 })
  })

  it("lists the hand-ins as posts; 404 for a missing assignment", async () => {
    expect(await server.request("GET", withQuery(SUBMISSIONS, { id: open }))).toMatchObject({
      code: 0, data: { total: 1, list: [{ assignment_id: open, author: { uid: member.uid }, is_owner: false }] }
    })
    expect(await server.request("GET", withQuery(SUBMISSIONS, { id: closed }))).toMatchObject({ data: { total: 0, list: [] } })
    expect(await server.request("GET", withQuery(SUBMISSIONS, { id: 999_999 }))).toMatchObject({ code: 404 })
    expect(await server.request("GET", withQuery(SUBMISSIONS, { id: open, size: 101 }))).toMatchObject({ code: 400 })
  })
})

describe("a hand-in shows the work it hands in (issue 17, /community/assignment-detail)", () => {
  it("the shared artwork's own cover may be the post's image, though the server stored it", async () => {
    const painter = await makePerson(server.deps.db, "青山")
    await server.request("POST", "/api/v1/community/circle/join", { id: circleId }, painter.token)
    const work = await makeArtwork(server.deps.db, painter.uid, { cover: "https://cdn.mido.example.com/artwork/qingshan.png" })
    const answer = await server.request("POST", SUBMIT, {
      assignment_id: open, content: "交作业：小邮差", artwork_id: work.id, images: [{ url: work.cover, width: 768, height: 1024 }]
    }, painter.token)
    expect(answer).toMatchObject({ code: 0, data: { artwork_id: work.id, images: [{ url: "https://cdn.mido.example.com/artwork/qingshan.png" }] } })
  })

  it("another user's cover is not accepted beside one's own artwork, and nothing is written", async () => {
    const copier = await makePerson(server.deps.db, "照抄")
    await server.request("POST", "/api/v1/community/circle/join", { id: circleId }, copier.token)
    const mine = await makeArtwork(server.deps.db, copier.uid, { cover: "https://cdn.mido.example.com/artwork/mine.png" })
    const theirs = await makeArtwork(server.deps.db, owner.uid, { cover: "https://cdn.mido.example.com/artwork/theirs.png" })
    const answer = await server.request("POST", SUBMIT, {
      assignment_id: open, content: "交作业", artwork_id: mine.id, images: [{ url: theirs.cover, width: 768, height: 1024 }]
    }, copier.token)
    expect(answer).toMatchObject({ code: 400, msg: "请先上传图片再发布" })
    expect(await server.request("POST", SUBMIT, { assignment_id: open, content: "交作业", artwork_id: theirs.id }, copier.token)).toMatchObject({ code: 404, msg: "作品不存在或不属于你" })
    expect((await server.deps.db.select().from(posts).where(eq(posts.uid, copier.uid)))).toHaveLength(0)
  })
})
