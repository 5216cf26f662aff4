import { describe, expect, it } from "vitest"
import { uploadImageKind } from "./uploadFileType.js"
import { type UploadCandidate, type UploadLimits, validateUpload } from "./validateUpload.js"

const MB = 1024 * 1024
const file = (name: string, type: string, size = 1000): UploadCandidate => ({ name, type, size })
const wrongType = { ok: false, message: "只能上传 png, jpg, jpeg 格式的图片" }
const tooLarge = (n: number) => ({ ok: false, message: `文件大小不能超过 ${n} MB` })
const tooMany = (n: number) => ({ ok: false, message: `最多上传 ${n} 张图片` })

type KindRow = readonly [rule: string, name: string, fileName: string, mime: string, expected: "png" | "jpg" | undefined]

const kindRows: ReadonlyArray<KindRow> = [
  ["UP1", "png by both", "a.png", "image/png", "png"],
  ["UP1", "jpg by both", "a.jpg", "image/jpeg", "jpg"],
  ["UP1", "jpeg extension", "photo.jpeg", "image/jpeg", "jpg"],
  ["UP1", "non-standard image/jpg", "a.jpg", "image/jpg", "jpg"],
  ["UP1", "upper-case extension and MIME", "A.PNG", "IMAGE/PNG", "png"],
  ["UP1", "mixed-case JPeG", "x.JPeG", "", "jpg"],
  ["UP1", "MIME with parameters", "a.png", "image/png; charset=binary", "png"],
  ["UP1", "empty MIME, extension decides", "a.png", "", "png"],
  ["UP1", "no extension, MIME decides", "image", "image/png", "png"],
  ["UP1", "several dots", "my.photo.v2.jpg", "image/jpeg", "jpg"],
  ["UP1", "gif rejected", "a.gif", "image/gif", undefined],
  ["UP1", "webp rejected", "a.webp", "image/webp", undefined],
  ["UP1", "svg with a png MIME rejected", "a.svg", "image/png", undefined],
  ["UP1", "png name with an svg MIME rejected", "a.png", "image/svg+xml", undefined],
  ["UP1", "html renamed png but typed text/html", "a.png", "text/html", undefined],
  ["UP1", "png name with a jpeg MIME contradicts", "a.png", "image/jpeg", undefined],
  ["UP1", "jpg name with a png MIME contradicts", "a.jpg", "image/png", undefined],
  ["UP1", "nothing to go on", "image", "", undefined],
  ["UP1", "dot file is not an extension", ".png", "", undefined],
  ["UP1", "trailing dot has no extension", "a.", "", undefined],
  ["UP1", "png inside the name only", "png.exe", "", undefined],
  ["UP1", "extension of the base name, not a folder", "dir.png/file", "", undefined],
  ["UP1", "empty name and empty MIME", "", "", undefined]
]

describe("UP1 accepted formats (spec §5)", () => {
  it.each(kindRows)("%s %s", (_rule, _name, fileName, mime, expected) => {
    expect(uploadImageKind({ name: fileName, type: mime })).toBe(expected)
  })
})

type Row = readonly [rule: string, name: string, files: ReadonlyArray<UploadCandidate>, limits: UploadLimits, expected: unknown]

const rows: ReadonlyArray<Row> = [
  ["UP1", "a gif among pngs", [file("a.png", "image/png"), file("b.gif", "image/gif")], {}, wrongType],
  ["UP1", "an empty selection is fine", [], {}, { ok: true }],
  ["UP2", "exactly 15 MB passes", [file("a.png", "image/png", 15 * MB)], {}, { ok: true }],
  ["UP2", "one byte over 15 MB", [file("a.png", "image/png", 15 * MB + 1)], {}, tooLarge(15)],
  ["UP2", "15 decimal MB is under the binary limit", [file("a.png", "image/png", 15_000_000)], {}, { ok: true }],
  ["UP2", "a custom limit", [file("a.jpg", "image/jpeg", 5 * MB + 1)], { limitMb: 5 }, tooLarge(5)],
  ["UP2", "a fractional limit prints as given", [file("a.jpg", "image/jpeg", MB)], { limitMb: 0.5 }, tooLarge(0.5)],
  ["UP2", "a zero limit means the default", [file("a.png", "image/png", 16 * MB)], { limitMb: 0 }, tooLarge(15)],
  ["UP2", "a negative limit means the default", [file("a.png", "image/png", 14 * MB)], { limitMb: -3 }, { ok: true }],
  ["UP2", "a NaN limit means the default", [file("a.png", "image/png", 16 * MB)], { limitMb: Number.NaN }, tooLarge(15)],
  ["UP2", "an empty file passes", [file("a.png", "image/png", 0)], {}, { ok: true }],
  ["UP2", "a negative size fails", [file("a.png", "image/png", -1)], {}, tooLarge(15)],
  ["UP2", "a NaN size fails", [file("a.png", "image/png", Number.NaN)], {}, tooLarge(15)],
  ["UP3", "within the count", [file("a.png", "image/png"), file("b.png", "image/png")], { maxCount: 3, existingCount: 1 }, { ok: true }],
  ["UP3", "over the count with those already uploaded", [file("a.png", "image/png"), file("b.png", "image/png")], { maxCount: 3, existingCount: 2 }, tooMany(3)],
  ["UP3", "over the count alone", [file("a.png", "image/png"), file("b.png", "image/png")], { maxCount: 1 }, tooMany(1)],
  ["UP3", "already full", [file("a.png", "image/png")], { maxCount: 9, existingCount: 9 }, tooMany(9)],
  ["UP3", "0 means unlimited", Array.from({ length: 50 }, (_, i) => file(`${i}.png`, "image/png")), { maxCount: 0, existingCount: 100 }, { ok: true }],
  ["UP3", "a negative count limit means unlimited", [file("a.png", "image/png")], { maxCount: -1, existingCount: 5 }, { ok: true }],
  ["UP3", "a negative existing count counts as none", [file("a.png", "image/png")], { maxCount: 1, existingCount: -4 }, { ok: true }],
  ["UP4", "count is checked before type", [file("a.gif", "image/gif"), file("b.gif", "image/gif")], { maxCount: 1 }, tooMany(1)],
  ["UP4", "type is checked before size", [file("a.gif", "image/gif", 99 * MB)], {}, wrongType],
  ["UP4", "files are checked in order: size problem first", [file("a.png", "image/png", 16 * MB), file("b.gif", "image/gif")], {}, tooLarge(15)],
  ["UP4", "files are checked in order: type problem first", [file("b.gif", "image/gif"), file("a.png", "image/png", 16 * MB)], {}, wrongType]
]

describe("upload validation (spec §5, docs/spec/upload.md)", () => {
  it.each(rows)("%s %s", (_rule, _name, files, limits, expected) => {
    expect(validateUpload(files, limits)).toEqual(expected)
  })
})
