import { readFileSync } from "node:fs"
import { request as httpRequest } from "node:http"
import { Api, allRoutes } from "@mido/core/contract"
import { routeExamples } from "@mido/core/testing"
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { jsonLog } from "../src/platform/log.js"
import { BODY_LIMIT_BYTES } from "../src/platform/bodyLimit.js"
import { MAX_INPUT_DEPTH } from "../src/platform/requestInput.js"
import { FORM_LIMIT_BYTES } from "../src/features/files/storageHandlers.js"
import type { RunningServer } from "../src/server.js"
import { makeUser, type TestUser } from "./artworksFixtures.js"
import { dbFingerprint } from "./dbFingerprint.js"
import { solidPng } from "./filesFixtures.js"
import { startServerWith, testConfig } from "./testServer.js"

// Issue 18, "Bad input that still gets HTTP 500" (R12, R38): each defect found by attacking the server
// from outside, replayed over plain HTTP.

let server: RunningServer
let alice: TestUser
const logLines: Array<string> = []

beforeAll(async () => {
  server = await startServerWith(testConfig(), jsonLog((line) => logLines.push(line)))
  alice = await makeUser(server.deps.db, "坏输入阿雪", { bio: "原来的签名" })
})
afterAll(() => server.stop())
beforeEach(() => {
  logLines.length = 0
})

interface Answer {
  readonly status: number
  readonly text: string
  readonly envelope: { code: number; msg: string; data: unknown }
}

const answerOf = async (response: Response): Promise<Answer> => {
  const text = await response.text()
  return { status: response.status, text, envelope: JSON.parse(text) as Answer["envelope"] }
}

const postText = async (path: string, body: string, token: string | undefined = alice.token) =>
  answerOf(
    await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", source: "PC", ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      body
    })
  )

const getPath = async (pathAndQuery: string) => answerOf(await fetch(`${server.url}${pathAndQuery}`, { headers: { source: "PC", authorization: `Bearer ${alice.token}` } }))

/** A clean refusal: not a server error, the envelope's code, a short Chinese msg. */
const expectRefusal = (answer: Answer, code: number, msg: string | RegExp) => {
  expect(answer.status).toBeLessThan(500)
  expect(answer.envelope).toMatchObject({ code, data: null })
  expect(answer.envelope.msg).toMatch(msg)
  expect(answer.envelope.msg.length).toBeLessThanOrEqual(60)
}

const exampleOf = (name: string): Record<string, unknown> => {
  const [group, short] = name.split(".") as [keyof typeof routeExamples, string]
  return (routeExamples[group] as Record<string, { input: Record<string, unknown> }>)[short]!.input
}

const jsonPosts = allRoutes.filter((route) => route.method === "POST" && route.encoding === "json")
/** About 6 KB: three thousand arrays inside one another. */
const deep = `${"[".repeat(3000)}${"]".repeat(3000)}`

describe("a JSON body nested thousands of levels deep", () => {
  it.each(jsonPosts.map((route) => [route.name, route] as const))("%s: 400 请求内容嵌套过深, as the body and as a field", async (_name, route) => {
    expectRefusal(await postText(route.path, deep), 400, "请求内容嵌套过深")
    const [field = "x"] = Object.keys(exampleOf(route.name))
    expectRefusal(await postText(route.path, `{${JSON.stringify(field)}:${deep}}`), 400, "请求内容嵌套过深")
  })

  it("a route for visitors answers the same without a login", async () => {
    expectRefusal(await postText(Api.login.login.path, deep, undefined), 400, "请求内容嵌套过深")
  })
})

