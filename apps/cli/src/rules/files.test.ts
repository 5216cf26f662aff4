import { describe, expect, it } from "vitest"
import { runRule } from "../commands/rule.js"
import { filesRules } from "./files.js"

const run = (name: string, input: unknown) => runRule(filesRules, name, JSON.stringify(input))
const base64 = (...bytes: ReadonlyArray<number>) => Buffer.from(bytes).toString("base64")
const MB = 1024 * 1024

describe("files rules (harness)", () => {
  it.each([
    ["UP1", "a png passes", "upload.validate", { files: [{ name: "a.png", type: "image/png", size: 10 }] }, { ok: true }],
    ["UP1", "a gif is refused", "upload.validate", { files: [{ name: "a.gif", type: "image/gif", size: 10 }] }, { ok: false, message: "只能上传 png, jpg, jpeg 格式的图片" }],
    ["UP2", "one byte over the default 15 MB", "upload.validate", { files: [{ name: "a.JPG", type: "", size: 15 * MB + 1 }] }, { ok: false, message: "文件大小不能超过 15 MB" }],
    ["UP2", "over a custom limit", "upload.validate", { files: [{ name: "a.jpeg", type: "image/jpeg", size: 3 * MB }], limitMb: 2 }, { ok: false, message: "文件大小不能超过 2 MB" }],
    ["UP3", "already full", "upload.validate", { files: [{ name: "a.png", type: "image/png", size: 1 }], maxCount: 4, existingCount: 4 }, { ok: false, message: "最多上传 4 张图片" }],
    ["UP3", "0 means unlimited", "upload.validate", { files: [{ name: "a.png", type: "image/png", size: 1 }], maxCount: 0, existingCount: 4 }, { ok: true }],
    ["IM1", "content type with parameters", "image.detectType", { contentType: "image/webp; charset=binary", bytesBase64: "" }, { ext: "webp" }],
    ["IM2", "jpeg bytes", "image.detectType", { bytesBase64: base64(0xff, 0xd8, 0xff, 0xe0) }, { ext: "jpg" }],
    ["IM2", "gif bytes, null content type", "image.detectType", { contentType: null, bytesBase64: Buffer.from("GIF89a").toString("base64") }, { ext: "gif" }],
    ["IM3", "nothing known defaults to png", "image.detectType", { contentType: "text/html", bytesBase64: "" }, { ext: "png" }],
    ["MS2", "javascript:// is not a link", "message.link", { jump_url: "javascript://%0aalert(1)" }, { clickable: false }],
    ["MS2", "mixed-case javascript:// is not a link", "message.link", { jump_url: "JaVaScRiPt://x%0Aalert(1)" }, { clickable: false }],
    ["MS2", "https is a link", "message.link", { jump_url: "https://ok.example.com/a" }, { clickable: true }],
    ["MS2", "a site path is a link", "message.link", { jump_url: "/artworks/1" }, { clickable: true }],
    ["MS2", "empty is not a link", "message.link", { jump_url: "" }, { clickable: false }]
  ] as const)("%s %s", (_rule, _case, name, input, expected) => {
    const result = run(name, input)
    expect(result.exitCode).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual(expected)
  })

  it.each([
    ["upload.validate", "files missing", {}],
    ["upload.validate", "a negative size", { files: [{ name: "a.png", type: "image/png", size: -1 }] }],
    ["upload.validate", "a fractional size", { files: [{ name: "a.png", type: "image/png", size: 1.5 }] }],
    ["upload.validate", "a file without a type", { files: [{ name: "a.png", size: 1 }] }],
    ["upload.validate", "a zero size limit", { files: [], limitMb: 0 }],
    ["upload.validate", "a negative count limit", { files: [], maxCount: -1 }],
    ["upload.validate", "a string existing count", { files: [], existingCount: "2" }],
    ["image.detectType", "bytes missing", { contentType: "image/png" }],
    ["image.detectType", "bytes that are not base64", { bytesBase64: "not base64!" }],
    ["image.detectType", "base64 without padding", { bytesBase64: "iVBORw" }],
    ["image.detectType", "a numeric content type", { contentType: 1, bytesBase64: "" }],
    ["message.link", "jump_url missing", {}],
    ["message.link", "jump_url not a string", { jump_url: 42 }]
  ])("%s rejects %s with exit 2", (name, _case, input) => {
    expect(run(name, input).exitCode).toBe(2)
  })
})
