import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { ApiClient, Uploads } from "@mido/core"
import { Api } from "@mido/core/contract"
import { eq } from "drizzle-orm"
import { Effect } from "effect"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { files } from "../src/db/schema/files.js"
import { userUploadDir } from "../src/features/files/ossPolicy.js"
import { requireOwnedImage } from "../src/features/files/storedFiles.js"
import { asCore, blob, HTML, hugeHeaderPng, json, makeUser, postForm, solidJpeg, solidPng, startFilesServer, SVG } from "./filesFixtures.js"
import type { TestServer } from "./testServer.js"

let server: TestServer & { readonly uploadDir: string }
let alice: { uid: number; token: string }
let bob: { uid: number; token: string }
let png: Uint8Array

beforeAll(async () => {
  server = await startFilesServer()
  alice = await makeUser(server, "接口测试阿离")
  bob = await makeUser(server, "接口测试阿波")
  png = await solidPng(400, 300)
})
afterAll(() => server.stop())

const upload = (file: Blob, name: string, token = alice.token, scene?: string) =>
  postForm(`${server.url}/api/v1/base/upload`, [...(scene ? [["scene", scene] as const] : []), ["file", file, name]], token).then(json)

/** An object put into storage behind the API's back, as a direct post to a real OSS would. */
const putObject = (key: string, bytes: Uint8Array | string) => {
  mkdirSync(dirname(join(server.uploadDir, key)), { recursive: true })
  writeFileSync(join(server.uploadDir, key), bytes)
}

let keys = 0
const aliceKey = (ext = "png", uid = alice.uid) => `${userUploadDir(uid, new Date())}20261122183000_direct${(keys += 1)}.${ext}`

const rowsOf = (key: string) => server.deps.db.select().from(files).where(eq(files.key, key))

describe("-401 on every file route", () => {
  it.each(Object.values(Api.file).map((route) => [route.name, route] as const))("%s", async (_name, route) => {
    const response = await fetch(`${server.url}${route.path}`, { method: route.method, ...(route.method === "POST" ? { body: "{}", headers: { "content-type": "application/json" } } : {}) })
    expect((await json(response)).code).toBe(-401)
  })
})

describe("base/upload (multipart through the API; R19)", () => {
  it("stores a png under the caller's directory and answers its url and key", async () => {
    const answer = await upload(blob(png, "image/png"), "我的作品.png", alice.token, "avatar")
    expect(answer.code).toBe(0)
    const { url, key } = answer.data as { url: string; key: string }
    expect(key).toMatch(new RegExp(`^u/${alice.uid}/\\d{6}/\\d{14}_[0-9a-f]+\\.png$`))
    expect(url).toBe(`${server.storageUrl}/uploads/${key}`)
    expect(new Uint8Array(await (await fetch(url)).arrayBuffer())).toEqual(png)
    expect(await rowsOf(key)).toMatchObject([{ uid: alice.uid, width: 400, height: 300, scene: "avatar" }])
  })

  it("takes a jpeg (also sent as image/jpg) and names it .jpg whatever the person called it", async () => {
    const answer = await upload(blob(await solidJpeg(30, 20), "image/jpg"), "photo.JPEG")
    expect(answer.code).toBe(0)
    expect((answer.data as { key: string }).key).toMatch(/\.jpg$/)
  })

  it.each([
    ["HTML named .png", () => blob(HTML, "image/png"), "a.png"],
    ["SVG named .png", () => blob(SVG, "image/png"), "a.png"],
    ["a PNG declared as jpeg", () => blob(png, "image/jpeg"), "a.jpg"],
    ["a pixel-flood PNG", () => blob(hugeHeaderPng(), "image/png"), "a.png"],
    ["a .gif", () => blob(png, "image/gif"), "a.gif"],
    ["an empty file", () => blob(new Uint8Array(0), "image/png"), "a.png"],
    ["16 MB", () => blob(new Uint8Array(16 * 1024 * 1024), "image/png"), "a.png"]
  ])("refuses %s and stores nothing", async (_name, file, name) => {
    const before = (await server.deps.db.select().from(files).where(eq(files.uid, alice.uid))).length
    const answer = await upload(file(), name)
    expect(answer.code).toBe(400)
    expect(answer.msg).toMatch(/png|jpg|尺寸|大小|MB/)
    expect((await server.deps.db.select().from(files).where(eq(files.uid, alice.uid))).length).toBe(before)
  })

  it("refuses a form without a file, and an unknown field (R12)", async () => {
    expect((await postForm(`${server.url}/api/v1/base/upload`, [["scene", "avatar"]], alice.token).then(json)).code).toBe(400)
    const extra = await postForm(`${server.url}/api/v1/base/upload`, [["uid", "1"], ["file", blob(png, "image/png"), "a.png"]], alice.token).then(json)
    expect(extra.code).toBe(400)
  })

  it("the core's uploadViaApi decodes the answer", async () => {
    const result = await asCore(server, alice.token, Effect.flatMap(Uploads, (uploads) =>
      uploads.uploadViaApi({ name: "x.png", type: "image/png", size: png.byteLength, blob: blob(png, "image/png") }, "artwork")))
    expect(result._tag).toBe("Right")
  })
})