describe("U+0000 or an unpaired surrogate in any text: 400, nothing written", () => {
  const bodies: ReadonlyArray<readonly [string, string, Record<string, unknown>]> = [
    ["nickname", Api.user.edit.path, { nickname: "阿雪\u0000" }],
    ["bio", Api.user.edit.path, { bio: "签名\u0000隐藏" }],
    ["group name", Api.artwork.createGroup.path, { name: "国风\u0000" }],
    ["group description", Api.artwork.createGroup.path, { name: "国风", description: "\u0000" }],
    ["post text", Api.community.postPublish.path, { ...exampleOf("community.postPublish"), content: "今天画了一张\u0000" }],
    ["post topic", Api.community.postPublish.path, { ...exampleOf("community.postPublish"), topics: ["国风\u0000"] }],
    ["article title", Api.community.articlePublish.path, { ...exampleOf("community.articlePublish"), title: "标题\u0000" }],
    ["article body", Api.community.articlePublish.path, { ...exampleOf("community.articlePublish"), content: "## 正文\u0000" }],
    ["circle name", Api.community.circleCreate.path, { ...exampleOf("community.circleCreate"), name: "圈子\u0000" }],
    ["file name", Api.file.fileCreate.path, { ...exampleOf("file.fileCreate"), name: "图\u0000.png" }],
    ["multipart file name", Api.file.multipartInit.path, { ...exampleOf("file.multipartInit"), file_name: "长卷\u0000.png" }],
    ["assistant message", Api.assistant.send.path, { ...exampleOf("assistant.send"), text: "画一只猫\u0000" }],
    ["a key", Api.user.edit.path, { "nick\u0000name": "阿雪" }],
    ["nickname, unpaired high surrogate", Api.user.edit.path, { nickname: "阿雪\ud800" }],
    ["bio, unpaired low surrogate", Api.user.edit.path, { bio: "\udc00签名" }]
  ]

  it.each(bodies)("%s", async (_name, path, body) => {
    const before = await dbFingerprint(server.deps.db)
    expectRefusal(await postText(path, JSON.stringify(body)), 400, /含有无效字符$/)
    expect(await dbFingerprint(server.deps.db)).toBe(before)
  })

  const queries: ReadonlyArray<readonly [string, string]> = [
    ["library search", `${Api.artwork.libraryList.path}?q=%E9%9B%AA%00`],
    ["circle search", `${Api.community.circleList.path}?keyword=%00`],
    ["task history search", `${Api.generation.list.path}?q=a%00b`],
    ["a query name", `${Api.artwork.libraryList.path}?q%00=1`]
  ]
  it.each(queries)("%s (query)", async (_name, pathAndQuery) => {
    expectRefusal(await getPath(pathAndQuery), 400, /含有无效字符$/)
  })

  it("a query whose %-escapes are not UTF-8 (an encoded lone surrogate) is refused, not searched for as text", async () => {
    expectRefusal(await getPath(`${Api.artwork.libraryList.path}?q=%ED%A0%80`), 400, "请求参数编码无效")
    expectRefusal(await getPath(`${Api.community.circleList.path}?keyword=%E9%9B`), 400, "请求参数编码无效")
  })

  it("an uploaded file's name with U+0000 (multipart)", async () => {
    const before = await dbFingerprint(server.deps.db)
    const form = new FormData()
    form.set("file", new File([(await solidPng(8, 8)) as Uint8Array<ArrayBuffer>], "画\u0000.png", { type: "image/png" }))
    const answer = await answerOf(await fetch(`${server.url}${Api.file.upload.path}`, { method: "POST", headers: { authorization: `Bearer ${alice.token}` }, body: form }))
    expectRefusal(answer, 400, /含有无效字符$/)
    expect(await dbFingerprint(server.deps.db)).toBe(before)
  })

  it("the profile is unchanged and still reads", async () => {
    const info = await getPath(Api.user.info.path)
    expect(info.envelope).toMatchObject({ code: 0, data: { bio: "原来的签名" } })
  })
})

