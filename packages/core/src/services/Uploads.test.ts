import { Effect, Layer, Random, TestClock } from "effect"
import { describe, expect, it } from "vitest"
import { envelope } from "../adapters/MemoryHttp.js"
import { type FormField, HttpFailure, type HttpRequest, type HttpResponse } from "../ports/Http.js"
import { runTest } from "../testing/runTest.js"
import { makeTestCore, storedLogin } from "../testing/testCore.js"
import { StorageKeys } from "./storageKeys.js"
import type { UploadFile } from "./ossUpload.js"
import { UploadsLive } from "./deferredServices.js"
import { Uploads } from "./Uploads.js"

const TOKEN_URL = "/api/v1/base/oss_token"
const HOST = "https://mido-upload.oss-cn-hangzhou.aliyuncs.com"
const credential = { dir: "uploads/20001/202403/", access_id: "LTAI5tExampleId", policy: "eyJleHBpcmF0aW9uIjoi", signature: "c2lnbmF0dXJl", host: HOST }
const MB = 1024 * 1024

/** 2024-03-05 01:02:03 UTC = 09:02:03 in China; Random.fixed draws 123 and 456 → base 36 "0003f" and "000co". */
const NOW = Date.UTC(2024, 2, 5, 1, 2, 3)
const EXPECTED_NAME = "20240305090203_0003f000co.png"
const EXPECTED_KEY = `${credential.dir}${EXPECTED_NAME}`

type Answer = HttpResponse | Effect.Effect<HttpResponse, HttpFailure> | undefined
type Handler = (request: HttpRequest) => Answer

const setup = (handler: Handler) => {
  const core = makeTestCore(handler, storedLogin())
  return { ...core, layer: Layer.provideMerge(UploadsLive, core.layer) }
}

const png = (size = 8, name = "我的照片.PNG", type = "image/png"): UploadFile => {
  const bytes = new Uint8Array(size)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].slice(0, size))
  return { name, type, size, blob: new Blob([bytes], { type }) }
}

const fieldsOf = (request: HttpRequest | undefined): ReadonlyArray<FormField> => (request?.body?.kind === "form" ? request.body.fields : [])
const textField = (request: HttpRequest | undefined, name: string) => {
  const field = fieldsOf(request).find((candidate) => candidate.name === name)
  return field !== undefined && "value" in field ? field.value : undefined
}
const bodyOf = (request: HttpRequest | undefined) => (request?.body?.kind === "json" ? request.body.value : undefined)

const ok: HttpResponse = { status: 200, headers: {}, body: undefined }

const ossServer = (storage: Handler = () => ok, token: Handler = () => envelope(0, credential)): Handler => (request) =>
  request.url === TOKEN_URL ? token(request) : request.url === HOST ? storage(request) : undefined

const upload = <A, E>(layer: ReturnType<typeof setup>["layer"], use: (uploads: typeof Uploads.Service) => Effect.Effect<A, E>) =>
  runTest(
    Effect.gen(function* () {
      yield* TestClock.setTime(NOW)
      return yield* Effect.flatMap(Uploads, use)
    }).pipe(Effect.withRandom(Random.fixed([123, 456])), Effect.provide(layer))
  )

describe("Uploads: validate (spec §5 UP1–UP4)", () => {
  it.each([
    ["a png passes", [png()], {}, { ok: true }],
    ["a gif is refused", [{ ...png(), name: "a.gif", type: "image/gif" }], {}, { ok: false, message: "只能上传 png, jpg, jpeg 格式的图片" }],
    ["over 15 MB", [png(0)].map((file) => ({ ...file, size: 15 * MB + 1 })), {}, { ok: false, message: "文件大小不能超过 15 MB" }],
    ["over the count", [png(), png()], { maxCount: 2, existingCount: 1 }, { ok: false, message: "最多上传 2 张图片" }]
  ] as const)("%s", async (_name, files, limits, expected) => {
    const { layer } = setup(() => undefined)
    expect(await upload(layer, (uploads) => Effect.sync(() => uploads.validate(files, limits)))).toEqual(expected)
  })
})

