import { envelope } from "@mido/core/testing"
import { afterEach, describe, expect, it } from "vitest"
import { startupAnswers, user } from "../../../test/fixtures.js"
import { loggedIn, makeWorld, type World } from "../../../test/world.js"

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const DETAIL = "/api/v1/open/community/circle/detail"
const JOIN = "/api/v1/community/circle/join"
const LEAVE = "/api/v1/community/circle/leave"
const MEMBERS = "/api/v1/open/community/circle/members"
const UPDATE = "/api/v1/community/circle/update"
const ASSIGNMENT = "/api/v1/open/community/assignment/detail"
const SUBMISSIONS = "/api/v1/open/community/assignment/submissions"
const SUBMIT = "/api/v1/community/assignment/submit"

const brief = (uid: number, nickname: string) => ({ uid, nickname, avatar: "", is_vip: false })
const circle = (flags: { is_joined: boolean; is_owner: boolean }, member_count = 3) => ({
  id: 301, name: "国风插画研习社", avatar: "https://cdn.mido.test/c/a.png", cover: "https://cdn.mido.test/c/c.png",
  description: "每周一次主题作业", member_count, post_count: 0, owner: brief(1, "圈主"), created_at: 1767225600, ...flags
})
const post = (id: number) => ({
  id, circle_id: 301, circle_name: "国风插画研习社", assignment_id: 808, author: brief(user.uid, user.nickname), content: "交作业",
  images: [{ url: "https://cdn.mido.test/w.png", width: 768, height: 1024 }], artwork_id: 42, topics: [], like_count: 0, comment_count: 0, collect_count: 0, share_count: 0, is_collected: false,
  is_like: false, is_owner: true, created_at: 1795795200
})
const assignment = { id: 808, circle_id: 301, circle_name: "国风插画研习社", title: "工笔花鸟", description: "画一幅", cover: null,
  author: brief(1, "圈主"), deadline: Math.floor(Date.now() / 1000) + 2 * 86400 + 3 * 3600 + 600, submission_count: 0, is_submitted: false, created_at: 1795795200 }

const open = async (answers: Record<string, (request: { query?: Readonly<Record<string, unknown>>; body?: unknown }) => unknown>, stored: Readonly<Record<string, string>> = loggedIn()) => {
  world = makeWorld({ answers: { ...startupAnswers, ...answers } as never, stored })
  await world.boot()
  return { world, stores: await world.store.circleStores() }
}

