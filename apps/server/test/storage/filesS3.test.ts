import { createHmac } from "node:crypto"
import { Uploads } from "@mido/core"
import { UPLOAD_MAX_BYTES } from "@mido/core/files"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { localAdapters } from "../../src/adapters/localAdapters.js"
import { type Database } from "../../src/db/database.js"
import { silentLog } from "../../src/platform/log.js"
import { startServer } from "../../src/server.js"
import { sdParameters } from "../artworksFixtures.js"
import { asCore, blob, freePorts, HTML, json, makeUser, noisyPng, postForm, solidPng } from "../filesFixtures.js"
import { freshDatabase, testConfig, type TestServer } from "../testServer.js"
import { S3_BUCKET, S3_REGION, S3_SECRET, type S3Fixture, startS3 } from "./s3Fixtures.js"

/**
 * MIDO_STORAGE=s3 end to end: two servers on one database and one bucket (s3rver), no shared disk.
 * A file uploaded through one is read through the other; browsers post straight to the bucket with
 * the policy oss_token signs. (Two servers in one test process: PGlite cannot be shared by two
 * processes; on the PostgreSQL run they share a PostgreSQL database the same way.)
 */

let s3: S3Fixture
let database: Database
let first: TestServer
let second: TestServer
let alice: { uid: number; token: string }

const startOn = async (db: Database): Promise<TestServer> => {
  const [port, storagePort] = await freePorts(2)
  const config = testConfig({ port, storagePort, publicUrl: `http://127.0.0.1:${port}`, storageUrl: `http://127.0.0.1:${storagePort}`, s3: s3.settings() })
  const running = await startServer(config, db, silentLog, localAdapters(config, db.db, silentLog))
  const request: TestServer["request"] = async (method, path, body, token) => {
    const headers: Record<string, string> = { source: "PC", "content-type": "application/json", ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) }
    const response = await fetch(`${running.url}${path}`, { method, headers, ...(method === "POST" ? { body: JSON.stringify(body ?? {}) } : {}) })
    return (await response.json()) as { code: number; msg: string; data: unknown }
  }
  return { ...running, request }
}

beforeAll(async () => {
  s3 = await startS3()
  database = await freshDatabase()
  first = await startOn(database)
  // the second server shares the database; only the first one closes it
  second = await startOn({ ...database, close: async () => {} })
  alice = await makeUser(first, "存储桶阿离")
})
afterAll(async () => {
  await second?.stop()
  await first?.stop()
  await s3?.close()
})

const bucketHead = (key: string) => fetch(`${s3.direct}/${S3_BUCKET}/${key}`, { method: "HEAD" })

/** SigV4's POST policy signature, recomputed apart from the SDK (AWS "Calculating a signature", POST). */
const policySignature = (policy: string, date: string) => {
  let key: Buffer = createHmac("sha256", `AWS4${S3_SECRET}`).update(date).digest()
  for (const part of [S3_REGION, "s3", "aws4_request"]) key = createHmac("sha256", key).update(part).digest()
  return createHmac("sha256", key).update(policy).digest("hex")
}

interface S3Credential { dir: string; access_id: string; policy: string; signature: string; host: string; expire: number; fields: Record<string, string>; public_url: string }

describe("oss_token with a bucket (R18 on S3)", () => {
  it("keeps the spec's fields and adds S3's form: a SigV4 policy binding the directory, 1 byte–15 MB, exactly the asked type", async () => {
    const answer = await first.request("GET", "/api/v1/base/oss_token?type=21&content_type=image/png", undefined, alice.token)
    expect(answer.code).toBe(0)
    const credential = answer.data as S3Credential
    expect(credential).toMatchObject({ dir: expect.stringMatching(new RegExp(`^u/${alice.uid}/\\d{6}/$`)), access_id: "S3RVER", host: `${s3.endpoint}/${S3_BUCKET}`, public_url: s3.settings().publicUrl })
    expect(credential.policy).toBe(credential.fields.Policy)
    expect(credential.signature).toBe(credential.fields["X-Amz-Signature"])
    const date = credential.fields["X-Amz-Credential"]!.split("/")[1]!
    expect(policySignature(credential.policy, date)).toBe(credential.signature)
    const policy = JSON.parse(Buffer.from(credential.policy, "base64").toString("utf8")) as { expiration: string; conditions: Array<unknown> }
    expect(policy.conditions).toEqual(expect.arrayContaining([
      ["content-length-range", 1, UPLOAD_MAX_BYTES], ["starts-with", "$key", credential.dir], { "Content-Type": "image/png" }, { success_action_status: "200" }, { bucket: S3_BUCKET }
    ]))
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(10 * 60_000 + 1000)
    // a policy with a wider condition does not carry the signature
    const widened = Buffer.from(JSON.stringify({ ...policy, conditions: [["content-length-range", 1, 10 * UPLOAD_MAX_BYTES]] })).toString("base64")
    expect(policySignature(widened, date)).not.toBe(credential.signature)
  })

  it("binds image/jpeg when the caller names no type: never a type a browser would run", async () => {
    const credential = (await first.request("GET", "/api/v1/base/oss_token?type=21", undefined, alice.token)).data as S3Credential
    expect(credential.fields["Content-Type"]).toBe("image/jpeg")
  })
})

