import { describe, expect, it } from "vitest"
import { detectImageType, extensionFromContentType } from "./detectImageType.js"
import { sniffImageType } from "./magicBytes.js"

const bytes = (...values: ReadonlyArray<number>) => Uint8Array.from(values)
const text = (value: string) => Uint8Array.from(value, (char) => char.charCodeAt(0))
const concat = (...parts: ReadonlyArray<Uint8Array>) => Uint8Array.from(parts.flatMap((part) => Array.from(part)))

const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13)
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16)
const GIF87 = text("GIF87a\x01\x00")
const GIF89 = text("GIF89a\x01\x00")
const WEBP = concat(text("RIFF"), bytes(0x24, 0x00, 0x00, 0x00), text("WEBPVP8 "))
const NOTHING = bytes()

type Row = readonly [rule: string, name: string, contentType: string | undefined, body: Uint8Array, expected: string]

const rows: ReadonlyArray<Row> = [
  ["IM1", "image/png", "image/png", NOTHING, "png"],
  ["IM1", "image/jpeg", "image/jpeg", NOTHING, "jpg"],
  ["IM1", "image/jpg", "image/jpg", NOTHING, "jpg"],
  ["IM1", "image/gif", "image/gif", NOTHING, "gif"],
  ["IM1", "image/webp", "image/webp", NOTHING, "webp"],
  ["IM1", "parameters are ignored", "image/webp; charset=binary", NOTHING, "webp"],
  ["IM1", "case and spaces are ignored", "  Image/JPEG ;q=1", NOTHING, "jpg"],
  ["IM1", "the content type wins over the bytes", "image/gif", PNG, "gif"],
  ["IM1", "octet-stream falls through to the bytes", "application/octet-stream", JPEG, "jpg"],
  ["IM1", "a non-image type falls through", "text/html; charset=utf-8", GIF89, "gif"],
  ["IM1", "an unknown image type falls through", "image/svg+xml", WEBP, "webp"],
  ["IM1", "an empty content type falls through", "", PNG, "png"],
  ["IM1", "a prototype key is not a type", "constructor", JPEG, "jpg"],
  ["IM2", "png signature", undefined, PNG, "png"],
  ["IM2", "jpeg signature", undefined, JPEG, "jpg"],
  ["IM2", "GIF87a", undefined, GIF87, "gif"],
  ["IM2", "GIF89a", undefined, GIF89, "gif"],
  ["IM2", "RIFF….WEBP", undefined, WEBP, "webp"],
  ["IM2", "RIFF but a WAVE file", undefined, concat(text("RIFF"), bytes(0, 0, 0, 0), text("WAVE")), "png"],
  ["IM2", "RIFF cut short before WEBP", undefined, concat(text("RIFF"), bytes(0, 0, 0, 0), text("WEB")), "png"],
  ["IM2", "JPEG's first two bytes only", "", bytes(0xff, 0xd8), "png"],
  ["IM2", "PNG signature with one byte wrong", undefined, bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b), "png"],
  ["IM2", "GIF88a is not a GIF", undefined, text("GIF88a"), "png"],
  ["IM3", "no content type, no bytes", undefined, NOTHING, "png"],
  ["IM3", "HTML bytes default to png", "text/html", text("<!doctype html>"), "png"]
]

describe("image type (spec §5, docs/spec/image-type.md)", () => {
  it.each(rows)("%s %s", (_rule, _name, contentType, body, expected) => {
    expect(detectImageType({ contentType, bytes: body })).toBe(expected)
  })

  it.each([
    ["IM1", "null content type", null, undefined],
    ["IM1", "video", "video/mp4", undefined],
    ["IM1", "parameters only", "; charset=utf-8", undefined]
  ] as const)("%s %s", (_rule, _name, contentType, expected) => {
    expect(extensionFromContentType(contentType)).toBe(expected)
  })

  it.each([
    ["IM2", "a longer png file", concat(PNG, bytes(1, 2, 3)), "png"],
    ["IM2", "unknown bytes", text("hello world!"), undefined],
    ["IM2", "empty", NOTHING, undefined]
  ] as const)("%s sniff: %s", (_rule, _name, body, expected) => {
    expect(sniffImageType(body)).toBe(expected)
  })
})
