import { Api } from "@mido/core/contract"
import { AdminApi } from "@mido/core/admin"
import { count, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { moderationOutcomes } from "../src/db/schema/moderation.js"
import { beanLedger } from "../src/db/schema/commerce.js"
import { posts, postComments } from "../src/db/schema/community.js"
import { tasks } from "../src/db/schema/tasks.js"
import { users } from "../src/db/schema/users.js"
import { adminAudit } from "../src/db/schema/admin.js"
import { grantRole } from "../src/features/admin/roleGrants.js"
import { TEXT_REFUSED } from "../src/features/moderation/moderationRefusal.js"
import { addWord } from "../src/features/moderation/wordList.js"
import { makeArtwork } from "./communityFixtures.js"
import { auditedBalance, grantBeans, sdTask, submit } from "./generationFixtures.js"
import { startTestServer, type TestServer } from "./testServer.js"
import { testUsers } from "./testUsers.js"

/**
 * Issue 29, moderation: a text holding a word of the operator's list, however it is disguised (MO1–MO5),
 * is refused with a message naming nothing of the list (MO6) before any bean moves or any row is
 * written, and the refusal is recorded for the review queue (MO7). One server for the file.
 */
let server: TestServer
const newUser = testUsers(() => server.deps.db, { phonePrefix: "1370029", nickname: "审核用户", inviteCodePrefix: "MD", nidPrefix: "829" })

/** The operator adds a word: stored, then every process's copy of the list is cleared. */
const listWord = async (word: string) => {
  await server.deps.db.transaction((tx) => addWord(tx, word, 0))
  server.deps.moderationWords.invalidate()
}

const outcomesOf = (uid: number) => server.deps.db.select().from(moderationOutcomes).where(eq(moderationOutcomes.uid, uid))
/** An sd task the offline engine draws (its checkpoint name), small. */
const drawing = (prompt: string, extra: Record<string, unknown> = {}) => sdTask(prompt, { checkpoint: "本地演示·通用", width: 256, height: 192, ...extra })

const ledgerRows = async (uid: number) => (await server.deps.db.select({ n: count() }).from(beanLedger).where(eq(beanLedger.uid, uid)))[0]?.n ?? 0

beforeAll(async () => {
  server = await startTestServer()
  await listWord("违禁词")
})
afterAll(async () => server.stop())

describe("a prompt with a listed word is refused before any bean moves", () => {
  it.each([
    ["the prompt, spaced and dashed", drawing("一只猫，违 禁-词，夕阳")],
    ["the negative prompt, in full-width forms", drawing("一只猫", { negative_prompt: "模糊，违ｰ禁　词" })]
  ])("%s: 400 with the plain message; balance, ledger and tasks unchanged; the outcome recorded", async (_case, body) => {
    const user = await newUser()
    await grantBeans(server, user.uid, 100)
    const before = { balance: await auditedBalance(server, user.uid), ledger: await ledgerRows(user.uid) }
    const answer = await submit(server, user.token, body)
    expect(answer).toMatchObject({ code: 400, msg: TEXT_REFUSED })
    expect(answer.msg).not.toContain("违禁词")
    expect(await auditedBalance(server, user.uid)).toBe(before.balance)
    expect(await ledgerRows(user.uid)).toBe(before.ledger)
    expect(await server.deps.db.select().from(tasks).where(eq(tasks.uid, user.uid))).toHaveLength(0)
    const [outcome] = await outcomesOf(user.uid)
    expect(outcome).toMatchObject({ verdict: "refuse", checker: "wordlist", labels: ["word:违禁词"] })
    expect(["prompt", "negative_prompt"]).toContain(outcome?.place)
  })

  it("a clean prompt is charged as before", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 100)
    expect((await submit(server, user.token, drawing("一只猫，夕阳"))).code).toBe(0)
    expect(await auditedBalance(server, user.uid)).toBeLessThan(100)
  })

  it("a word added later is matched at once (the edit clears the kept list)", async () => {
    const user = await newUser()
    await grantBeans(server, user.uid, 100)
    expect((await submit(server, user.token, drawing("星空下的 Ｎｅｗ Word 城市"))).code).toBe(0)
    await listWord("newword")
    expect(await submit(server, user.token, drawing("星空下的 Ｎｅｗ Word 城市"))).toMatchObject({ code: 400, msg: TEXT_REFUSED })
  })
})

