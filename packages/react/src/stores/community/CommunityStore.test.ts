import { envelope } from "@mido/core/testing"
import { afterEach, describe, expect, it, vi } from "vitest"
import { startupAnswers } from "../../../test/fixtures.js"
import { loggedIn, makeWorld, settle, type World } from "../../../test/world.js"

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const LIST = "/api/v1/open/community/post/list"
const DETAIL = "/api/v1/open/community/post/detail"
const COMMENTS = "/api/v1/open/community/post/comment_list"
const COMMENT = "/api/v1/community/post/comment_create"
const PUBLISH = "/api/v1/community/post/publish"
const SHARE = "/api/v1/open/community/post/share"

const author = { uid: 20233, nickname: "墨池", avatar: "", is_vip: false }
const post = (id: number, extra: Record<string, unknown> = {}) => ({
  id, circle_id: null, circle_name: null, assignment_id: null, author, content: `帖子 ${id}`, images: [], artwork_id: null, topics: [],
  like_count: 1, comment_count: 1, collect_count: 0, share_count: 2, is_like: false, is_collected: false, is_owner: false, created_at: 1795340400, ...extra
})
const root = { id: 5001, post_id: 7, author, content: "好看", is_owner: false, created_at: 1795341000, reply_count: 0, replies: [] }

const answers = {
  ...startupAnswers,
  [LIST]: (request: { query?: Readonly<Record<string, unknown>> }) =>
    envelope(0, request.query?.cursor === undefined ? { list: [post(3), post(2)], next_cursor: "n2" } : { list: [post(1)] }),
  [DETAIL]: () => envelope(0, post(7)),
  "/api/v1/open/user/profile": () => envelope(0, { uid: 20233, nickname: "墨池", avatar: "", bio: "", is_vip: false, vip_level: 0, stat: { artwork_count: 1, artwork_like_count: 0, artwork_view_count: 0, followee_count: 0, follower_count: 5 }, is_follow: false, is_self: false, setting: { show_likes: true, show_collections: true, show_groups: true, show_follows: true } }),
  [COMMENTS]: () => envelope(0, { list: [root], total: 1 }),
  [COMMENT]: () => envelope(0, { comment: { id: 5002, root_id: 5001, author, reply_to: author, content: "@墨池 同感", is_owner: true, created_at: 1795342000 }, comment_count: 2 }),
  [SHARE]: () => envelope(0, { share_count: 3 }),
  [PUBLISH]: () => envelope(0, { ...post(9, { is_owner: true }), reward: 50 })
}

const open = async (stored: Readonly<Record<string, string>> = loggedIn(), host = {}) => {
  world = makeWorld({ answers, stored, host })
  await world.boot()
  return { world, community: await world.store.communityStore() }
}

describe("CommunityFeedStore (/community)", () => {
  it("pages the feed by the server's cursor on the 推荐 tab, then 最新 starts over with feed=new", async () => {
    const { world, community } = await open()
    await community.feed.list.start()
    await community.feed.list.loadMore()
    expect(community.feed.posts.map((item) => item.id)).toEqual([3, 2, 1])
    expect(world.calls(LIST).map((call) => [call.query?.feed, call.query?.cursor])).toEqual([["recommend", undefined], ["recommend", "n2"]])
    expect(community.feed.selectTab("new")).toBe("done")
    await settle()
    expect(world.calls(LIST).at(-1)?.query).toMatchObject({ feed: "new" })
  })

  it("关注 asks a visitor to log in and sends nothing; a like too", async () => {
    const { world, community } = await open({})
    await community.feed.list.start()
    const sent = world.calls(LIST).length
    expect(community.feed.selectTab("follow")).toBe("login")
    expect(community.feed.tab).toBe("recommend")
    expect(await community.feed.toggleLike(community.feed.posts[0]!)).toBe("login")
    expect(world.calls(LIST)).toHaveLength(sent)
    expect(world.calls("/api/v1/community/post/like")).toHaveLength(0)
  })
})