describe("Uploads: direct post to storage (spec §7, R18)", () => {
  it("gets a type-21 credential, posts the PostObject form in order with the file last, answers host/key", async () => {
    const { memory, layer } = setup(ossServer())
    const result = await upload(layer, (uploads) => uploads.uploadToOss(png()))
    expect(result).toEqual({ url: `${HOST}/${EXPECTED_KEY}`, key: EXPECTED_KEY })
    expect(memory.requests[0]).toMatchObject({ method: "GET", url: TOKEN_URL, query: { type: "21" } })
    const post = memory.requests[1]
    expect(post).toMatchObject({ method: "POST", url: HOST })
    expect(fieldsOf(post).map((field) => field.name)).toEqual(["key", "policy", "OSSAccessKeyId", "success_action_status", "signature", "file"])
    expect(fieldsOf(post).slice(0, 5).map((field) => ("value" in field ? field.value : ""))).toEqual([
      EXPECTED_KEY, credential.policy, credential.access_id, "200", credential.signature
    ])
    expect(fieldsOf(post)[5]).toMatchObject({ name: "file", fileName: EXPECTED_NAME })
  })

  it("an S3 bucket's credential: asks a policy for the file's type, posts exactly the signed fields with our key, answers public_url/key", async () => {
    const s3Fields = { bucket: "mido", "X-Amz-Algorithm": "AWS4-HMAC-SHA256", "Content-Type": "image/png", key: `${credential.dir}\${filename}`, Policy: "cG9saWN5", "X-Amz-Signature": "abc" }
    const s3Credential = { ...credential, fields: s3Fields, public_url: "https://img.example.cn" }
    const { memory, layer } = setup(ossServer(() => ok, () => envelope(0, s3Credential)))
    const result = await upload(layer, (uploads) => uploads.uploadToOss(png()))
    expect(memory.requests[0]).toMatchObject({ query: { type: "21", content_type: "image/png" } })
    expect(fieldsOf(memory.requests[1]).map((field) => field.name)).toEqual(["key", "bucket", "X-Amz-Algorithm", "Content-Type", "Policy", "X-Amz-Signature", "file"])
    expect(fieldsOf(memory.requests[1])[0]).toMatchObject({ name: "key", value: EXPECTED_KEY })
    expect(result).toEqual({ url: `https://img.example.cn/${EXPECTED_KEY}`, key: EXPECTED_KEY })
  })

  it("never sends the API token or the person's file name to the storage host", async () => {
    const { memory, layer } = setup(ossServer())
    await upload(layer, (uploads) => uploads.uploadToOss(png()))
    expect(memory.requests[1]?.headers?.Authorization).toBeUndefined()
    expect(JSON.stringify(fieldsOf(memory.requests[1]).map((field) => ("fileName" in field ? field.fileName : field.value)))).not.toContain("我的照片")
  })

  it("names by Clock and Random: another draw, another key; a jpeg keeps its extension", async () => {
    const { layer } = setup(ossServer())
    const result = await runTest(
      Effect.gen(function* () {
        yield* TestClock.setTime(NOW + 1000)
        return yield* Effect.flatMap(Uploads, (uploads) => uploads.uploadToOss(png(8, "x.jpeg", "image/jpeg")))
      }).pipe(Effect.withRandom(Random.fixed([35, 36])), Effect.provide(layer))
    )
    expect(result.key).toBe(`${credential.dir}20240305090204_0000z00010.jpeg`)
  })

  it("reports progress 0–100, clamped, ending at 100", async () => {
    const seen: Array<number> = []
    const { layer } = setup(ossServer((request) => {
      for (const percent of [-5, 30, 62.4, 130]) request.onUploadProgress?.(percent)
      return ok
    }))
    await upload(layer, (uploads) => uploads.uploadToOss(png(), (percent) => seen.push(percent)))
    expect(seen).toEqual([0, 30, 62, 100, 100])
  })

  it("a host ending in / gives no double slash", async () => {
    const { layer } = setup((request) => (request.url === TOKEN_URL ? envelope(0, { ...credential, host: `${HOST}/` }) : request.url === `${HOST}/` ? ok : undefined))
    expect((await upload(layer, (uploads) => uploads.uploadToOss(png()))).url).toBe(`${HOST}/${EXPECTED_KEY}`)
  })

  it.each([
    ["a gif", { ...png(), name: "a.gif", type: "image/gif" }, "只能上传 png, jpg, jpeg 格式的图片"],
    ["16 MB", { ...png(), size: 16 * MB }, "文件大小不能超过 15 MB"]
  ] as const)("refuses %s before asking for a credential", async (_name, file, message) => {
    const { memory, layer } = setup(ossServer())
    expect(await upload(layer, (uploads) => Effect.flip(uploads.uploadToOss(file)))).toMatchObject({ _tag: "UploadRejected", message })
    expect(memory.requests).toHaveLength(0)
  })

  it.each([
    ["code ≠ 0", () => envelope(1001, null, "上传过于频繁"), "ApiError"],
    ["a network failure", () => Effect.fail(new HttpFailure({ reason: "offline", timeout: false })), "NetworkError"],
    ["a malformed credential", () => envelope(0, { ...credential, dir: "../etc/" }), "DecodeError"]
  ] as const)("the credential fails (%s): 获取 OSS Token 失败, nothing posted", async (_name, answer, cause) => {
    const { memory, layer } = setup(ossServer(() => ok, answer))
    const error = await upload(layer, (uploads) => Effect.flip(uploads.uploadToOss(png())))
    expect(error).toMatchObject({ _tag: "OssTokenFailed", message: "获取 OSS Token 失败", cause: { _tag: cause } })
    expect(memory.requests).toHaveLength(1)
  })

  it("-401 on the credential stays Unauthorized and logs out", async () => {
    const { kv, layer } = setup(ossServer(() => ok, () => envelope(-401, null, "请先登录")))
    expect((await upload(layer, (uploads) => Effect.flip(uploads.uploadToOss(png()))))._tag).toBe("Unauthorized")
    expect(kv.entries.has(StorageKeys.auth)).toBe(false)
  })

  it.each([
    ["HTTP 403 (policy expired)", () => ({ status: 403, headers: {}, body: "<Error><Code>AccessDenied</Code></Error>" }), { status: 403, message: "上传失败（403），请重试" }],
    ["HTTP 204 is not the asked-for 200", () => ({ status: 204, headers: {}, body: undefined }), { status: 204 }],
    ["a transport failure", () => Effect.fail(new HttpFailure({ reason: "timeout", timeout: true })), { status: undefined, reason: "timeout", message: "上传失败，请检查网络后重试" }]
  ] as const)("storage refuses: %s", async (_name, answer, expected) => {
    const { layer } = setup(ossServer(answer))
    expect(await upload(layer, (uploads) => Effect.flip(uploads.uploadToOss(png())))).toMatchObject({ _tag: "UploadFailed", ...expected })
  })
})

