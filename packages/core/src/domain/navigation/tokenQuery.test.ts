import { describe, expect, it } from "vitest"
import { readTokenQuery, type TokenQuery, withoutTokenQuery } from "./tokenQuery.js"

const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJ1aWQiOjF9.c2lnbmF0dXJl-_"
const base64 = "abcDEF0123456789+/=="

const rows: ReadonlyArray<readonly [string, string, string, TokenQuery]> = [
  ["NV9", "no query", "", { kind: "absent" }],
  ["NV9", "other parameters only", "?a=1&tokens=x", { kind: "absent" }],
  ["NV9", "a JWT", `?token=${jwt}`, { kind: "valid", token: jwt }],
  ["NV9", "without the ?", `token=${jwt}&a=1`, { kind: "valid", token: jwt }],
  ["NV9", "percent-encoded base64 is decoded once", `?token=${encodeURIComponent(base64)}`, { kind: "valid", token: base64 }],
  ["NV9", "a literal + stays +", `?token=${base64}`, { kind: "valid", token: base64 }],
  ["NV9", "an encoded key", `?%74oken=${jwt}`, { kind: "valid", token: jwt }],
  ["NV9", "exactly 16 characters", "?token=abcdefghijklmnop", { kind: "valid", token: "abcdefghijklmnop" }],
  ["NV9", "exactly 512 characters", `?token=${"a".repeat(512)}`, { kind: "valid", token: "a".repeat(512) }],
  ["NV9", "15 characters is too short", "?token=abcdefghijklmno", { kind: "invalid" }],
  ["NV9", "513 characters is too long", `?token=${"a".repeat(513)}`, { kind: "invalid" }],
  ["NV9", "empty value", "?token=", { kind: "invalid" }],
  ["NV9", "no value at all", "?token", { kind: "invalid" }],
  ["NV9", "a space inside", `?token=${encodeURIComponent("abcdefgh ijklmnop")}`, { kind: "invalid" }],
  ["NV9", "a leading tab", `?token=%09${jwt}`, { kind: "invalid" }],
  ["NV9", "a newline (header injection)", `?token=${jwt}%0D%0AX-Evil:1`, { kind: "invalid" }],
  ["NV9", "a NUL byte", `?token=${jwt}%00`, { kind: "invalid" }],
  ["NV9", "a character outside the shape", `?token=${jwt}%3C`, { kind: "invalid" }],
  ["NV9", "double-encoded stays encoded and fails the shape", `?token=${encodeURIComponent(encodeURIComponent(base64))}`, { kind: "invalid" }],
  ["NV9", "a malformed escape", `?token=${jwt}%E4%ZZ`, { kind: "invalid" }],
  ["NV9", "given twice is ambiguous", `?token=${jwt}&token=${jwt}`, { kind: "invalid" }]
]

describe("NV9 the token query (R8)", () => {
  it.each(rows)("%s %s", (_rule, _name, search, expected) => {
    expect(readTokenQuery(search)).toEqual(expected)
  })

  it.each([
    ["NV9", "the only parameter", `?token=${jwt}`, ""],
    ["NV9", "first of several", `?token=${jwt}&a=1&b=%20`, "?a=1&b=%20"],
    ["NV9", "in the middle, the rest kept in order", "?z=1&token=x&a=2", "?z=1&a=2"],
    ["NV9", "every copy", "?token=a&x=1&token=b", "?x=1"],
    ["NV9", "an encoded key", "?%74oken=a&x=1", "?x=1"],
    ["NV9", "a key without value", "?token&x", "?x"],
    ["NV9", "similar names stay", "?tokens=1&my_token=2", "?tokens=1&my_token=2"],
    ["NV9", "empty pairs are dropped", "?&token=a&&x=1&", "?x=1"],
    ["NV9", "no query", "", ""],
    ["NV9", "a malformed key is kept as it is", "?%ZZ=1&token=a", "?%ZZ=1"]
  ] as const)("%s removes the token: %s", (_rule, _name, search, expected) => {
    expect(withoutTokenQuery(search)).toBe(expected)
    expect(readTokenQuery(withoutTokenQuery(search))).toEqual({ kind: "absent" })
  })
})
