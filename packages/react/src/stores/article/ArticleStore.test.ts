import { envelope } from "@mido/core/testing"
import { afterEach, describe, expect, it } from "vitest"
import { startupAnswers, user } from "../../../test/fixtures.js"
import { profileOf } from "../../../test/personalFixtures.js"
import { loggedIn, makeWorld, type World } from "../../../test/world.js"

let world: World | undefined
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const DETAIL = "/api/v1/open/community/article/detail"
const PROFILE = "/api/v1/open/user/profile"
const FOLLOW = "/api/v1/user/follow"
const AUTHOR = 30002

const article = (id: number, uid = AUTHOR) => ({
  id, title: "国风人像", cover: null, summary: "", author: { uid, nickname: "画画的阿雪", avatar: "", is_vip: false }, circle_id: null,
  view_count: 3, like_count: 2, created_at: 1795000000, content: "## 一\n\n[坏](javascript:alert(1))", is_like: false, is_owner: uid === user.uid
})

const answers = {
  ...startupAnswers,
  [DETAIL]: (request: { query?: Readonly<Record<string, unknown>> }) =>
    request.query?.id === "404" ? envelope(404, null, "文章不存在或已删除") : envelope(0, article(Number(request.query?.id), request.query?.id === "2" ? user.uid : AUTHOR)),
  [PROFILE]: () => envelope(0, profileOf(AUTHOR, false, { is_follow: false })),
  [FOLLOW]: () => envelope(0, { success: true })
}

const open = async (stored: Readonly<Record<string, string>> = loggedIn()) => {
  world = makeWorld({ answers, stored })
  await world.boot()
  return { world, articles: (await world.store.articleStores()).article }
}

describe("ArticleStore: /article-detail/{id} (docs/spec/article.md)", () => {
  it("loads the article, its date in China time and whether I follow its author", async () => {
    const { articles } = await open()
    await articles.load(1)
    expect(articles.status).toBe("ready")
    expect(articles.article?.title).toBe("国风人像")
    expect(articles.dateText).toBe("2026-11-18 19:06")
    expect(articles.following).toBe(false)
    expect(articles.canFollow).toBe(true)
  })

  it("an article that is not there shows the server's words", async () => {
    const { articles } = await open()
    await articles.load(404)
    expect(articles.status).toBe("missing")
    expect(articles.problem).toBe("文章不存在或已删除")
  })

  it("AR1, AR2: the body's links and images go through the safe-link rule", async () => {
    const { articles } = await open()
    expect(articles.linkHref("javascript:alert(1)")).toBeUndefined()
    expect(articles.linkHref("https://example.com/a")).toBe("https://example.com/a")
    expect(articles.imageSrc("x")).toBeUndefined()
  })

  it("follows the author when the server did it; my own article has no follow button", async () => {
    const { world, articles } = await open()
    await articles.load(1)
    expect(await articles.toggleFollow()).toBe("done")
    expect(articles.following).toBe(true)
    expect(world.calls(FOLLOW)[0]?.body).toMatchObject({ kind: "json", value: { uid: AUTHOR } })
    await articles.load(2)
    expect(articles.canFollow).toBe(false)
  })

  it("a visitor is asked to log in and nothing is sent", async () => {
    const { world, articles } = await open({})
    await articles.load(1)
    expect(articles.following).toBeNull()
    expect(await articles.toggleFollow()).toBe("login")
    expect(world.calls(FOLLOW)).toEqual([])
    expect(world.calls(PROFILE)).toEqual([])
  })
})
