import { envelope } from "@mido/core/testing"
import { afterEach, describe, expect, it, vi } from "vitest"
import { startupAnswers, user } from "../../../test/fixtures.js"
import { card, followUser, group, libraryItem, OTHER_UID, profileOf } from "../../../test/personalFixtures.js"
import { loggedIn, makeWorld, settle, type World } from "../../../test/world.js"

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const PROFILE = "/api/v1/open/user/profile"
const FOLLOW = "/api/v1/user/follow"
const FOLLOW_LIST = "/api/v1/user/follow/list"
const LIBRARY = "/api/v2/artwork/list"
const PUBLIC_WORKS = "/api/v1/open/artwork/artwork/get_profile_list"
const GROUPS = "/api/v1/open/user/get_artwork_group_list"

const bodyOf = (request: { body?: unknown }) => (request.body as { value: unknown }).value

const baseAnswers = (groups: Array<ReturnType<typeof group>> = []) => ({
  ...startupAnswers,
  [PROFILE]: (request: { query?: Readonly<Record<string, unknown>> }) => {
    const uid = Number(request.query?.uid)
    return envelope(0, profileOf(uid, uid === user.uid))
  },
  [LIBRARY]: () => envelope(0, { list: [libraryItem(1, "draft"), libraryItem(2, "approved")], total: 2 }),
  [PUBLIC_WORKS]: () => envelope(0, { list: [card(7), card(8)] }),
  [GROUPS]: () => envelope(0, { list: groups, total: groups.length }),
  [FOLLOW_LIST]: () => envelope(0, { list: [followUser(41, false), followUser(42, true)], total: 2 }),
  "/api/v1/user/create_artwork_group": (request: { body?: unknown }) => {
    const name = (bodyOf(request) as { name: string }).name
    groups.unshift(group(100 + groups.length, name))
    return envelope(0, groups[0])
  },
  "/api/v1/user/update_artwork_group": (request: { body?: unknown }) => {
    const { id, name } = bodyOf(request) as { id: number; name: string }
    const found = groups.find((item) => item.id === id)
    if (found === undefined) throw new Error(`no group ${id}`)
    found.name = name
    return envelope(0, found)
  },
  "/api/v1/user/delete_artwork_group": (request: { body?: unknown }) => {
    const { id } = bodyOf(request) as { id: number }
    groups.splice(groups.findIndex((item) => item.id === id), 1)
    return envelope(0, { success: true })
  },
  "/api/v1/user/add_artworks_to_group": (request: { body?: unknown }) => {
    const { group_id, artwork_ids } = bodyOf(request) as { group_id: number; artwork_ids: Array<number> }
    const found = groups.find((item) => item.id === group_id)!
    found.artwork_count += artwork_ids.length
    return envelope(0, { group_id, added: artwork_ids.length, artwork_count: found.artwork_count })
  }
})

const openStore = async (answers = baseAnswers()) => {
  world = makeWorld({ answers, stored: loggedIn() })
  await world.boot()
  return { ...world, personal: await world.store.personalStore() }
}

describe("PersonalStore: own page and another's", () => {
  it("without an id opens the viewer's own page: every tab, the library's works published or not", async () => {
    const { personal, calls } = await openStore()
    await personal.open(undefined)
    await settle()
    expect(personal.uid).toBe(user.uid)
    expect(personal.isSelf).toBe(true)
    expect(personal.tabs).toEqual(["works", "groups", "likes", "collections", "following", "followers"])
    expect(personal.worksList).toBe(personal.ownWorks)
    expect(personal.ownWorks.items.map((work) => work.id)).toEqual([1, 2])
    expect(calls(PUBLIC_WORKS)).toHaveLength(0)
  })

  it("another user's page shows public works only and hides the tabs they switched off", async () => {
    const { personal, calls } = await openStore()
    await personal.open(OTHER_UID)
    await settle()
    expect(personal.isSelf).toBe(false)
    expect(personal.tabs).toEqual(["works", "groups", "likes", "following", "followers"])
    expect(personal.worksList).toBe(personal.publicWorks)
    expect(personal.publicWorks.items.map((work) => work.id)).toEqual([7, 8])
    expect(calls(PUBLIC_WORKS)[0]?.query).toMatchObject({ uid: String(OTHER_UID) })
    expect(calls(LIBRARY)).toHaveLength(0)
  })

  it("a logged-out visitor without an id gets no page and nothing is asked", async () => {
    world = makeWorld({ answers: baseAnswers() })
    await world.boot()
    const personal = await world.store.personalStore()
    await personal.open(undefined)
    expect(personal.uid).toBe(0)
    expect(world.calls(PROFILE)).toHaveLength(0)
  })

  it("a tab's list loads on first selection with the page's uid; the follow lists send their type", async () => {
    const { personal, calls } = await openStore()
    await personal.open(OTHER_UID)
    personal.selectTab("followers")
    await settle()
    expect(calls(FOLLOW_LIST).map((request) => request.query)).toEqual([expect.objectContaining({ uid: String(OTHER_UID), type: "follower", page: "1" })])
    expect(personal.followers.items).toHaveLength(2)
  })
})

