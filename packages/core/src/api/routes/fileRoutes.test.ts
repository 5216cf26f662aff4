import { Either, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { pngBlob } from "../examples/accountSamples.js"
import { fileRoutes } from "./fileRoutes.js"
import { fileExamples } from "../examples/fileExamples.js"
import { describeRoutes } from "../../testing/describeRoutes.js"

const KEY = "uploads/20001/202611/20261122183000k3j9x2.png"
const UPLOAD_ID = "mpu_5Ty8Kq2LzX9wR3vN"
const OSS = "https://oss.mido.example.com"
const storedFile = { id: 30017, key: KEY, url: `${OSS}/${KEY}`, size: 1024, width: 10, height: 10, content_type: "image/png" }
const badKeys = [{}, { key: "" }, { key: "/etc/passwd" }, { key: "uploads/20001/../20002/a.png" }, { key: "uploads/a b.png" }]
const gif = new File([Uint8Array.of(0x47, 0x49, 0x46, 0x38)], "a.gif", { type: "image/gif" })
const empty = new File([], "a.png", { type: "image/png" })
const tooLarge = new File([new Uint8Array(15 * 1024 * 1024 + 1)], "big.png", { type: "image/png" })

describeRoutes("file", fileRoutes, fileExamples, {
  upload: {
    malformed: [{ url: "javascript:alert(1)", key: KEY }, { url: `${OSS}/${KEY}`, key: "../x" }, { url: `${OSS}/${KEY}` }],
    badInputs: [{}, { file: "not a file" }, { file: gif }, { file: empty }, { file: tooLarge }, { file: pngBlob(), scene: "banner" }]
  },
  ossToken: {
    malformed: [
      { dir: "uploads/20001/", access_id: "k", policy: "p", signature: "s", host: "javascript:alert(1)" },
      { dir: "/", access_id: "k", policy: "p", signature: "s", host: OSS },
      { dir: "uploads/20001/", access_id: "k", policy: "p", host: OSS }
    ],
    badInputs: [{}, { type: "abc" }, { type: "-1" }, { type: "0" }, { type: "100" }]
  },
  fileCreate: {
    malformed: [{ ...storedFile, content_type: "image/gif" }, { ...storedFile, size: 15 * 1024 * 1024 + 1 }, { ...storedFile, id: -1 }],
    badInputs: [...badKeys, { key: KEY, name: "长".repeat(101) }, { key: KEY, size: 10 }]
  },
  multipartInit: {
    malformed: [{ upload_id: UPLOAD_ID, key: KEY, part_size: 0, part_count: 1 }, { upload_id: UPLOAD_ID, key: KEY, part_size: 5, part_count: 17 }],
    badInputs: [
      { file_name: "a.png", file_size: 0, content_type: "image/png" },
      { file_name: "a.png", file_size: 15 * 1024 * 1024 + 1, content_type: "image/png" },
      { file_name: "a.gif", file_size: 10, content_type: "image/gif" },
      { file_name: "", file_size: 10, content_type: "image/png" }
    ]
  },
  multipartPart: {
    malformed: [{ part_number: 0, etag: "x", size: 1 }, { part_number: 1, etag: "", size: 1 }],
    badInputs: [
      { upload_id: UPLOAD_ID, part_number: "0", file: pngBlob() },
      { upload_id: UPLOAD_ID, part_number: "17", file: pngBlob() },
      { upload_id: UPLOAD_ID, part_number: "1", file: empty },
      { upload_id: "x", part_number: "1", file: pngBlob() },
      { upload_id: UPLOAD_ID, part_number: "1" }
    ]
  },
  multipartAbort: {
    malformed: [{}, { success: 1 }],
    badInputs: [{}, { upload_id: "" }, { upload_id: "../../x" }]
  },
  multipartComplete: {
    malformed: [{ ...storedFile, width: 0 }],
    badInputs: [
      { upload_id: UPLOAD_ID, parts: [] },
      { upload_id: UPLOAD_ID, parts: [{ part_number: 1, etag: "a" }, { part_number: 1, etag: "b" }] },
      { upload_id: UPLOAD_ID, parts: Array.from({ length: 17 }, (_, index) => ({ part_number: index + 1, etag: "e" })) },
      { upload_id: UPLOAD_ID, parts: [{ part_number: -1, etag: "a" }] }
    ]
  },
  snapshot: {
    malformed: [{ url: `${OSS}/t.png`, width: 0, height: 10 }, { url: "data:text/html,x", width: 10, height: 10 }],
    badInputs: [...badKeys, { key: KEY, width: 5000 }, { key: KEY, width: 8 }]
  },
  download: {
    malformed: [{ url: `${OSS}/a.png`, file_name: "../a.png", expire_in: 300 }, { url: `${OSS}/a.png`, file_name: "a.png" }],
    badInputs: badKeys
  }
})

describe("file schemas", () => {
  it("an upload says why a file is refused, in the spec's words (§5)", () => {
    const refused = (file: File) => {
      const result = Schema.decodeUnknownEither(fileRoutes.upload.input)({ file })
      return Either.isLeft(result) ? result.left.message : ""
    }
    expect(refused(gif)).toContain("只能上传 png, jpg, jpeg 格式的图片")
    expect(refused(tooLarge)).toContain("文件大小不能超过 15 MB")
  })

  it("multipart form fields travel as text: part_number decodes from \"2\"", () => {
    const part = Schema.decodeUnknownSync(fileRoutes.multipartPart.input)({ upload_id: UPLOAD_ID, part_number: "2", file: pngBlob("part-2") })
    expect(part.part_number).toBe(2)
    expect(Schema.encodeSync(fileRoutes.multipartPart.input)(part).part_number).toBe("2")
  })
})
