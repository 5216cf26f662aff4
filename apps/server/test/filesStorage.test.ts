import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs"
import { request as httpRequest } from "node:http"
import { join } from "node:path"
import { Uploads } from "@mido/core"
import { eq } from "drizzle-orm"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { files } from "../src/db/schema/files.js"
import { buildPolicy, encodePolicy, signPolicy } from "../src/features/files/ossPolicy.js"
import { asCore, blob, type FormEntry, GIF, HTML, hugeHeaderPng, json, makeUser, postForm, solidJpeg, solidPng, startFilesServer, SVG } from "./filesFixtures.js"
import type { TestServer } from "./testServer.js"

let server: TestServer & { readonly uploadDir: string }
let alice: { uid: number; token: string }
let bob: { uid: number; token: string }
let png: Uint8Array

interface Credential {
  dir: string
  access_id: string
  policy: string
  signature: string
  host: string
  expire: number
}

beforeAll(async () => {
  server = await startFilesServer()
  alice = await makeUser(server, "存储测试阿离")
  bob = await makeUser(server, "存储测试阿波")
  png = await solidPng(40, 30)
})
afterAll(() => server.stop())

const credentialFor = async (token: string): Promise<Credential> => {
  const answer = await server.request("GET", "/api/v1/base/oss_token?type=21", undefined, token)
  expect(answer.code).toBe(0)
  return answer.data as Credential
}

/** The PostObject form in Aliyun's field order, file last (as the core's ossPostFields builds it). */
const ossForm = (credential: Credential, key: string, file: Blob, extra: ReadonlyArray<FormEntry> = []): Array<FormEntry> => [
  ["key", key],
  ["policy", credential.policy],
  ["OSSAccessKeyId", credential.access_id],
  ["success_action_status", "200"],
  ["signature", credential.signature],
  ...extra,
  ["file", file, key.slice(key.lastIndexOf("/") + 1)]
]

let names = 0
const nameIn = (dir: string, ext = "png") => `${dir}20261122183000_t${(names += 1)}.${ext}`

const expectNothingStored = async (key: string) => {
  expect(existsSync(join(server.uploadDir, key))).toBe(false)
  expect(await server.deps.db.select().from(files).where(eq(files.key, key))).toEqual([])
}

describe("oss_token (spec §7; R18, R37)", () => {
  it("-401 without a token", async () => {
    expect(await server.request("GET", "/api/v1/base/oss_token?type=21")).toMatchObject({ code: -401 })
  })

  it.each([["type 1", "1"], ["type 22", "22"], ["no type", ""], ["a word", "abc"]])("refuses %s", async (_name, type) => {
    const answer = await server.request("GET", `/api/v1/base/oss_token${type === "" ? "" : `?type=${type}`}`, undefined, alice.token)
    expect(answer.code).toBe(400)
    expect(answer.msg).not.toBe("")
  })

  it("signs an Aliyun POST policy: the caller's dir, ≤ 10 minutes, 1 B–15 MB, png or jpeg, HMAC-SHA1", async () => {
    const before = Date.now()
    const credential = await credentialFor(alice.token)
    expect(credential.dir).toMatch(new RegExp(`^u/${alice.uid}/\\d{6}/$`))
    expect(credential.host).toBe(`${server.storageUrl}/storage`)
    expect(credential.signature).toBe(signPolicy("test-secret-0123456789-0123456789", credential.policy))
    const policy = JSON.parse(Buffer.from(credential.policy, "base64").toString("utf8"))
    const expiresIn = Date.parse(policy.expiration) - before
    expect(expiresIn).toBeGreaterThan(500_000)
    expect(expiresIn).toBeLessThanOrEqual(600_000 + 2_000)
    expect(policy.conditions).toEqual(expect.arrayContaining([
      ["content-length-range", 1, 15_728_640],
      ["starts-with", "$key", credential.dir],
      ["in", "$content-type", ["image/png", "image/jpeg"]]
    ]))
    expect(credential.expire).toBe(Math.floor(Date.parse(policy.expiration) / 1000))
  })

  it("limits policies to 60 an hour per user, then 429 with Retry-After (R37)", async () => {
    const carol = await makeUser(server, "频繁上传的卡罗")
    for (let n = 0; n < 59; n++) expect((await server.request("GET", "/api/v1/base/oss_token?type=21", undefined, carol.token)).code).toBe(0)
    const response = await fetch(`${server.url}/api/v1/base/oss_token?type=21`, { headers: { authorization: `Bearer ${carol.token}` } })
    expect((await json(response)).code).toBe(0)
    const refused = await fetch(`${server.url}/api/v1/base/oss_token?type=21`, { headers: { authorization: `Bearer ${carol.token}` } })
    expect((await json(refused)).code).toBe(429)
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0)
    // another user is not affected
    expect((await server.request("GET", "/api/v1/base/oss_token?type=21", undefined, bob.token)).code).toBe(0)
  })
})