describe("PersonalStore: follow", () => {
  it("follows from the head: state and follower count change only when data.success is true", async () => {
    const answers = { ...baseAnswers(), [FOLLOW]: vi.fn(() => envelope(0, { success: false })) }
    const { personal, toasts } = await openStore(answers)
    await personal.open(OTHER_UID)
    await personal.toggleFollow()
    expect(personal.profile).toMatchObject({ is_follow: false, stat: { follower_count: 9 } })
    expect(toasts()).toContain("error:关注失败，请稍后重试")
    answers[FOLLOW].mockImplementation(() => envelope(0, { success: true }))
    await personal.toggleFollow()
    expect(personal.profile).toMatchObject({ is_follow: true, stat: { follower_count: 10 } })
  })

  it("follows back from the 粉丝 list; a failed call leaves the button as it was", async () => {
    const answers = { ...baseAnswers(), [FOLLOW]: vi.fn(() => envelope(0, { success: true })) }
    const { personal, calls } = await openStore(answers)
    await personal.open(undefined)
    personal.selectTab("followers")
    await settle()
    const fan = personal.followers.items[0]!
    await personal.toggleFollowOf(fan)
    expect(personal.isFollowing(fan)).toBe(true)
    expect(bodyOf(calls(FOLLOW).at(-1)!)).toEqual({ uid: 41, action: "follow" })
    answers[FOLLOW].mockImplementation(() => envelope(500, null, "服务繁忙"))
    await personal.toggleFollowOf(fan)
    expect(personal.isFollowing(fan)).toBe(true)
  })
})

describe("PersonalStore: publish and unpublish own works", () => {
  it("publish sends the title and shows 审核中; unpublish shows 未发布", async () => {
    const answers = {
      ...baseAnswers(),
      "/api/v1/artwork/audit/submit": () => envelope(0, { artwork_id: 1, audit_status: "pending" }),
      "/api/v1/user/profile/artwork/delete": () => envelope(0, { artwork_id: 2, audit_status: "draft" })
    }
    const { personal, calls } = await openStore(answers)
    await personal.open(undefined)
    await settle()
    const [draft, published] = personal.ownWorks.items
    expect(await personal.publish(draft!, "江南")).toBe(true)
    expect(bodyOf(calls("/api/v1/artwork/audit/submit")[0]!)).toMatchObject({ artwork_id: 1, title: "江南" })
    expect(personal.auditStatusOf(draft!)).toBe("pending")
    await personal.unpublish(published!)
    expect(personal.auditStatusOf(published!)).toBe("draft")
  })

  it("an empty title is refused before anything is sent", async () => {
    const { personal, calls, toasts } = await openStore()
    await personal.open(undefined)
    await settle()
    expect(await personal.publish(personal.ownWorks.items[0]!, "  ")).toBe(false)
    expect(calls("/api/v1/artwork/audit/submit")).toHaveLength(0)
    expect(toasts().some((toast) => toast.startsWith("error:"))).toBe(true)
  })
})