describe("Uploads: multipart for large files (R21)", () => {
  const INIT = "/api/v1/base/upload/multipart/init"
  const PART = "/api/v1/base/upload/multipart"
  const COMPLETE = "/api/v1/base/upload/multipart/complete"
  const ABORT = "/api/v1/base/upload/multipart/abort"
  const plan = { upload_id: "mpu_0123456789", key: "uploads/20001/202403/big.png", part_size: 4, part_count: 3 }
  const stored = { id: 88, key: plan.key, url: `${HOST}/${plan.key}`, size: 10, width: 1, height: 1, content_type: "image/png" }

  const multipartServer = (overrides: Partial<Record<string, Handler>> = {}): Handler => (request) => {
    const own = overrides[request.url]
    if (own !== undefined) return own(request)
    if (request.url === INIT) return envelope(0, plan)
    if (request.url === PART) {
      const number = Number(textField(request, "part_number"))
      return envelope(0, { part_number: number, etag: `etag-${number}`, size: 4 })
    }
    if (request.url === COMPLETE) return envelope(0, stored)
    if (request.url === ABORT) return envelope(0, { success: true })
    return undefined
  }
  const urls = (requests: ReadonlyArray<HttpRequest>) => requests.map((request) => request.url)

  it("init, three parts in order, complete; progress after each part", async () => {
    const seen: Array<number> = []
    const { memory, layer } = setup(multipartServer())
    const result = await upload(layer, (uploads) => uploads.uploadMultipart(png(10, "big.png"), { onProgress: (p) => seen.push(p), scene: "artwork" }))
    expect(result).toEqual(stored)
    expect(urls(memory.requests)).toEqual([INIT, PART, PART, PART, COMPLETE])
    expect(bodyOf(memory.requests[0])).toEqual({ file_name: "big.png", file_size: 10, content_type: "image/png", scene: "artwork" })
    const parts = memory.requests.slice(1, 4)
    expect(parts.map((request) => [textField(request, "upload_id"), textField(request, "part_number")])).toEqual([
      [plan.upload_id, "1"], [plan.upload_id, "2"], [plan.upload_id, "3"]
    ])
    expect(parts.map((request) => fieldsOf(request).find((field) => field.name === "file"))).toMatchObject([
      { file: { size: 4 } }, { file: { size: 4 } }, { file: { size: 2 } }
    ])
    expect(bodyOf(memory.requests[4])).toEqual({
      upload_id: plan.upload_id,
      parts: [{ part_number: 1, etag: "etag-1" }, { part_number: 2, etag: "etag-2" }, { part_number: 3, etag: "etag-3" }]
    })
    expect(seen).toEqual([40, 80, 100])
  })

  it("a clipboard image without a name is sent as image.png", async () => {
    const { memory, layer } = setup(multipartServer())
    await upload(layer, (uploads) => uploads.uploadMultipart(png(10, "")))
    expect(bodyOf(memory.requests[0])).toMatchObject({ file_name: "image.png" })
  })

  it.each([
    ["a part is refused", { [PART]: (request: HttpRequest) => (textField(request, "part_number") === "2" ? envelope(1009, null, "分片上传失败") : envelope(0, { part_number: 1, etag: "etag-1", size: 4 })) }, { _tag: "ApiError", msg: "分片上传失败" }],
    ["complete refuses the bytes (R19)", { [COMPLETE]: () => envelope(1010, null, "图片内容无效") }, { _tag: "ApiError", msg: "图片内容无效" }],
    ["the network drops", { [PART]: () => Effect.fail(new HttpFailure({ reason: "offline", timeout: false })) }, { _tag: "NetworkError" }],
    ["a part answer is malformed", { [PART]: () => envelope(0, { part_number: 1 }) }, { _tag: "DecodeError", field: "etag" }],
    ["the plan cannot hold the file", { [INIT]: () => envelope(0, { ...plan, part_count: 2 }) }, { _tag: "UploadFailed", status: undefined }]
  ] as const)("%s: the upload is aborted and the error given", async (_name, overrides, expected) => {
    const { memory, layer } = setup(multipartServer(overrides as Partial<Record<string, Handler>>))
    const error = await upload(layer, (uploads) => Effect.flip(uploads.uploadMultipart(png(10, "big.png"))))
    expect(error).toMatchObject(expected)
    expect(urls(memory.requests).at(-1)).toBe(ABORT)
    expect(bodyOf(memory.requests.at(-1))).toEqual({ upload_id: plan.upload_id })
  })

  it("-401 on a part logs out; the abort is still tried", async () => {
    const { kv, memory, layer } = setup(multipartServer({ [PART]: () => envelope(-401, null, "请先登录"), [ABORT]: () => envelope(-401, null, "请先登录") }))
    const error = await upload(layer, (uploads) => Effect.flip(uploads.uploadMultipart(png(10, "big.png"))))
    expect(error._tag).toBe("Unauthorized")
    expect(urls(memory.requests)).toEqual([INIT, PART, ABORT])
    expect(kv.entries.has(StorageKeys.auth)).toBe(false)
  })

  it("a failed abort is only logged: the first error is the answer", async () => {
    const { layer } = setup(multipartServer({ [COMPLETE]: () => envelope(1010, null, "图片内容无效"), [ABORT]: () => envelope(500, null, "x") }))
    expect(await upload(layer, (uploads) => Effect.flip(uploads.uploadMultipart(png(10, "big.png"))))).toMatchObject({ msg: "图片内容无效" })
  })

  it("init refused: nothing to abort", async () => {
    const { memory, layer } = setup(multipartServer({ [INIT]: () => envelope(1011, null, "上传次数过多") }))
    expect(await upload(layer, (uploads) => Effect.flip(uploads.uploadMultipart(png(10, "big.png"))))).toMatchObject({ _tag: "ApiError", msg: "上传次数过多" })
    expect(urls(memory.requests)).toEqual([INIT])
  })

  it("a gif is refused before init", async () => {
    const { memory, layer } = setup(multipartServer())
    const error = await upload(layer, (uploads) => Effect.flip(uploads.uploadMultipart({ ...png(10), name: "a.gif", type: "image/gif" })))
    expect(error).toMatchObject({ _tag: "UploadRejected", message: "只能上传 png, jpg, jpeg 格式的图片" })
    expect(memory.requests).toHaveLength(0)
  })
})

