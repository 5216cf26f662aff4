import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeArtwork, makeUser, type TestUser, withQuery } from "./artworksFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"

let server: TestServer
let alice: TestUser
let bob: TestUser
let works: Array<{ id: number }>
let draft: { id: number }
let bobsWork: { id: number }
let groupId: number

beforeAll(async () => {
  server = await startTestServer()
  const { db } = server.deps
  alice = await makeUser(db, "移入作品集的阿雪")
  bob = await makeUser(db, "旁观的星河")
  works = [await makeArtwork(db, alice.uid), await makeArtwork(db, alice.uid), await makeArtwork(db, alice.uid)]
  draft = await makeArtwork(db, alice.uid, { isPublic: false, auditStatus: "draft" })
  bobsWork = await makeArtwork(db, bob.uid)
  const created = await server.request("POST", "/api/v1/user/create_artwork_group", { name: "移入测试", artwork_ids: [works[0]!.id] }, alice.token)
  groupId = (created.data as { id: number }).id
})
afterAll(() => server.stop())

const add = (body: unknown, token?: string) => server.request("POST", "/api/v1/user/add_artworks_to_group", body, token)
const detailIds = async (token?: string) => {
  const answer = await server.request("GET", withQuery("/api/v1/open/user/get_artwork_group_detail", { id: groupId }), undefined, token)
  return (answer.data as { list: Array<{ id: number }> }).list.map((card) => card.id)
}

describe("POST /api/v1/user/add_artworks_to_group (移入作品集)", () => {
  it("appends own artworks at the end; one already in the group keeps its place and is not counted", async () => {
    const answer = await add({ group_id: groupId, artwork_ids: [works[2]!.id, works[0]!.id, works[1]!.id] }, alice.token)
    expect(answer).toMatchObject({ code: 0, data: { group_id: groupId, added: 2, artwork_count: 3 } })
    expect(await detailIds(alice.token)).toEqual([works[0]!.id, works[2]!.id, works[1]!.id])
  })

  it("the owner's private draft may go in, but others never see it in the group (R11)", async () => {
    expect(await add({ group_id: groupId, artwork_ids: [draft.id] }, alice.token)).toMatchObject({ code: 0, data: { added: 1, artwork_count: 4 } })
    expect(await detailIds(alice.token)).toContain(draft.id)
    expect(await detailIds(bob.token)).not.toContain(draft.id)
  })

  it("another user cannot add to the group, even their own artwork (R11)", async () => {
    expect(await add({ group_id: groupId, artwork_ids: [bobsWork.id] }, bob.token)).toMatchObject({ code: 404, msg: "作品集不存在或已删除" })
    expect(await detailIds(alice.token)).not.toContain(bobsWork.id)
  })

  it("the owner cannot add another user's artwork; nothing is written", async () => {
    expect(await add({ group_id: groupId, artwork_ids: [works[1]!.id, bobsWork.id] }, alice.token)).toMatchObject({ code: 404, msg: "作品不存在或已删除" })
    expect(await detailIds(alice.token)).not.toContain(bobsWork.id)
  })

  it.each([
    ["no artworks", { group_id: 1, artwork_ids: [] }],
    ["no group", { artwork_ids: [1] }],
    ["101 artworks", { group_id: 1, artwork_ids: Array.from({ length: 101 }, (_, index) => index + 1) }],
    ["a server-owned count (R12)", { group_id: 1, artwork_ids: [1], artwork_count: 3 }]
  ])("refuses %s with 400", async (_name, body) => {
    expect((await add(body, alice.token)).code).toBe(400)
  })

  it("-401 without a token", async () => {
    expect((await add({ group_id: groupId, artwork_ids: [works[0]!.id] })).code).toBe(-401)
  })
})

describe("another user's works (personal center 作品 tab)", () => {
  it("get_profile_list by uid shows others only public, approved works; the library is the owner's alone", async () => {
    const feed = await server.request("GET", withQuery("/api/v1/open/artwork/artwork/get_profile_list", { uid: alice.uid }), undefined, bob.token)
    const ids = (feed.data as { list: Array<{ id: number }> }).list.map((card) => card.id)
    expect(ids).toEqual(expect.arrayContaining(works.map((work) => work.id)))
    expect(ids).not.toContain(draft.id)
    const bobsLibrary = await server.request("GET", withQuery("/api/v2/artwork/list", { page: 1, size: 50 }), undefined, bob.token)
    expect((bobsLibrary.data as { list: Array<{ id: number }> }).list.map((item) => item.id)).toEqual([bobsWork.id])
  })
})