describe("decode errors: a short Chinese sentence naming the field, no echo, no schema text", () => {
  const huge = "x".repeat(100_000)
  const cases: ReadonlyArray<readonly [string, string, unknown, string]> = [
    ["a 100 KB text where a number goes", Api.user.follow.path, { uid: huge }, "参数 uid 格式不正确"],
    ["a missing field", Api.user.follow.path, {}, "缺少参数 uid"],
    ["an unknown field", Api.user.follow.path, { uid: 1, beans: 99_999 }, "不支持的参数 beans"],
    ["an unknown field with a 100 KB name", Api.user.follow.path, { uid: 1, [huge]: 1 }, "含有不支持的参数"],
    ["a wrong literal", Api.user.follow.path, { uid: 1, action: huge }, "参数 action 格式不正确"],
    ["a nested field", Api.artwork.upload.path, { ...exampleOf("artwork.upload"), parameters: { ...(exampleOf("artwork.upload").parameters as object), models: [{ type: "x", name: 1, files: [] }] } }, "参数 parameters.models.0.type 格式不正确"],
    ["a body that is not an object", Api.user.follow.path, [huge], "请求参数格式不正确"],
    ["the schema's own message", Api.user.edit.path, { nickname: "画".repeat(100) }, "昵称不能超过"]
  ]

  it.each(cases)("%s", async (_name, path, body, msg) => {
    const answer = await postText(path, JSON.stringify(body))
    expect(answer.status).toBe(200)
    expect(answer.envelope.code).toBe(400)
    expect(answer.envelope.msg).toContain(msg)
    expect(answer.envelope.msg).toMatch(/[\u4e00-\u9fff]/)
    expect(answer.envelope.msg).not.toMatch(/xxxx|Expected|actual|is unexpected|expected:|\|/)
    expect(answer.text.length).toBeLessThan(200)
  })

  it("a route that takes no fields names a plain unknown one, and no other", async () => {
    expect((await getPath(`${Api.user.info.path}?beans=1`)).envelope).toEqual({ code: 400, msg: "不支持的参数 beans", data: null })
    expect((await getPath(`${Api.user.info.path}?${"x".repeat(2000)}=1`)).envelope).toEqual({ code: 400, msg: "含有不支持的参数", data: null })
  })

  it("the log keeps the details, cut, without the value", async () => {
    await postText(Api.user.follow.path, JSON.stringify({ uid: huge }))
    const line = logLines.map((text) => JSON.parse(text) as Record<string, unknown>).find((entry) => entry.message === "input refused")
    expect(line).toMatchObject({ route: "user.follow", detail: expect.stringContaining("uid") })
    expect(String(line?.detail)).toMatch(/expected number/)
    expect(String(line?.detail).length).toBeLessThanOrEqual(201)
    expect(logLines.join("\n")).not.toContain("xxxx")
  })
})

/** A raw HTTP/1.1 POST that declares `declared` bytes and sends them in 64 KB chunks, stopping when the answer comes. */
const postDeclaring = (path: string, declared: number | "chunked", total: number) =>
  new Promise<{ status: number; body: string; sent: number; ms: number }>((resolve, reject) => {
    const started = Date.now()
    const url = new URL(path, server.url)
    const headers: Record<string, string | number> = { "content-type": "application/json", authorization: `Bearer ${alice.token}` }
    if (declared !== "chunked") headers["content-length"] = declared
    const request = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers })
    let sent = 0
    let answered = false
    const chunk = Buffer.alloc(64 * 1024, "x")
    request.on("response", (response) => {
      answered = true
      let body = ""
      response.setEncoding("utf8")
      response.on("data", (part: string) => (body += part))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, sent, ms: Date.now() - started }))
    })
    request.on("error", (error) => (answered ? undefined : reject(error)))
    request.write('{"uid":1,"pad":"')
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length
        if (!request.write(chunk)) return void request.once("drain", pump)
      }
      if (!answered) request.end('"}')
    }
    pump()
  })

describe("request bodies are capped (413 before the body is read)", () => {
  it("a 50 MB body declared in Content-Length: 413 请求内容过大 at once, long before it is all sent", async () => {
    const answer = await postDeclaring(Api.user.follow.path, 50 * 1024 * 1024, 50 * 1024 * 1024)
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({ code: 413, msg: "请求内容过大", data: null })
    expect(answer.sent).toBeLessThan(10 * 1024 * 1024)
  })

  it("a chunked body with no length: refused the moment it passes the cap", async () => {
    const answer = await postDeclaring(Api.community.postPublish.path, "chunked", 50 * 1024 * 1024)
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toMatchObject({ code: 413, msg: "请求内容过大" })
    expect(answer.sent).toBeLessThan(10 * 1024 * 1024)
  })

  it("the largest valid input of the contract (SD parameters, every text at its maximum in Chinese) fits under the cap", async () => {
    const example = exampleOf("artwork.upload") as { url: string; parameters: Record<string, unknown> }
    const text = (length: number) => "山".repeat(length)
    const body = JSON.stringify({
      ...example,
      title: text(50),
      parameters: {
        prompt: text(5000),
        negative_prompt: text(5000),
        models: Array.from({ length: 20 }, () => ({ type: "lora", name: text(200), files: Array.from({ length: 5 }, () => ({ name: text(200) })) })),
        args: Array.from({ length: 30 }, (_, index) => ({ key: `arg_${index}`, title: text(50), value: text(200) }))
      }
    })
    expect(Buffer.byteLength(body)).toBeGreaterThan(100_000)
    expect(Buffer.byteLength(body)).toBeLessThan(BODY_LIMIT_BYTES)
    const answer = await postText(Api.artwork.upload.path, body)
    // it reaches the route (which refuses the example's address: not an upload of alice's), not the cap
    expect(answer.status).toBe(200)
    expect(answer.envelope.code).not.toBe(413)
    expect(answer.envelope.msg).not.toBe("请求内容过大")
  })

  it("the upload form keeps its own, larger limit: a 1 MB image is not capped at 256 KB", async () => {
    const form = new FormData()
    const bytes = new Uint8Array(1024 * 1024)
    bytes.set(await solidPng(8, 8))
    form.set("file", new File([bytes], "大图.png", { type: "image/png" }))
    const answer = await answerOf(await fetch(`${server.url}${Api.file.upload.path}`, { method: "POST", headers: { authorization: `Bearer ${alice.token}` }, body: form }))
    expect(answer.status).toBe(200)
    expect(answer.envelope.code).not.toBe(413)
  })
})