describe("PersonalStore: groups (作品集)", () => {
  it("create, rename, move works in, delete after a confirm: the list is the server's after each", async () => {
    const { personal, store } = await openStore(baseAnswers([]))
    await personal.open(undefined)
    personal.selectTab("groups")
    await settle()
    expect(personal.groups.list.isEmpty).toBe(true)
    expect(await personal.groups.create("国风山水")).toBe(true)
    expect(personal.groups.list.items.map((item) => item.name)).toEqual(["国风山水"])
    const created = personal.groups.list.items[0]!
    expect(await personal.groups.rename(created, "山水第二季")).toBe(true)
    expect(personal.groups.list.items[0]?.name).toBe("山水第二季")
    expect(await personal.groups.addWorks(created, [1, 2])).toBe(true)
    expect(personal.groups.list.items[0]?.artwork_count).toBe(2)
    const refusing = personal.groups.remove(personal.groups.list.items[0]!)
    await vi.waitFor(() => expect(store.confirmDialog.request?.message).toContain("山水第二季"))
    store.confirmDialog.answer(false)
    expect(await refusing).toBe(false)
    expect(personal.groups.list.items).toHaveLength(1)
    const removing = personal.groups.remove(personal.groups.list.items[0]!)
    await vi.waitFor(() => expect(store.confirmDialog.request).not.toBeNull())
    store.confirmDialog.answer(true)
    expect(await removing).toBe(true)
    expect(personal.groups.list.isEmpty).toBe(true)
  })

  it("a blank or too long name is refused with the schema's message, nothing sent", async () => {
    const { personal, calls, toasts } = await openStore(baseAnswers([]))
    await personal.open(undefined)
    expect(await personal.groups.create("   ")).toBe(false)
    expect(await personal.groups.create("名".repeat(21))).toBe(false)
    expect(calls("/api/v1/user/create_artwork_group")).toHaveLength(0)
    expect(toasts().filter((toast) => toast.startsWith("error:"))).toHaveLength(2)
  })

  it("a logout forgets the page and its lists (R9)", async () => {
    const { personal, store } = await openStore()
    await personal.open(undefined)
    await settle()
    await store.session.logout()
    expect(personal.uid).toBe(0)
    expect(personal.profile).toBeNull()
    expect(personal.ownWorks.items).toHaveLength(0)
  })
})

describe("PersonalStore: 编辑资料 edits the 个人简介 (PB1–PB2)", () => {
  const EDIT = "/api/v1/user/edit"
  const answers = () => ({
    ...baseAnswers(),
    [EDIT]: (request: { body?: unknown }) => envelope(0, { ...user, ...(bodyOf(request) as object) })
  })

  it("counts as the reader sees it, sends the normalized bio only when it changed, and the profile shows what was saved", async () => {
    const { personal, calls, toasts } = await openStore(answers())
    await personal.open(undefined)
    await settle()
    const editor = personal.editor
    editor.open({ nickname: user.nickname, avatar: user.avatar, bio: "" })
    editor.setBio("  只画猫 🐱\n\n\n水彩  ")
    expect([editor.bioCounter, editor.bioError, editor.changed]).toEqual(["8/100", "", true])
    expect(await editor.save()).toBe(true)
    expect(calls(EDIT).map(bodyOf)).toEqual([{ bio: "只画猫 🐱\n水彩" }])
    expect(personal.profile?.bio).toBe("只画猫 🐱\n水彩")
    expect(toasts()).toContain("success:资料已保存")
  })

  it("a bio past the limits shows why and is not sent", async () => {
    const { personal, calls, toasts } = await openStore(answers())
    await personal.open(undefined)
    await settle()
    const editor = personal.editor
    editor.open({ nickname: user.nickname, avatar: user.avatar, bio: "" })
    editor.setBio("猫".repeat(101))
    expect([editor.bioCounter, editor.bioError]).toEqual(["101/100", "个人简介不能超过 100 个字"])
    expect(await editor.save()).toBe(false)
    editor.setBio("一\n二\n三\n四")
    expect(editor.bioError).toBe("个人简介最多 3 行")
    expect(calls(EDIT)).toHaveLength(0)
    expect(toasts()).toContain("error:个人简介不能超过 100 个字")
    expect(editor.isOpen).toBe(true)
  })
})