describe("one bucket, two servers", () => {
  it("the web's uploader posts to the bucket; the first server records it, the second reads it, its public URL serves it", async () => {
    const png = await solidPng(320, 200)
    const posted = await asCore(first, alice.token, Effect.flatMap(Uploads, (uploads) => uploads.uploadToOss({ name: "桶.png", type: "image/png", size: png.byteLength, blob: blob(png, "image/png") })))
    expect(posted._tag).toBe("Right")
    const { key, url } = (posted as { right: { key: string; url: string } }).right
    expect(url).toBe(`${s3.settings().publicUrl}/${key}`)
    expect((await bucketHead(key)).headers.get("content-type")).toBe("image/png")
    expect(await first.request("POST", "/api/v1/base/file/create", { key }, alice.token)).toMatchObject({ code: 0, data: { key, url, width: 320, height: 200 } })
    expect(await second.request("POST", "/api/v1/base/file/snapshot", { key, width: 32 }, alice.token)).toMatchObject({ code: 0, data: { width: 32 } })
    expect(await second.request("POST", "/api/v2/artwork/upload", { type: "sd", url, parameters: sdParameters() }, alice.token)).toMatchObject({ code: 0 })
    expect(new Uint8Array(await (await fetch(url)).arrayBuffer())).toEqual(png)
  })

  it("what is not an image is refused by file/create and deleted from the bucket (R19 after a direct post)", async () => {
    const credential = (await first.request("GET", "/api/v1/base/oss_token?type=21&content_type=image/png", undefined, alice.token)).data as S3Credential
    const key = `${credential.dir}20261127210000_notanimage.png`
    const form: Array<readonly [string, string] | readonly [string, Blob, string]> = [["key", key], ...Object.entries(credential.fields).filter(([name]) => name !== "key"), ["file", blob(HTML, "image/png"), "x.png"]]
    expect((await postForm(credential.host, form)).status).toBe(200)
    expect((await bucketHead(key)).status).toBe(200)
    expect((await second.request("POST", "/api/v1/base/file/create", { key }, alice.token)).code).toBe(400)
    expect((await bucketHead(key)).status).toBe(404)
  })

  it("a server-side write on one server (base/upload) is served and read by the other", async () => {
    const png = await solidPng(90, 60)
    const answer = await json(await postForm(`${second.url}/api/v1/base/upload`, [["file", blob(png, "image/png"), "a.png"]], alice.token))
    const { key, url } = answer.data as { key: string; url: string }
    expect(url).toBe(`${s3.settings().publicUrl}/${key}`)
    expect(await first.request("POST", "/api/v1/base/file/snapshot", { key }, alice.token)).toMatchObject({ code: 0 })
    expect(new Uint8Array(await (await fetch(url)).arrayBuffer())).toEqual(png)
    // the download link stays on the storage origin, which reads through the bucket and answers an attachment
    const link = (await first.request("POST", "/api/v1/base/file/download", { key }, alice.token)).data as { url: string }
    expect(link.url.startsWith(`${first.storageUrl}/uploads/${key}?download=1`)).toBe(true)
    const downloaded = await fetch(link.url)
    expect(downloaded.headers.get("content-disposition")).toContain("attachment")
    expect(new Uint8Array(await downloaded.arrayBuffer())).toEqual(png)
  })

  it("a multipart upload (R21) started on one server, parts sent to both, completed on the other", async () => {
    const bytes = await noisyPng(700, 700)
    const plan = (await first.request("POST", "/api/v1/base/upload/multipart/init", { file_name: "长卷.png", file_size: bytes.byteLength, content_type: "image/png" }, alice.token)).data as { upload_id: string; part_size: number; part_count: number }
    expect(plan.part_count).toBeGreaterThan(1)
    const parts: Array<{ part_number: number; etag: string }> = []
    for (let number = 1; number <= plan.part_count; number++) {
      const part = bytes.subarray((number - 1) * plan.part_size, number * plan.part_size)
      const via = number % 2 === 0 ? second : first
      const sent = await json(await postForm(`${via.url}/api/v1/base/upload/multipart`, [["upload_id", plan.upload_id], ["part_number", String(number)], ["file", blob(part, "application/octet-stream"), "blob"]], alice.token))
      parts.push({ part_number: number, etag: sent.data.etag as string })
    }
    const done = await second.request("POST", "/api/v1/base/upload/multipart/complete", { upload_id: plan.upload_id, parts }, alice.token)
    expect(done).toMatchObject({ code: 0, data: { size: bytes.byteLength, width: 700 } })
    const served = new Uint8Array(await (await fetch((done.data as { url: string }).url)).arrayBuffer())
    expect(Buffer.from(served).equals(Buffer.from(bytes))).toBe(true)
    const leftovers = await (await fetch(`${s3.direct}/${S3_BUCKET}?list-type=2&prefix=.multipart/${plan.upload_id}/`)).text()
    expect(leftovers).not.toContain("<Key>")
  })
})