describe("what others read is refused the same way, and nothing is stored", () => {
  it("a post, a comment, a nickname and an assistant message", async () => {
    const user = await newUser()
    const call = (route: { readonly path: string }, body: unknown) => server.request("POST", route.path, body, user.token)
    expect(await call(Api.community.postPublish, { content: "快来看 违*禁*词" })).toMatchObject({ code: 400, msg: TEXT_REFUSED })
    expect(await server.deps.db.select().from(posts).where(eq(posts.uid, user.uid))).toHaveLength(0)

    const post = await call(Api.community.postPublish, { content: "今天画了一只猫" })
    expect(post.code).toBe(0)
    const postId = (post.data as { id: number }).id
    expect(await call(Api.community.postCommentCreate, { post_id: postId, content: "違禁詞 不算，违 禁 词 算" })).toMatchObject({ code: 400, msg: TEXT_REFUSED })
    expect(await server.deps.db.select().from(postComments).where(eq(postComments.uid, user.uid))).toHaveLength(0)

    const nickname = (await server.deps.db.select({ nickname: users.nickname }).from(users).where(eq(users.uid, user.uid)))[0]?.nickname
    expect(await call(Api.user.edit, { nickname: "违禁词本人" })).toMatchObject({ code: 400, msg: TEXT_REFUSED })
    expect((await server.deps.db.select({ nickname: users.nickname }).from(users).where(eq(users.uid, user.uid)))[0]?.nickname).toBe(nickname)

    const conversation = await server.request("POST", "/api/v2/assistant/conversation/create", {}, user.token)
    const conversationId = (conversation.data as { id: number }).id
    expect(await call(Api.assistant.send, { conversation_id: conversationId, text: "帮我画 违禁词", image_urls: [] })).toMatchObject({ code: 400, msg: TEXT_REFUSED })

    const places = (await outcomesOf(user.uid)).map((row) => row.place).sort()
    expect(places).toEqual(["assistant", "comment", "nickname", "post"])
  })

  it("an artwork's title is checked when it is sent to the square; the built-in adapter passes its image", async () => {
    const user = await newUser()
    const artwork = await makeArtwork(server.deps.db, user.uid, { isPublic: false, auditStatus: "draft" })
    const send = (title: string) => server.request("POST", Api.artwork.auditSubmit.path, { artwork_id: artwork.id, title }, user.token)
    expect(await send("我的违禁词")).toMatchObject({ code: 400, msg: TEXT_REFUSED })
    expect(await send("江南烟雨")).toMatchObject({ code: 0, data: { audit_status: "pending" } })
  })
})

describe("审核词库: the operator edits the list from the console", () => {
  const withRole = async (role: "reviewer" | "operator") => {
    const user = await newUser()
    const [row] = await server.deps.db.select({ phone: users.phone }).from(users).where(eq(users.uid, user.uid))
    expect((await grantRole(server.deps.db, row?.phone ?? "", role, new Date())).ok).toBe(true)
    return user
  }

  it("an added word refuses the next prompt at once, with an audit row; a removed one no longer does; a reviewer may not edit", async () => {
    const operator = await withRole("operator")
    const reviewer = await withRole("reviewer")
    const writer = await newUser()
    await grantBeans(server, writer.uid, 100)
    const add = (word: string, token: string) => server.request("POST", AdminApi.moderation.addWord.path, { word }, token)
    expect(await add("龙舟赛", reviewer.token)).toMatchObject({ code: 403 })
    const added = await add(" 龙 舟-赛 ", operator.token)
    expect(added).toMatchObject({ code: 0, data: { word: "龙 舟-赛", form: "龙舟赛" } })
    expect(await add("龙舟赛", operator.token)).toMatchObject({ code: 409, msg: "该词已在词库中" })
    expect(await add("!!!", operator.token)).toMatchObject({ code: 400 })
    expect(await submit(server, writer.token, drawing("端午龙舟赛"))).toMatchObject({ code: 400, msg: TEXT_REFUSED })

    const id = (added.data as { id: number }).id
    const listed = await server.request("GET", AdminApi.moderation.words.path, undefined, operator.token)
    expect((listed.data as { list: Array<{ id: number }> }).list.map((word) => word.id)).toContain(id)
    expect(await server.request("POST", AdminApi.moderation.removeWord.path, { id }, operator.token)).toMatchObject({ code: 0 })
    expect((await submit(server, writer.token, drawing("端午龙舟赛"))).code).toBe(0)

    const audit = await server.deps.db.select().from(adminAudit).where(eq(adminAudit.actorId, operator.uid))
    expect(audit.map((row) => row.action).sort()).toEqual(["moderation.word_add", "moderation.word_remove"])
    const outcomes = await server.request("GET", `${AdminApi.moderation.outcomes.path}?page=1&size=5`, undefined, reviewer.token)
    expect(outcomes).toMatchObject({ code: 0, data: { list: expect.arrayContaining([expect.objectContaining({ uid: writer.uid, verdict: "refuse", checker: "wordlist" })]) } })
  })
})