describe("error logs name the statement and the error, never its values (R38)", () => {
  it("a database failure while saving a nickname: the log has the statement and SQLSTATE, not the nickname or ids", async () => {
    const secret = "机密昵称九四二七"
    await server.deps.db.execute(sql.raw(`alter table users add constraint test_no_secret check (nickname <> '${secret}')`))
    try {
      const answer = await postText(Api.user.edit.path, JSON.stringify({ nickname: secret }))
      expect(answer.envelope).toMatchObject({ code: 500, msg: "服务器开小差了，请稍后再试" })
      const line = logLines.map((text) => JSON.parse(text) as Record<string, unknown>).find((entry) => entry.message === "request failed")
      expect(line).toMatchObject({ route: "user.edit", statement: "update users", sqlstate: "23514", constraint: "test_no_secret", table: "users" })
      const logged = logLines.join("\n")
      expect(logged).not.toContain(secret)
      expect(logged).not.toContain("params")
      expect(logged).not.toContain(String(alice.uid))
    } finally {
      await server.deps.db.execute(sql.raw("alter table users drop constraint test_no_secret"))
    }
  })

  it("a value the database cannot take (SQLSTATE class 22) is the request's fault: 400, logged as a warning without the value", async () => {
    await server.deps.db.execute(sql.raw("create or replace function test_refuse_bio() returns trigger language plpgsql as $$ begin if new.bio like '%!%' then raise exception using errcode = '22023', message = format('bad value \"%s\"', new.bio); end if; return new; end $$"))
    await server.deps.db.execute(sql.raw("create trigger test_refuse_bio before update on users for each row execute function test_refuse_bio()"))
    try {
      const answer = await postText(Api.user.edit.path, JSON.stringify({ bio: "隐私签名!" }))
      expect(answer.envelope).toMatchObject({ code: 400, msg: "请求参数格式不正确" })
      const line = logLines.map((text) => JSON.parse(text) as Record<string, unknown>).find((entry) => entry.message === "input refused by the database")
      expect(line).toMatchObject({ route: "user.edit", statement: "update users", sqlstate: "22023", level: "warn" })
      expect(logLines.join("\n")).not.toContain("隐私签名")
    } finally {
      await server.deps.db.execute(sql.raw("drop trigger test_refuse_bio on users"))
      await server.deps.db.execute(sql.raw("drop function test_refuse_bio()"))
    }
  })
})

describe("docs/security-decisions.md states the caps the code enforces", () => {
  const decisions = readFileSync(new URL("../../../docs/security-decisions.md", import.meta.url), "utf8")
  it.each([
    ["the body cap", `${BODY_LIMIT_BYTES / 1024} KiB (\`BODY_LIMIT_BYTES\`)`],
    ["the depth", `at most ${MAX_INPUT_DEPTH} levels deep (\`MAX_INPUT_DEPTH\``],
    ["the upload forms' cap", `15 MB\nplus 64 KB (\`FORM_LIMIT_BYTES\`)`]
  ])("%s", (_name, text) => {
    expect(decisions.replace(/\n\s*/g, " ")).toContain(text.replace(/\n\s*/g, " "))
  })

  it("the upload forms' cap is 15 MB plus 64 KB", () => {
    expect(FORM_LIMIT_BYTES).toBe(15 * 1024 * 1024 + 64 * 1024)
  })
})