describe("the storage host: POST /storage (R18, R19)", () => {
  it("stores a direct upload and serves it back byte-identical (R20 headers)", async () => {
    const credential = await credentialFor(alice.token)
    const key = nameIn(credential.dir)
    const posted = await postForm(credential.host, ossForm(credential, key, blob(png, "image/png")))
    expect(posted.status).toBe(200)
    expect(await posted.text()).toBe("")
    const served = await fetch(`${server.storageUrl}/uploads/${key}`)
    expect(served.status).toBe(200)
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png)
    expect(served.headers.get("content-type")).toBe("image/png")
    expect(served.headers.get("x-content-type-options")).toBe("nosniff")
    expect(served.headers.get("content-disposition")).toBe("inline")
    expect(served.headers.get("cache-control")).toMatch(/max-age=31536000/)
    const head = await fetch(`${server.storageUrl}/uploads/${key}`, { method: "HEAD" })
    expect(head.status).toBe(200)
    expect(head.headers.get("content-type")).toBe("image/png")
    expect(head.headers.get("content-length")).toBe(String(png.byteLength))
    // the address the core's direct upload computes (host/key) serves the same bytes
    expect(new Uint8Array(await (await fetch(`${credential.host}/${key}`)).arrayBuffer())).toEqual(png)
    const [row] = await server.deps.db.select().from(files).where(eq(files.key, key))
    expect(row).toMatchObject({ uid: alice.uid, size: png.byteLength, contentType: "image/png", width: 40, height: 30 })
  })

  it("accepts a JPEG with an explicit Content-Type field", async () => {
    const credential = await credentialFor(alice.token)
    const key = nameIn(credential.dir, "jpg")
    const jpeg = await solidJpeg(20, 10)
    const posted = await postForm(credential.host, ossForm(credential, key, blob(jpeg, ""), [["Content-Type", "image/jpeg"]]))
    expect(posted.status).toBe(200)
    const served = await fetch(`${server.storageUrl}/uploads/${key}`)
    expect(served.headers.get("content-type")).toBe("image/jpeg")
  })

  it("refuses to overwrite an existing key (objects are immutable)", async () => {
    const credential = await credentialFor(alice.token)
    const key = nameIn(credential.dir)
    expect((await postForm(credential.host, ossForm(credential, key, blob(png, "image/png")))).status).toBe(200)
    const other = await solidPng(8, 8)
    const again = await postForm(credential.host, ossForm(credential, key, blob(other, "image/png")))
    expect(again.status).toBe(409)
    expect(new Uint8Array(await (await fetch(`${server.storageUrl}/uploads/${key}`)).arrayBuffer())).toEqual(png)
  })

  const refusals: ReadonlyArray<readonly [string, number, (credential: Credential, key: string) => Promise<Array<FormEntry>>]> = [
    ["a tampered signature", 403, async (c, key) => ossForm({ ...c, signature: `${c.signature.slice(0, -4)}AAA=` }, key, blob(png, "image/png"))],
    ["a tampered policy", 403, async (c, key) => {
      const loose = encodePolicy({ expiration: new Date(Date.now() + 60_000).toISOString(), conditions: [["starts-with", "$key", "u/"]] })
      return ossForm({ ...c, policy: loose }, key, blob(png, "image/png"))
    }],
    ["an expired policy", 403, async (c, key) => {
      const old = encodePolicy(buildPolicy(c.dir, new Date(Date.now() - 11 * 60_000)))
      return ossForm({ ...c, policy: old, signature: signPolicy("test-secret-0123456789-0123456789", old) }, key, blob(png, "image/png"))
    }],
    ["a wrong access id", 403, async (c, key) => ossForm({ ...c, access_id: "LTAI-someone-else" }, key, blob(png, "image/png"))],
    ["a file over 15 MB", 400, async (c, key) => {
      const big = new Uint8Array(15 * 1024 * 1024 + 1)
      big.set(png)
      return ossForm(c, key, blob(big, "image/png"))
    }],
    ["an .png that is HTML", 400, async (c, key) => ossForm(c, key, blob(HTML, "image/png"))],
    ["an .png that is SVG", 400, async (c, key) => ossForm(c, key, blob(SVG, "image/png"))],
    ["a GIF", 400, async (c, key) => ossForm(c, key, blob(GIF, "image/png"))],
    ["an SVG declared as svg", 403, async (c, key) => ossForm(c, key, blob(SVG, "image/svg+xml"))],
    ["a PNG declared as image/jpeg", 400, async (c, key) => ossForm(c, key, blob(png, "image/jpeg"))],
    ["a PNG whose header claims 50000×50000", 400, async (c, key) => ossForm(c, key, blob(hugeHeaderPng(), "image/png"))],
    ["a form without the file", 400, async (c, key) => ossForm(c, key, blob(png, "image/png")).slice(0, -1)]
  ]

  it.each(refusals)("refuses %s with HTTP %i and stores nothing", async (_name, status, build) => {
    const credential = await credentialFor(alice.token)
    const key = nameIn(credential.dir)
    const response = await postForm(credential.host, await build(credential, key))
    expect(response.status).toBe(status)
    expect(await response.text()).toMatch(/<Error>[\s\S]*<Code>\w+<\/Code>/)
    await expectNothingStored(key)
  })

  it.each([
    ["another user's directory", (dir: string) => dir.replace(/^u\/\d+\//, `u/${bob.uid}/`) + "x.png", 403],
    ["outside every user directory", () => "t/70/x.png", 403],
    ["a key with ..", (dir: string) => `${dir}../../../x.png`, 400],
    ["a key with a leading slash", (dir: string) => `/${dir}x.png`, 400],
    ["a hidden segment", (dir: string) => `${dir}.hidden/x.png`, 400]
  ])("refuses a key in %s", async (_name, keyOf, status) => {
    const credential = await credentialFor(alice.token)
    const key = keyOf(credential.dir)
    const response = await postForm(credential.host, ossForm(credential, key, blob(png, "image/png")))
    expect(response.status).toBe(status)
    if (!key.includes("..") && !key.startsWith("/")) await expectNothingStored(key)
  })
})

/** A raw request to the storage origin, so the path reaches it exactly as written (fetch would normalise ".."). */
const rawGet = (path: string) =>
  new Promise<number>((resolve, reject) => {
    const url = new URL(server.storageUrl)
    const req = httpRequest({ host: url.hostname, port: url.port, path, method: "GET" }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on("error", reject)
    req.end()
  })

describe("GET /uploads never leaves the upload directory and serves only images (R20)", () => {
  beforeAll(() => {
    mkdirSync(join(server.uploadDir, "u", "1"), { recursive: true })
    writeFileSync(join(server.uploadDir, "u", "1", "evil.png"), "<html><script>alert(1)</script></html>")
  })

  it.each([
    "/uploads/../../../../etc/passwd",
    "/uploads/..%2f..%2f..%2f..%2fetc%2fpasswd",
    "/uploads/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/uploads/u/..%5c..%5c..%5cetc%5cpasswd",
    "/uploads/%2fetc%2fpasswd",
    "/uploads/.tmp/anything",
    "/uploads/u/1/evil.png",
    "/uploads/u/1/missing.png",
    "/storage/..%2f..%2fetc%2fpasswd"
  ])("refuses %s", async (path) => {
    const status = await rawGet(path)
    expect(status).not.toBe(200)
    expect(status).toBeGreaterThanOrEqual(400)
  })

  it("nothing under the upload directory but objects and the temp area", () => {
    // u/: users' uploads; presets/: the drawing styles' covers the server draws on its first start
    expect(readdirSync(server.uploadDir).every((name) => ["u", "presets", ".tmp"].includes(name))).toBe(true)
  })
})

describe("the core's Uploads service against the real server", () => {
  it("uploadToOss: credential, direct post to host, the object served at the url it answers", async () => {
    const result = await asCore(server, alice.token, Effect.flatMap(Uploads, (uploads) =>
      uploads.uploadToOss({ name: "山水.png", type: "image/png", size: png.byteLength, blob: blob(png, "image/png") })))
    expect(result._tag).toBe("Right")
    if (result._tag !== "Right") return
    expect(result.right.key).toMatch(new RegExp(`^u/${alice.uid}/\\d{6}/\\d{14}_[0-9a-z]+\\.png$`))
    expect(result.right.url).toBe(`${server.storageUrl}/storage/${result.right.key}`)
    expect(new Uint8Array(await (await fetch(result.right.url)).arrayBuffer())).toEqual(png)
  })

  it("uploadToOss: an HTML file named .png is refused by the storage host", async () => {
    const result = await asCore(server, alice.token, Effect.flatMap(Uploads, (uploads) =>
      uploads.uploadToOss({ name: "evil.png", type: "image/png", size: HTML.byteLength, blob: blob(HTML, "image/png") })))
    expect(result._tag).toBe("Left")
  })
})
