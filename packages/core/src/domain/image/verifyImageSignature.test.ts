import { describe, expect, it } from "vitest"
import { verifyImageSignature } from "./verifyImageSignature.js"

const text = (value: string) => Uint8Array.from(value, (char) => char.charCodeAt(0))
/** A real 1×1 PNG's first 33 bytes: signature, IHDR length, "IHDR", width 1, height 1, … */
const PNG_1X1 = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
  0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89
])
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46])

describe("IM4 magic-byte verification of uploads (R19)", () => {
  it.each([
    ["IM4", "a real 1×1 PNG declared png", PNG_1X1, "image/png", { ok: true, ext: "png" }],
    ["IM4", "a JPEG declared jpeg", JPEG, "image/jpeg", { ok: true, ext: "jpg" }],
    ["IM4", "declared type with parameters and case", JPEG, "Image/JPEG; q=1", { ok: true, ext: "jpg" }],
    ["IM4", "an SVG named x.png", text("<svg onload=alert(1)>"), "image/png", { ok: false, reason: "content-not-png-or-jpeg" }],
    ["IM4", "HTML", text("<!doctype html><script>"), "image/png", { ok: false, reason: "content-not-png-or-jpeg" }],
    ["IM4", "a GIF declared png", text("GIF89a\x01\x00\x01\x00"), "image/png", { ok: false, reason: "content-not-png-or-jpeg" }],
    ["IM4", "a GIF declared gif", text("GIF89a\x01\x00\x01\x00"), "image/gif", { ok: false, reason: "declared-type-not-allowed" }],
    ["IM4", "a PNG declared jpeg", PNG_1X1, "image/jpeg", { ok: false, reason: "content-does-not-match-declared-type" }],
    ["IM4", "a JPEG declared png", JPEG, "image/png", { ok: false, reason: "content-does-not-match-declared-type" }],
    ["IM4", "the non-standard image/jpg is not allowed", JPEG, "image/jpg", { ok: false, reason: "declared-type-not-allowed" }],
    ["IM4", "no declared type", PNG_1X1, "", { ok: false, reason: "declared-type-not-allowed" }],
    ["IM4", "a truncated PNG signature", PNG_1X1.slice(0, 7), "image/png", { ok: false, reason: "content-not-png-or-jpeg" }],
    ["IM4", "empty content", new Uint8Array(0), "image/jpeg", { ok: false, reason: "content-not-png-or-jpeg" }]
  ] as const)("%s %s", (_rule, _name, bytes, declared, expected) => {
    expect(verifyImageSignature(bytes, declared)).toEqual(expected)
  })
})
