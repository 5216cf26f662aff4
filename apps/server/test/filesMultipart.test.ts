import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { Uploads } from "@mido/core"
import { eq } from "drizzle-orm"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { files, multipartUploads } from "../src/db/schema/files.js"
import { sweepExpiredUploads } from "../src/features/files/filesMultipart.js"
import { asCore, blob, HTML, json, makeUser, noisyPng, postForm, startFilesServer } from "./filesFixtures.js"
import type { TestServer } from "./testServer.js"

let server: TestServer & { readonly uploadDir: string }
let alice: { uid: number; token: string }
let bob: { uid: number; token: string }
let big: Uint8Array

beforeAll(async () => {
  server = await startFilesServer()
  alice = await makeUser(server, "分片测试阿离")
  bob = await makeUser(server, "分片测试阿波")
  big = await noisyPng(1000, 900) // ≈ 2.7 MB: three parts of 1 MiB
})
afterAll(() => server.stop())

interface Plan {
  upload_id: string
  key: string
  part_size: number
  part_count: number
  expire_at: number
}

const init = async (bytes: Uint8Array, token = alice.token, extra: Record<string, unknown> = {}) =>
  server.request("POST", "/api/v1/base/upload/multipart/init", { file_name: "长卷.png", file_size: bytes.byteLength, content_type: "image/png", ...extra }, token)

const sendPart = (uploadId: string, partNumber: number, part: Uint8Array, token = alice.token) =>
  postForm(`${server.url}/api/v1/base/upload/multipart`, [["upload_id", uploadId], ["part_number", String(partNumber)], ["file", blob(part, "application/octet-stream"), "blob"]], token).then(json)

const sendAll = async (plan: Plan, bytes: Uint8Array) => {
  const parts: Array<{ part_number: number; etag: string }> = []
  for (let n = 1; n <= plan.part_count; n++) {
    const answer = await sendPart(plan.upload_id, n, bytes.slice((n - 1) * plan.part_size, n * plan.part_size))
    expect(answer.code).toBe(0)
    parts.push({ part_number: n, etag: answer.data.etag as string })
  }
  return parts
}

const complete = (uploadId: string, parts: ReadonlyArray<{ part_number: number; etag: string }>, token = alice.token) =>
  server.request("POST", "/api/v1/base/upload/multipart/complete", { upload_id: uploadId, parts }, token)

const partsDir = (uploadId: string) => join(server.uploadDir, ".multipart", uploadId)

