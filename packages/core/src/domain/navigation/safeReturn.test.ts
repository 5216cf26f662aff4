import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { safeReturn } from "./safeReturn.js"

// Inputs are the raw `ref` values as they stand in the address bar (percent-encoded); safeReturn decodes once.
const rows = [
  ["NV8", "an encoded in-app path with query and hash", encodeURIComponent("/artworks/1?x=1#c"), "/artworks/1?x=1#c"],
  ["NV8", "an unencoded in-app path", "/community", "/community"],
  ["NV8", "a path with Chinese", encodeURIComponent("/personal/米豆"), "/personal/%E7%B1%B3%E8%B1%86"],
  ["NV8", "dot segments are resolved", "/a/../work-detail/1", "/work-detail/1"],
  ["NV8", "absent", undefined, "/list"],
  ["NV8", "null", null, "/list"],
  ["NV8", "empty", "", "/list"],
  ["NV8", "//evil.com", "//evil.com", "/list"],
  ["NV8", "/\\evil.com", "/\\evil.com", "/list"],
  ["NV8", "\\\\evil.com", "\\\\evil.com", "/list"],
  ["NV8", "\\/evil.com", "\\/evil.com", "/list"],
  ["NV8", "tab before //evil.com", "\t//evil.com", "/list"],
  ["NV8", "tab inside /\\t/evil.com", "/\t/evil.com", "/list"],
  ["NV8", "newline inside /\\n/evil.com", "/\n/evil.com", "/list"],
  ["NV8", "space before //evil.com", " //evil.com", "/list"],
  ["NV8", "encoded tab before //evil.com", "%09%2F%2Fevil.com", "/list"],
  ["NV8", "encoded tab inside", "%2F%09%2Fevil.com", "/list"],
  ["NV8", "https://evil.com", "https://evil.com", "/list"],
  ["NV8", "look-alike host", "https://mido.invalid.evil.com/x", "/list"],
  ["NV8", "http:evil.com", "http:evil.com", "/list"],
  ["NV8", "encoded absolute URL", encodeURIComponent("https://evil.com/x"), "/list"],
  ["NV8", "javascript:", "javascript:alert(1)", "/list"],
  ["NV8", "encoded javascript:", "javascript%3Aalert(1)", "/list"],
  ["NV8", "data:", "data:text/html,x", "/list"],
  ["NV8", "encoded //evil.com is decoded once and refused", "%2F%2Fevil.com", "/list"],
  ["NV8", "encoded /\\evil.com", "%2F%5Cevil.com", "/list"],
  ["NV8", "double-encoded //evil.com never becomes evil.com", "%252F%252Fevil.com", "/list"],
  ["NV8", "double-encoded after a slash stays a same-origin path", "%2F%252Fevil.com", "/%2Fevil.com"],
  ["NV8", "dot segments hiding a network path", "/.//evil.com", "/list"],
  ["NV8", "dot segments hiding /\\", "/./\\evil.com", "/list"],
  ["NV8", "parent segments hiding a network path", "/a/..//evil.com", "/list"],
  ["NV8", "a relative path is refused", "community", "/list"],
  ["NV8", "a malformed escape is refused", "%E4%ZZ", "/list"],
  ["NV8", "/login recursion", encodeURIComponent("/login?ref=%2Flogin"), "/list"],
  ["NV8", "/login itself", "/login", "/list"],
  ["NV8", "/login hidden behind dot segments", "/x/../login", "/list"],
  ["NV8", "/LOGIN in capitals", "/LOGIN", "/list"]
] as const

describe("NV8 the safe return address (R13)", () => {
  it.each(rows)("%s %s", (_rule, _name, ref, expected) => {
    expect(safeReturn(ref)).toBe(expected)
  })

  it("NV8 whatever comes in, the result is an in-app path, never a network path", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.webUrl(), fc.webPath().map((path) => `/${path}`)),
        fc.boolean(),
        (raw, encode) => {
          let ref = raw
          try {
            ref = encode ? encodeURIComponent(raw) : raw
          } catch {
            // a lone surrogate cannot be encoded; use it raw
          }
          const to = safeReturn(ref)
          expect(to.startsWith("/")).toBe(true)
          expect(/^[/\\][/\\]/.test(to)).toBe(false)
          expect(new URL(to, "https://app.example").origin).toBe("https://app.example")
          expect(to.toLowerCase().startsWith("/login")).toBe(false)
        }
      )
    )
  })
})