describe("Uploads: through the API (POST /api/v1/base/upload)", () => {
  const UPLOAD = "/api/v1/base/upload"
  const answer = { url: `${HOST}/uploads/20001/202403/a.png`, key: "uploads/20001/202403/a.png" }
  const only = (respond: Handler): Handler => (request) => (request.url === UPLOAD ? respond(request) : undefined)

  it("posts the file as a form with its scene and the token", async () => {
    const { memory, layer } = setup(only(() => envelope(0, answer)))
    expect(await upload(layer, (uploads) => uploads.uploadViaApi(png(8, "a.png"), "avatar"))).toEqual(answer)
    expect(memory.requests[0]?.headers?.Authorization).toMatch(/^Bearer /)
    expect(fieldsOf(memory.requests[0])).toMatchObject([{ name: "file", fileName: "a.png" }, { name: "scene", value: "avatar" }])
  })

  it("a gif is refused with the spec's text, nothing sent", async () => {
    const { memory, layer } = setup(only(() => envelope(0, answer)))
    const error = await upload(layer, (uploads) => Effect.flip(uploads.uploadViaApi({ ...png(8), name: "a.gif", type: "image/gif", blob: new Blob(["GIF89a"], { type: "image/gif" }) })))
    expect(error).toMatchObject({ _tag: "InvalidInput", message: "只能上传 png, jpg, jpeg 格式的图片" })
    expect(memory.requests).toHaveLength(0)
  })

  it.each([
    ["code ≠ 0", () => envelope(1012, null, "图片内容无效"), { _tag: "ApiError", msg: "图片内容无效" }],
    ["-401", () => envelope(-401, null, "请先登录"), { _tag: "Unauthorized" }],
    ["a network failure", () => Effect.fail(new HttpFailure({ reason: "offline", timeout: false })), { _tag: "NetworkError" }],
    ["a malformed answer", () => envelope(0, { url: "javascript:alert(1)", key: answer.key }), { _tag: "DecodeError", field: "url" }]
  ] as const)("%s", async (_name, respond, expected) => {
    const { layer } = setup(only(respond))
    expect(await upload(layer, (uploads) => Effect.flip(uploads.uploadViaApi(png(8, "a.png"))))).toMatchObject(expected)
  })
})
