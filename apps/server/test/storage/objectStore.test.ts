import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { ObjectStore } from "../../src/adapters/storage/objectStorePort.js"
import { localObjectStore } from "../../src/adapters/storage/localObjectStore.js"
import { s3ServiceCheck } from "../../src/adapters/storage/s3Client.js"
import { s3ObjectStore } from "../../src/adapters/storage/s3ObjectStore.js"
import { objectStoreContract } from "./objectStoreContract.js"
import { type S3Fixture, startS3 } from "./s3Fixtures.js"

let s3: S3Fixture
let bucket: ObjectStore
const directory = mkdtempSync(join(tmpdir(), "mido-store-contract-"))
const disk = localObjectStore(directory)

beforeAll(async () => {
  s3 = await startS3()
  bucket = s3ObjectStore(s3.settings())
})
afterAll(async () => {
  await s3?.close()
  rmSync(directory, { recursive: true, force: true })
})

objectStoreContract("local disk", () => disk)
objectStoreContract("S3 bucket on s3rver", () => bucket)

describe("the S3 adapter's requests, checked apart from s3rver", () => {
  it("every request it sent carries a SigV4 signature the proxy recomputed from the secret", async () => {
    await bucket.create(`u/7/202611/signed_${Date.now()}.png`, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]))
    expect(s3.requests.length).toBeGreaterThan(10)
    expect(s3.requests.filter((request) => request.signatureOk !== true).map((request) => `${request.method} ${request.path}`)).toEqual([])
  })

  it("a wrong secret is refused (403 SignatureDoesNotMatch), and the store says so instead of answering 'missing'", async () => {
    const wrong = s3ObjectStore(s3.settings({ secretAccessKey: "not-the-secret" }))
    await expect(wrong.head("u/7/202611/any.png")).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } })
    expect(s3.requests.at(-1)?.signatureOk).toBe(false)
  })

  it("no default CRC32 checksum headers (stores other than AWS refuse them) and objects are written with their image type", async () => {
    const key = `u/7/202611/typed_${Date.now()}.png`
    const before = s3.requests.length
    await bucket.create(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9]))
    const put = s3.requests.slice(before).find((request) => request.method === "PUT")
    expect(put?.headers["content-type"]).toBe("image/png")
    expect(put?.headers["if-none-match"]).toBe("*")
    expect(Object.keys(put?.headers ?? {}).filter((name) => name.startsWith("x-amz-checksum") || name === "x-amz-sdk-checksum-algorithm")).toEqual([])
    const served = await fetch(`${s3.direct}/mido-test/${key}`)
    expect(served.headers.get("content-type")).toBe("image/png")
    expect(served.headers.get("cache-control")).toContain("immutable")
  })

  it("the doctor's check: a bucket HEAD, ok with the right key, a clear Chinese reason without the secret otherwise", async () => {
    expect(await s3ServiceCheck(s3.settings()).check()).toMatchObject({ ok: true })
    const bad = await s3ServiceCheck(s3.settings({ secretAccessKey: "wrong-secret-value" })).check()
    expect(bad.ok).toBe(false)
    expect(bad.detail).toContain("密钥无权访问该存储桶")
    expect(bad.detail).not.toContain("wrong-secret-value")
    const missing = await s3ServiceCheck(s3.settings({ bucket: "no-such-bucket" })).check()
    expect(missing).toMatchObject({ ok: false })
    expect(missing.detail).toContain("存储桶不存在")
  })
})