describe("file/create (R11, R19, R42)", () => {
  it("records an object in the caller's directory after checking its bytes; again answers the same row", async () => {
    const key = aliceKey()
    putObject(key, png)
    const first = await server.request("POST", "/api/v1/base/file/create", { key, scene: "reference", name: "参考图.png" }, alice.token)
    expect(first).toMatchObject({ code: 0, data: { key, size: png.byteLength, width: 400, height: 300, content_type: "image/png", url: `${server.storageUrl}/uploads/${key}` } })
    const again = await server.request("POST", "/api/v1/base/file/create", { key }, alice.token)
    expect(again.data).toEqual(first.data)
  })

  it("a non-image under the caller's directory is refused and deleted (R19)", async () => {
    const key = aliceKey()
    putObject(key, "<svg onload=alert(1)>")
    const answer = await server.request("POST", "/api/v1/base/file/create", { key }, alice.token)
    expect(answer.code).toBe(400)
    expect(existsSync(join(server.uploadDir, key))).toBe(false)
    expect(await rowsOf(key)).toEqual([])
  })

  it("a PNG stored as .jpg is refused (the key's extension is the declared type)", async () => {
    const key = aliceKey("jpg")
    putObject(key, png)
    expect((await server.request("POST", "/api/v1/base/file/create", { key }, alice.token)).code).toBe(400)
  })

  it("another user's key is not found, and stays theirs (R11)", async () => {
    const key = aliceKey("png", bob.uid)
    putObject(key, png)
    expect((await server.request("POST", "/api/v1/base/file/create", { key }, alice.token)).code).toBe(404)
    expect(existsSync(join(server.uploadDir, key))).toBe(true)
    expect((await server.request("POST", "/api/v1/base/file/create", { key }, bob.token)).code).toBe(0)
    expect((await server.request("POST", "/api/v1/base/file/create", { key }, alice.token)).code).toBe(404)
  })

  it("requireOwnedImage (for other modules): the owner's verified file, nothing for anyone else or a vanished object", async () => {
    const { key } = (await upload(blob(png, "image/png"), "a.png")).data as { key: string }
    expect(await requireOwnedImage(server.deps, alice.uid, key)).toMatchObject({ key, width: 400, height: 300, url: `${server.storageUrl}/uploads/${key}` })
    expect(await requireOwnedImage(server.deps, bob.uid, key)).toBeUndefined()
    const unverified = aliceKey()
    putObject(unverified, png)
    expect(await requireOwnedImage(server.deps, alice.uid, unverified)).toBeUndefined()
    rmSync(join(server.uploadDir, key))
    expect(await requireOwnedImage(server.deps, alice.uid, key)).toBeUndefined()
  })

  it.each([
    ["a missing object", () => aliceKey(), 404],
    ["a key with ..", () => `u/${alice.uid}/../x.png`, 400],
    ["a leading slash", () => `/u/${alice.uid}/x.png`, 400],
    ["a server-owned field", () => "__extra__", 400]
  ])("refuses %s", async (_name, keyOf, code) => {
    const key = keyOf()
    const body = key === "__extra__" ? { key: aliceKey(), uid: alice.uid } : { key }
    expect((await server.request("POST", "/api/v1/base/file/create", body, alice.token)).code).toBe(code)
  })
})

describe("file/snapshot and file/download", () => {
  let key: string
  beforeAll(async () => {
    key = ((await upload(blob(png, "image/png"), "a.png")).data as { key: string }).key
  })

  it("makes a 70 px thumbnail by default and serves it", async () => {
    const answer = await server.request("POST", "/api/v1/base/file/snapshot", { key }, alice.token)
    expect(answer).toMatchObject({ code: 0, data: { width: 70 } })
    const { url, height } = answer.data as { url: string; height: number }
    expect(height).toBe(53)
    const served = await fetch(url)
    expect(served.headers.get("content-type")).toBe("image/png")
    const meta = await sharp(new Uint8Array(await served.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([70, 53])
    const again = await server.request("POST", "/api/v1/base/file/snapshot", { key }, alice.token)
    expect(again.data).toEqual(answer.data)
  })

  it("never enlarges; refuses widths outside 16–1024", async () => {
    expect((await server.request("POST", "/api/v1/base/file/snapshot", { key, width: 1024 }, alice.token)).data).toMatchObject({ width: 400, height: 300 })
    expect((await server.request("POST", "/api/v1/base/file/snapshot", { key, width: 8 }, alice.token)).code).toBe(400)
  })

  it("a signed attachment link that expires; tampering is refused", async () => {
    const answer = await server.request("POST", "/api/v1/base/file/download", { key }, alice.token)
    expect(answer.code).toBe(0)
    const { url, file_name, expire_in } = answer.data as { url: string; file_name: string; expire_in: number }
    expect(file_name).toBe(key.slice(key.lastIndexOf("/") + 1))
    expect(expire_in).toBe(300)
    const served = await fetch(url)
    expect(served.status).toBe(200)
    expect(served.headers.get("content-disposition")).toBe(`attachment; filename="${file_name}"`)
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png)
    expect((await fetch(url.replace(/sig=[^&]+/, "sig=forged"))).status).toBe(403)
    const expires = Number(/expires=(\d+)/.exec(url)![1])
    expect((await fetch(url.replace(`expires=${expires}`, `expires=${expires + 3600}`))).status).toBe(403)
    expect((await fetch(url.replace(`expires=${expires}`, "expires=1000"))).status).toBe(403)
  })

  it.each(["snapshot", "download"])("%s: another user's file is not found (R11)", async (route) => {
    expect((await server.request("POST", `/api/v1/base/file/${route}`, { key }, bob.token)).code).toBe(404)
    expect((await server.request("POST", `/api/v1/base/file/${route}`, { key: aliceKey() }, alice.token)).code).toBe(404)
  })

  it("the core's client decodes both answers", async () => {
    const result = await asCore(server, alice.token, Effect.flatMap(ApiClient, (api) =>
      Effect.all([api.call(Api.file.snapshot, { key, width: 120 }), api.call(Api.file.download, { key })])))
    expect(result._tag).toBe("Right")
  })
})