describe("multipart uploads (R21)", () => {
  it("init plans ≤ 16 parts of ≥ 1 MiB; parts, complete; the file is served back byte-identical", async () => {
    const started = await init(big, alice.token, { scene: "artwork" })
    expect(started.code).toBe(0)
    const plan = started.data as Plan
    expect(plan).toMatchObject({ part_size: 1024 * 1024, part_count: 3 })
    expect(plan.key).toMatch(new RegExp(`^u/${alice.uid}/\\d{6}/.+\\.png$`))
    const parts = await sendAll(plan, big)
    const done = await complete(plan.upload_id, parts)
    expect(done).toMatchObject({ code: 0, data: { key: plan.key, size: big.byteLength, width: 1000, height: 900, content_type: "image/png" } })
    const served = await fetch((done.data as { url: string }).url)
    // Buffer#equals: a deep toEqual over megabytes blocks the in-process server for a long time
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(big))).toBe(true)
    expect(existsSync(partsDir(plan.upload_id))).toBe(false)
    expect(await server.deps.db.select().from(multipartUploads).where(eq(multipartUploads.uploadId, plan.upload_id))).toEqual([])
    // completed once: a second complete finds nothing
    expect((await complete(plan.upload_id, parts)).code).toBe(404)
  })

  it("abort drops the parts; the upload is gone afterwards", async () => {
    const plan = (await init(big)).data as Plan
    expect((await sendPart(plan.upload_id, 1, big.slice(0, plan.part_size))).code).toBe(0)
    expect(existsSync(partsDir(plan.upload_id))).toBe(true)
    expect(await server.request("POST", "/api/v1/base/upload/multipart/abort", { upload_id: plan.upload_id }, alice.token)).toMatchObject({ code: 0, data: { success: true } })
    expect(existsSync(partsDir(plan.upload_id))).toBe(false)
    expect((await sendPart(plan.upload_id, 2, big.slice(plan.part_size, 2 * plan.part_size))).code).toBe(404)
    expect((await server.request("POST", "/api/v1/base/upload/multipart/abort", { upload_id: plan.upload_id }, alice.token)).code).toBe(404)
  })

  it("another user's upload_id is not found on part, complete and abort (R11); the owner still completes", async () => {
    const plan = (await init(big)).data as Plan
    const parts = await sendAll(plan, big)
    expect((await sendPart(plan.upload_id, 1, big.slice(0, plan.part_size), bob.token)).code).toBe(404)
    expect((await complete(plan.upload_id, parts, bob.token)).code).toBe(404)
    expect((await server.request("POST", "/api/v1/base/upload/multipart/abort", { upload_id: plan.upload_id }, bob.token)).code).toBe(404)
    expect((await complete(plan.upload_id, parts)).code).toBe(0)
  })

  it.each([
    ["a gif", { file_name: "a.gif", content_type: "image/gif" }],
    ["a name that disagrees with the type", { file_name: "a.jpg" }],
    ["over 15 MB", { file_size: 15 * 1024 * 1024 + 1 }],
    ["an empty file", { file_size: 0 }],
    ["a server-owned field (R12)", { key: "u/1/x.png" }]
  ])("init refuses %s", async (_name, extra) => {
    expect((await init(big, alice.token, extra)).code).toBe(400)
  })

  it("refuses parts of the wrong size or number, and a complete with missing or changed parts", async () => {
    const plan = (await init(big)).data as Plan
    expect((await sendPart(plan.upload_id, 1, big.slice(0, 1000))).code).toBe(400)
    expect((await sendPart(plan.upload_id, 4, big.slice(0, 10))).code).toBe(400)
    const parts = await sendAll(plan, big)
    expect((await complete(plan.upload_id, parts.slice(0, 2))).code).toBe(400)
    expect((await complete(plan.upload_id, [...parts.slice(0, 2), { part_number: 3, etag: "\"0\"" }])).code).toBe(400)
    expect((await complete(plan.upload_id, [parts[0]!, parts[0]!, parts[2]!])).code).toBe(400)
    // still open after refused completes: the right parts complete it
    expect((await complete(plan.upload_id, parts)).code).toBe(0)
  })

  it("a join that is not a real PNG is refused at complete, deleted, and nothing recorded (R19)", async () => {
    const fake = new Uint8Array(1024 * 1024 + 10)
    fake.set(HTML)
    const plan = (await init(fake)).data as Plan
    const parts = await sendAll(plan, fake)
    const answer = await complete(plan.upload_id, parts)
    expect(answer.code).toBe(400)
    expect(existsSync(join(server.uploadDir, plan.key))).toBe(false)
    expect(await server.deps.db.select().from(files).where(eq(files.key, plan.key))).toEqual([])
    expect(existsSync(partsDir(plan.upload_id))).toBe(false)
  })

  it("uploads open for more than 24 h are swept with their parts", async () => {
    const plan = (await init(big)).data as Plan
    await sendPart(plan.upload_id, 1, big.slice(0, plan.part_size))
    const store = server.deps.objectStore
    expect(await sweepExpiredUploads(server.deps.db, store, new Date(Date.now() + 23 * 3_600_000))).toBe(0)
    expect(await sweepExpiredUploads(server.deps.db, store, new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(1)
    expect(existsSync(partsDir(plan.upload_id))).toBe(false)
    expect((await sendPart(plan.upload_id, 2, big.slice(plan.part_size, 2 * plan.part_size))).code).toBe(404)
  })

  it("the core's uploadMultipart runs init, parts and complete against the server", async () => {
    const progress: Array<number> = []
    const result = await asCore(server, bob.token, Effect.flatMap(Uploads, (uploads) =>
      uploads.uploadMultipart({ name: "长卷.png", type: "image/png", size: big.byteLength, blob: blob(big, "image/png") }, { onProgress: (p) => progress.push(p) })))
    expect(result._tag).toBe("Right")
    if (result._tag === "Right") expect(result.right).toMatchObject({ size: big.byteLength, width: 1000, height: 900 })
    expect(progress.at(-1)).toBe(100)
    expect(readdirSync(join(server.uploadDir, ".multipart"))).toEqual([])
  })
})