describe("the circle pages' stores (issue 17; docs/spec/circle.md)", () => {
  it("CI2 join moves the header's count at once and asks the member list again; leave asks first", async () => {
    let joined = false
    const { world, stores } = await open({
      [DETAIL]: () => envelope(0, circle({ is_joined: joined, is_owner: false })),
      [MEMBERS]: () => envelope(0, { list: joined ? [{ user: brief(user.uid, user.nickname), role: "member", joined_at: 1 }] : [], total: joined ? 1 : 0 }),
      [JOIN]: () => ((joined = true), envelope(0, { is_joined: true, member_count: 4 })),
      [LEAVE]: () => ((joined = false), envelope(0, { is_joined: false, member_count: 3 }))
    })
    const detail = stores.detail
    await detail.open(301)
    expect(detail.action).toBe("join")
    expect(await detail.toggleJoin()).toBe("done")
    expect(detail.circle?.member_count).toBe(4)
    expect(detail.action).toBe("leave")
    await expect.poll(() => detail.members.items.length).toBe(1)

    const leaving = detail.toggleJoin()
    expect(world.store.confirmDialog.request?.message).toBe("确定退出「国风插画研习社」吗？")
    world.store.confirmDialog.answer(true)
    expect(await leaving).toBe("done")
    expect(detail.circle?.member_count).toBe(3)
    expect(world.toasts()).toContain("success:已退出圈子")
  })

  it("CI2 a visitor is asked to log in and nothing is sent; the owner edits instead of leaving", async () => {
    const visitor = await open({ [DETAIL]: () => envelope(0, circle({ is_joined: false, is_owner: false })), [MEMBERS]: () => envelope(0, { list: [], total: 0 }) }, {})
    await visitor.stores.detail.open(301)
    expect(await visitor.stores.detail.toggleJoin()).toBe("login")
    expect(visitor.world.calls(JOIN)).toHaveLength(0)
    await visitor.world.dispose()

    const owner = await open({ [DETAIL]: () => envelope(0, circle({ is_joined: true, is_owner: true })), [MEMBERS]: () => envelope(0, { list: [], total: 0 }) })
    await owner.stores.detail.open(301)
    expect(owner.stores.detail.action).toBe("owner")
    expect(await owner.stores.detail.toggleJoin()).toBe("failed")
    expect(owner.world.calls(LEAVE)).toHaveLength(0)
  })

  it("circle-form: someone else's circle is refused without a form; no cover is CI3's message and nothing is sent", async () => {
    const { world, stores } = await open({ [DETAIL]: () => envelope(0, circle({ is_joined: true, is_owner: false })) })
    await stores.form.open(301)
    expect(stores.form.status).toBe("forbidden")
    expect(await stores.form.save()).toBeNull()
    expect(world.calls(UPDATE)).toHaveLength(0)

    await stores.form.open(null)
    stores.form.setName("水彩")
    expect(await stores.form.save()).toBeNull()
    expect(stores.form.problem).toBe("请上传圈子封面")
    expect(world.toasts()).toEqual([])
  })

  it("circle-form: the server's refusal of an edit shows under the form and as a toast", async () => {
    const { world, stores } = await open({
      [DETAIL]: () => envelope(0, circle({ is_joined: true, is_owner: true })),
      [UPDATE]: () => envelope(403, null, "只有圈主可以编辑圈子")
    })
    await stores.form.open(301)
    expect(stores.form.status).toBe("edit")
    expect(stores.form.values.name).toBe("国风插画研习社")
    expect(await stores.form.save()).toBeNull()
    expect(stores.form.problem).toBe("只有圈主可以编辑圈子")
    expect(world.toasts()).toContain("error:只有圈主可以编辑圈子")
  })

  it("CI1 the countdown, and a hand-in heads the submissions and closes the button", async () => {
    let handedIn = false
    const { stores } = await open({
      [ASSIGNMENT]: () => envelope(0, { ...assignment, is_submitted: handedIn }),
      [SUBMISSIONS]: () => envelope(0, { list: handedIn ? [post(5001)] : [], total: handedIn ? 1 : 0 }),
      [SUBMIT]: () => ((handedIn = true), envelope(0, post(5001)))
    })
    const page = stores.assignment
    await page.open(808)
    expect(page.deadline.text).toBe("剩余 2 天 3 小时")
    expect(page.canSubmit).toBe(true)
    page.pick({ id: 42, cover: "https://cdn.mido.test/w.png", width: 768, height: 1024, title: "花鸟" })
    page.setNote("交作业")
    expect(await page.submit()).toBe(true)
    expect(page.assignment?.submission_count).toBe(1)
    expect(page.canSubmit).toBe(false)
    await expect.poll(() => page.submissions.items.map((item) => item.id)).toEqual([5001])
  })

  it("a -401 (logout) resets them: the form's typed values and the circle seen as a member go", async () => {
    const { world, stores } = await open({
      [DETAIL]: () => envelope(0, circle({ is_joined: false, is_owner: false })),
      [MEMBERS]: () => envelope(0, { list: [], total: 0 }),
      [JOIN]: () => envelope(-401, null, "请先登录")
    })
    stores.form.setName("没保存的圈子")
    await stores.detail.open(301)
    expect(await stores.detail.toggleJoin()).toBe("failed")
    await expect.poll(() => stores.detail.circle).toBeNull()
    expect(stores.form.values.name).toBe("")
    expect(world.store.session.hasToken).toBe(false)
  })
})
