import { Api } from "@mido/core/contract"
import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { circles } from "../src/db/schema/community.js"
import { callAsWebApp, makePerson, makeUpload, type Person, withQuery } from "./communityFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

let server: TestServer
let owner: Person
let other: Person
let avatar: string
let cover: string
let circleId: number

const CREATE = "/api/v1/community/circle/create"
const UPDATE = "/api/v1/community/circle/update"
const JOIN = "/api/v1/community/circle/join"
const LEAVE = "/api/v1/community/circle/leave"
const LIST = "/api/v1/open/community/circle/list"
const DETAIL = "/api/v1/open/community/circle/detail"
const MEMBERS = "/api/v1/open/community/circle/members"

beforeAll(async () => {
  server = await startTestServer()
  owner = await makePerson(server.deps.db, "画画的阿雪")
  other = await makePerson(server.deps.db, "墨池")
  avatar = await makeUpload(server, owner.uid)
  cover = await makeUpload(server, owner.uid)
})
afterAll(() => server.stop())

const form = (name: string) => ({ name, avatar, cover, description: "分享国风、水墨、工笔风格的 AI 插画。\n每周一次主题作业。" })

describe("circle create (R12, R16)", () => {
  it("creates a circle: the creator owns it and is its first member; the text stays text", async () => {
    const answer = await server.request("POST", CREATE, form("国风插画研究所"), owner.token)
    expect(answer).toMatchObject({
      code: 0,
      data: { name: "国风插画研究所", member_count: 1, post_count: 0, is_joined: true, is_owner: true, owner: { uid: owner.uid, nickname: "画画的阿雪" } }
    })
    const data = answer.data as { id: number; description: string }
    expect(data.description).toBe("分享国风、水墨、工笔风格的 AI 插画。\n每周一次主题作业。")
    circleId = data.id
  })

  it("-401 without a token", async () => {
    expect(await server.request("POST", CREATE, form("无名圈"))).toMatchObject({ code: -401 })
  })

  it.each([
    ["a server-owned count (R12)", { ...form("圈A"), member_count: 9999 }],
    ["a server-owned owner (R12)", { ...form("圈B"), owner_uid: 1 }],
    ["an empty name", { ...form(" ") }],
    ["a too-long name", { ...form("长".repeat(21)) }],
    ["a javascript: avatar", { ...form("圈C"), avatar: "javascript:alert(1)" }]
  ])("refuses %s and writes nothing", async (_name, body) => {
    const answer = await server.request("POST", CREATE, body, owner.token)
    expect(answer.code).toBe(400)
    expect(answer.msg).toMatch(/[\u4e00-\u9fff]/)
    expect(await server.deps.db.select().from(circles)).toHaveLength(1)
  })

  it("refuses a foreign image address and another user's upload", async () => {
    const foreign = await server.request("POST", CREATE, { ...form("外链圈"), cover: "https://evil.example.com/x.png" }, owner.token)
    expect(foreign).toMatchObject({ code: 400, msg: "请先上传圈子头像和封面" })
    const theirs = await makeUpload(server, other.uid)
    expect(await server.request("POST", CREATE, { ...form("盗图圈"), avatar: theirs }, owner.token)).toMatchObject({ code: 400 })
    expect(await server.deps.db.select().from(circles)).toHaveLength(1)
  })

  it("a taken name is a conflict", async () => {
    const mine = { ...form("国风插画研究所"), avatar: await makeUpload(server, other.uid), cover: await makeUpload(server, other.uid) }
    expect(await server.request("POST", CREATE, mine, other.token)).toMatchObject({ code: 409, msg: "圈子名称已被使用，换一个吧" })
  })
})

describe("circle update: owner only (R11)", () => {
  it("the owner saves the form again; unchanged images may stay", async () => {
    const answer = await server.request("POST", UPDATE, { id: circleId, ...form("国风插画研究所"), description: "新的简介" }, owner.token)
    expect(answer).toMatchObject({ code: 0, data: { id: circleId, description: "新的简介" } })
  })

  it("another user is refused and the circle is unchanged", async () => {
    const theirs = { avatar: await makeUpload(server, other.uid), cover: await makeUpload(server, other.uid) }
    const answer = await server.request("POST", UPDATE, { id: circleId, ...form("被改了"), ...theirs }, other.token)
    expect(answer).toMatchObject({ code: 403, msg: "只有圈主可以编辑圈子" })
    const [row] = await server.deps.db.select().from(circles).where(eq(circles.id, circleId))
    expect(row).toMatchObject({ name: "国风插画研究所", description: "新的简介", ownerUid: owner.uid })
  })

  it("404 for a missing circle, -401 without a token, 400 for extra fields", async () => {
    expect(await server.request("POST", UPDATE, { id: 999_999, ...form("x") }, owner.token)).toMatchObject({ code: 404 })
    expect(await server.request("POST", UPDATE, { id: circleId, ...form("x") })).toMatchObject({ code: -401 })
    expect(await server.request("POST", UPDATE, { id: circleId, ...form("x"), post_count: 1 }, owner.token)).toMatchObject({ code: 400 })
  })
})

