import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { sha256, sha256Hex } from "./sha256.js"

// NIST FIPS 180-4 example vectors (csrc.nist.gov "SHA256.pdf", "SHA2_Additional.pdf"); the UTF-8 rows were
// computed once with node:crypto `createHash("sha256").update(text, "utf8")` while writing this file.
const textRows = [
  ["NV10", "empty message (NIST)", "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
  ["NV10", "abc, one block (NIST)", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
  [
    "NV10",
    "448-bit message, two blocks (NIST)",
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
  ],
  [
    "NV10",
    "896-bit message (NIST)",
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
    "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
  ],
  ["NV10", "55 bytes: padding still fits one block", "a".repeat(55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"],
  ["NV10", "56 bytes: the length spills into a second block", "a".repeat(56), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"],
  ["NV10", "64 bytes: exactly one full block", "a".repeat(64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"],
  ["NV10", "Chinese text as UTF-8", "米豆AI 灵感广场", "388a66c21bbc309ef6dffc0bdc1a21791bbac0f5599f3dc5e2d7ae4fc6740e26"],
  ["NV10", "astral code point (4 UTF-8 bytes)", "😀 emoji", "c5db20e64d86b693d8e312b379cfdd211311f63f3743831e6f4139344b39d762"],
  ["NV10", "a lone surrogate hashes as U+FFFD, like TextEncoder", "\ud800", "83d544ccc223c057d2bf80d3f2a32982c32c3c0db8e2674820da5064783fb097"]
] as const

describe("NV10 SHA-256 (FIPS 180-4)", () => {
  it.each(textRows)("%s %s", (_rule, _name, text, expected) => {
    expect(sha256Hex(text)).toBe(expected)
  })

  it.each([
    ["NV10", "one million times 'a' (NIST)", new Uint8Array(1_000_000).fill(0x61), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"],
    ["NV10", "a single zero byte", new Uint8Array([0]), "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d"]
  ] as const)("%s %s", (_rule, _name, bytes, expected) => {
    expect(sha256Hex(bytes)).toBe(expected)
  })

  it("NV10 always gives 32 bytes and differs when one byte changes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(), (bytes, position) => {
        const digest = sha256(bytes)
        expect(digest.length).toBe(32)
        if (bytes.length === 0) return
        const changed = Uint8Array.from(bytes)
        const index = position % bytes.length
        changed[index] = (changed[index] ?? 0) ^ 0x01
        expect(sha256Hex(changed)).not.toBe(sha256Hex(digest))
      })
    )
  })
})

describe("NV10 a text is hashed as its UTF-8 bytes", () => {
  it.each([
    ["NV10", "ASCII", "A", [0x41]],
    ["NV10", "two bytes", "é", [0xc3, 0xa9]],
    ["NV10", "three bytes (Chinese)", "米", [0xe7, 0xb1, 0xb3]],
    ["NV10", "four bytes (surrogate pair)", "😀", [0xf0, 0x9f, 0x98, 0x80]],
    ["NV10", "lone high surrogate", "\ud800x", [0xef, 0xbf, 0xbd, 0x78]],
    ["NV10", "lone low surrogate", "\udc00", [0xef, 0xbf, 0xbd]]
  ] as const)("%s %s", (_rule, _name, text, expected) => {
    expect(sha256Hex(text)).toBe(sha256Hex(Uint8Array.from(expected)))
  })
})
