import { StorageKeys } from "@mido/core"
import { envelope } from "@mido/core/testing"
import { afterEach, describe, expect, it, vi } from "vitest"
import { startupAnswers, user } from "../../../test/fixtures.js"
import { loggedIn, makeWorld, settle, type World } from "../../../test/world.js"

let world: World | undefined
afterEach(async () => {
  vi.useRealTimers()
  await world?.dispose()
  world = undefined
})

const PUBLISH = "/api/v1/community/article/publish"
const CIRCLES = "/api/v1/open/community/circle/list"
const DRAFT_KEY = `mido.article-draft.${user.uid}`
const author = { uid: user.uid, nickname: user.nickname, avatar: "", is_vip: false }
const published = (body: Record<string, unknown>) =>
  envelope(0, { id: 9001, title: body.title, cover: null, summary: "", author, circle_id: null, view_count: 0, like_count: 0, created_at: 1795000000, content: body.content, is_like: false, is_owner: true })

const answers = {
  ...startupAnswers,
  [CIRCLES]: () => envelope(0, { list: [], total: 0 }),
  [PUBLISH]: (request: { body?: { kind: string; value?: unknown } }) => published((request.body?.value ?? {}) as Record<string, unknown>)
}

const open = async (stored: Readonly<Record<string, string>> = loggedIn()) => {
  world = makeWorld({ answers, stored })
  await world.boot()
  const editor = (await world.store.articleStores()).editor
  await editor.open()
  return { world, editor }
}

const storedDraft = (fields: Record<string, unknown>) =>
  JSON.stringify({ title: "", cover: "", summary: "", circle_id: null, content: "", saved_at: 1795000000000, ...fields })

describe("ArticleEditorStore: /community/publish-article (docs/spec/article.md)", () => {
  it("AR5 typing is saved as the account's draft once the writer pauses, not at every key", async () => {
    const { world, editor } = await open()
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
    editor.setTitle("我的第一篇")
    editor.setContent("# 开头")
    await vi.advanceTimersByTimeAsync(500)
    expect(world.kv.entries.has(DRAFT_KEY)).toBe(false)
    editor.setContent("# 开头\n\n正文")
    await vi.advanceTimersByTimeAsync(800)
    await settle()
    expect(JSON.parse(world.kv.entries.get(DRAFT_KEY) ?? "{}")).toMatchObject({ title: "我的第一篇", content: "# 开头\n\n正文" })
    expect(editor.savedAt).not.toBeNull()
  })

  it("AR5 a writer whose account is still being read when the page opens (a link with ?token=) gets their typing saved once it is known", async () => {
    const { [StorageKeys.user]: _user, ...tokenOnly } = loggedIn()
    world = makeWorld({ answers, stored: tokenOnly })
    const editor = (await world.store.articleStores()).editor
    // the page opens before the start-up has read the account
    await editor.open()
    await world.boot()
    await settle()
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
    editor.setTitle("链接进来的草稿")
    await vi.advanceTimersByTimeAsync(800)
    await settle()
    expect(JSON.parse(world.kv.entries.get(DRAFT_KEY) ?? "{}")).toMatchObject({ title: "链接进来的草稿" })
    expect(editor.savedText).toContain("草稿已自动保存")
  })

  it("AR5 a draft from before is offered; nothing is saved over it until 恢复草稿, which fills the form", async () => {
    const { world, editor } = await open(loggedIn({ [DRAFT_KEY]: storedDraft({ title: "旧草稿", content: "- 一\n- 二" }) }))
    expect(editor.offeredDraft?.title).toBe("旧草稿")
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
    editor.setTitle("新")
    await vi.advanceTimersByTimeAsync(1000)
    expect(JSON.parse(world.kv.entries.get(DRAFT_KEY) ?? "{}").title).toBe("旧草稿")
    editor.restoreDraft()
    expect(editor.offeredDraft).toBeNull()
    expect(editor.fields).toMatchObject({ title: "旧草稿", content: "- 一\n- 二" })
  })

  it("AR5 丢弃 deletes the offered draft", async () => {
    const { world, editor } = await open(loggedIn({ [DRAFT_KEY]: storedDraft({ title: "旧草稿" }) }))
    await editor.discardDraft()
    expect(editor.offeredDraft).toBeNull()
    expect(editor.fields.title).toBe("")
    expect(world.kv.entries.has(DRAFT_KEY)).toBe(false)
  })

  it("AR5 another account's draft is not offered", async () => {
    const { editor } = await open(loggedIn({ "mido.article-draft.1": storedDraft({ title: "别人的" }) }))
    expect(editor.offeredDraft).toBeNull()
  })

  it("UP1: an image of another type is refused with §5's words and nothing is uploaded", async () => {
    const { world, editor } = await open()
    const blob = new Blob(["GIF89a"], { type: "image/gif" })
    const url = await editor.uploadImage({ name: "a.gif", type: "image/gif", size: blob.size, blob })
    expect(url).toBeUndefined()
    expect(world.toasts()).toContain("error:只能上传 png, jpg, jpeg 格式的图片")
    expect(world.memory.requests.filter((request) => request.url.includes("oss") || request.url.includes("upload"))).toEqual([])
  })

  it("publish without a title shows the schema's words in the form and sends nothing", async () => {
    const { world, editor } = await open()
    editor.setContent("正文")
    expect(await editor.publish()).toBeUndefined()
    expect(editor.problem).toBe("请输入标题")
    expect(world.calls(PUBLISH)).toEqual([])
  })

  it("publish sends the Markdown, gives the new id and forgets the draft", async () => {
    const { world, editor } = await open()
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
    editor.setTitle("标题")
    editor.setContent("## 小标题\n\n[链接](https://example.com)")
    await vi.advanceTimersByTimeAsync(900)
    await settle()
    expect(world.kv.entries.has(DRAFT_KEY)).toBe(true)
    expect(editor.wordCount).toBe(5)
    expect(await editor.publish()).toBe(9001)
    expect(world.calls(PUBLISH)[0]?.body).toEqual({ kind: "json", value: { title: "标题", summary: "", content: "## 小标题\n\n[链接](https://example.com)" } })
    expect(world.kv.entries.has(DRAFT_KEY)).toBe(false)
    expect(editor.fields.title).toBe("")
    expect(world.toasts()).toContain("success:发布成功")
  })

  it("a logout empties the form but leaves the account's draft on the device", async () => {
    const { world, editor } = await open(loggedIn({ [DRAFT_KEY]: storedDraft({ title: "旧草稿" }) }))
    editor.restoreDraft()
    await world.store.session.logout()
    await settle()
    expect(editor.fields.title).toBe("")
    expect(world.kv.entries.has(DRAFT_KEY)).toBe(true)
  })
})