describe("join, leave, members", () => {
  it("joining twice is idempotent", async () => {
    expect(await server.request("POST", JOIN, { id: circleId }, other.token)).toMatchObject({ code: 0, data: { is_joined: true, member_count: 2 } })
    expect(await server.request("POST", JOIN, { id: circleId }, other.token)).toMatchObject({ code: 0, data: { is_joined: true, member_count: 2 } })
    expect(await server.request("GET", withQuery(DETAIL, { id: circleId }), undefined, other.token))
      .toMatchObject({ code: 0, data: { is_joined: true, is_owner: false, member_count: 2 } })
  })

  it("lists members, owner first, with a role filter", async () => {
    const all = await server.request("GET", withQuery(MEMBERS, { id: circleId }))
    expect(all).toMatchObject({ code: 0, data: { total: 2, list: [{ user: { uid: owner.uid }, role: "owner" }, { user: { uid: other.uid }, role: "member" }] } })
    expect(await server.request("GET", withQuery(MEMBERS, { id: circleId, role: "owner" }))).toMatchObject({ data: { total: 1 } })
    expect(await server.request("GET", withQuery(MEMBERS, { id: circleId, role: "boss" }))).toMatchObject({ code: 400 })
    expect(await server.request("GET", withQuery(MEMBERS, { id: 999_999 }))).toMatchObject({ code: 404 })
  })

  it("the owner cannot leave; a member leaves, twice is idempotent", async () => {
    expect(await server.request("POST", LEAVE, { id: circleId }, owner.token)).toMatchObject({ code: 403, msg: "圈主不能退出自己的圈子" })
    expect(await server.request("POST", LEAVE, { id: circleId }, other.token)).toMatchObject({ code: 0, data: { is_joined: false, member_count: 1 } })
    expect(await server.request("POST", LEAVE, { id: circleId }, other.token)).toMatchObject({ code: 0, data: { is_joined: false, member_count: 1 } })
  })

  it("join and leave: -401, 404, bad id", async () => {
    expect(await server.request("POST", JOIN, { id: circleId })).toMatchObject({ code: -401 })
    expect(await server.request("POST", LEAVE, { id: circleId })).toMatchObject({ code: -401 })
    expect(await server.request("POST", JOIN, { id: 999_999 }, other.token)).toMatchObject({ code: 404 })
    expect(await server.request("POST", LEAVE, { id: 999_999 }, other.token)).toMatchObject({ code: 404 })
    expect(await server.request("POST", JOIN, { id: "abc" }, other.token)).toMatchObject({ code: 400 })
  })
})

describe("circle list and detail", () => {
  beforeAll(async () => {
    const second = { name: "赛博朋克视觉", avatar: await makeUpload(server, other.uid), cover: await makeUpload(server, other.uid), description: "" }
    expect(await server.request("POST", CREATE, second, other.token)).toMatchObject({ code: 0 })
    await server.request("POST", JOIN, { id: circleId }, other.token)
  })

  it("lists every circle, most members first; a keyword searches names literally", async () => {
    const all = await server.request("GET", withQuery(LIST, {}))
    expect(all).toMatchObject({ code: 0, data: { total: 2, list: [{ name: "国风插画研究所", member_count: 2, is_joined: false }, { name: "赛博朋克视觉" }] } })
    expect(await server.request("GET", withQuery(LIST, { keyword: "赛博" }))).toMatchObject({ data: { total: 1, list: [{ name: "赛博朋克视觉" }] } })
    expect(await server.request("GET", withQuery(LIST, { keyword: "%" }))).toMatchObject({ data: { total: 0 } })
  })

  it("joined and owned need a token and answer the viewer's circles", async () => {
    expect(await server.request("GET", withQuery(LIST, { scope: "joined" }))).toMatchObject({ code: -401 })
    expect(await server.request("GET", withQuery(LIST, { scope: "owned" }), undefined, owner.token))
      .toMatchObject({ data: { total: 1, list: [{ name: "国风插画研究所", is_owner: true }] } })
    expect(await server.request("GET", withQuery(LIST, { scope: "joined" }), undefined, other.token)).toMatchObject({ data: { total: 2 } })
  })

  it("refuses bad paging and unknown query fields (R12)", async () => {
    expect(await server.request("GET", withQuery(LIST, { size: 500 }))).toMatchObject({ code: 400 })
    expect(await server.request("GET", withQuery(LIST, { scope: "mine" }))).toMatchObject({ code: 400 })
    expect(await server.request("GET", withQuery(LIST, { owner_uid: owner.uid }))).toMatchObject({ code: 400 })
  })

  it("detail decodes with the web app's own client; 404 for a missing circle; visitors see false flags", async () => {
    const result = await callAsWebApp(server, owner.token, Api.community.circleDetail, { id: circleId })
    expect(result._tag).toBe("Right")
    if (result._tag === "Right") expect(result.right).toMatchObject({ id: circleId, is_owner: true, is_joined: true })
    expect(await server.request("GET", withQuery(DETAIL, { id: circleId }))).toMatchObject({ data: { is_owner: false, is_joined: false } })
    expect(await server.request("GET", withQuery(DETAIL, { id: 999_999 }))).toMatchObject({ code: 404 })
    expect(await server.request("GET", withQuery(DETAIL, { id: "x" }))).toMatchObject({ code: 400 })
  })
})