describe("PostDetailStore (/community-detail/{id})", () => {
  it("a reply goes under its root at once with the server's count, and the box starts with @昵称", async () => {
    const { world, community } = await open()
    const { detail } = community
    await detail.open(7)
    await settle()
    expect(detail.author?.stat.follower_count).toBe(5)
    expect(detail.replyToComment({ id: 5001, nickname: "墨池" })).toBe("done")
    expect(detail.draft).toBe("@墨池 ")
    detail.setDraft("@墨池 同感")
    expect(await detail.sendComment()).toBe("done")
    expect(world.calls(COMMENT)[0]?.body).toMatchObject({ kind: "json", value: { post_id: 7, content: "@墨池 同感", reply_id: 5001 } })
    expect(detail.shownComments[0]?.replies.map((reply) => reply.id)).toEqual([5002])
    expect(detail.post?.comment_count).toBe(2)
    expect(detail.draft).toBe("")
    expect(world.toasts()).toContain("success:评论成功")
  })

  it("分享 copies the post's address, then counts it; the viewer steps round and zooms", async () => {
    const writeText = vi.fn(() => Promise.resolve())
    const { world, community } = await open(loggedIn(), { clipboard: { supported: true, writeText } })
    const { detail } = community
    await detail.open(7)
    await detail.share("https://mido.example.com")
    expect(writeText).toHaveBeenCalledWith("https://mido.example.com/community-detail/7")
    expect(world.calls(SHARE)).toHaveLength(1)
    expect(detail.post?.share_count).toBe(3)
  })

  it("a visitor's comment, like, collect, follow and report ask for a login", async () => {
    const { world, community } = await open({})
    const { detail } = community
    await detail.open(7)
    detail.setDraft("你好")
    expect([await detail.sendComment(), await detail.toggleLike(), await detail.toggleCollect(), await detail.toggleFollow(), detail.openReport()])
      .toEqual(["login", "login", "login", "login", "login"])
    expect(world.calls(COMMENT)).toHaveLength(0)
  })
})

describe("PostComposerStore (/community/publish)", () => {
  it("the reward of the answer is in the toast, the balance is asked again and the feed shows the post first", async () => {
    const { world, community } = await open()
    const { composer, feed } = community
    await feed.list.start()
    const balanceCalls = world.calls("/api/v1/user/points").length
    composer.setContent("今天的练习")
    composer.setTopic("#国风 #")
    const published = await composer.publish()
    expect(published?.id).toBe(9)
    expect(world.calls(PUBLISH)[0]?.body).toMatchObject({ kind: "json", value: { content: "今天的练习", images: [], topics: ["国风"] } })
    expect(world.toasts()).toContain("success:发布成功，获得 50 米豆奖励")
    await settle()
    expect(world.calls("/api/v1/user/points").length).toBe(balanceCalls + 1)
    expect(feed.posts[0]?.id).toBe(9)
    expect(composer.content).toBe("")
  })

  it("no reward: just 发布成功", async () => {
    const { world, community } = await open()
    world.server[PUBLISH] = () => envelope(0, { ...post(10, { is_owner: true }), reward: 0 })
    community.composer.setContent("第三帖")
    await community.composer.publish()
    expect(world.toasts()).toContain("success:发布成功")
  })

  it.each([
    ["a gif (UP1)", [{ name: "a.gif", type: "image/gif", size: 10 }], "warning:只能上传 png, jpg, jpeg 格式的图片"],
    ["ten images (UP3)", Array.from({ length: 10 }, (_, index) => ({ name: `${index}.png`, type: "image/png", size: 10 })), "warning:最多上传 9 张图片"],
    ["over 15 MB (UP2)", [{ name: "big.png", type: "image/png", size: 16 * 1024 * 1024 }], "warning:文件大小不能超过 15 MB"]
  ])("spec §5 refuses %s before anything is sent", async (_name, files, toast) => {
    const { world, community } = await open()
    await community.composer.addFiles(files.map((file) => ({ ...file, blob: new Blob([]) })))
    expect(world.toasts()).toContain(toast)
    expect(community.composer.images).toHaveLength(0)
    expect(world.calls("/api/v1/base/oss_token")).toHaveLength(0)
  })

  it("moves an image with the arrows (to = from ± 1) and removes one", async () => {
    const { community } = await open()
    const { composer } = community
    composer.images = [1, 2, 3].map((id) => ({ id, name: `${id}.png`, status: "done", percent: 100, url: `https://x/${id}.png`, width: 1, height: 1 }))
    composer.move(2, 1)
    expect(composer.images.map((image) => image.id)).toEqual([1, 3, 2])
    composer.move(0, -1)
    composer.remove(3)
    expect(composer.images.map((image) => image.id)).toEqual([1, 2])
  })
})
