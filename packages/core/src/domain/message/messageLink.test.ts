import { describe, expect, it } from "vitest"
import { isClickableJumpUrl, messageLink } from "./messageLink.js"

type Row = readonly [rule: string, name: string, jumpUrl: unknown, expected: unknown]

const none = { kind: "none" }

const rows: ReadonlyArray<Row> = [
  ["MS2", "R14: javascript:// with an encoded newline", "javascript://%0aalert(1)", none],
  ["MS2", "R14: mixed-case javascript://", "JaVaScRiPt://x%0Aalert(1)", none],
  ["MS2", "R14: data://", "data://text/html,<script>alert(1)</script>", none],
  ["MS2", "R14: vbscript://", "vbscript://x", none],
  ["MS2", "R14: leading space before javascript:", " javascript:alert(1)", none],
  ["MS2", "javascript: with a tab inside", "java\tscript:alert(1)", none],
  ["MS2", "a control character before javascript:", "\u0001javascript:alert(1)", none],
  ["MS2", "file://", "file:///etc/passwd", none],
  ["MS2", "ftp://", "ftp://example.com/a", none],
  ["MS2", "blob:", "blob:https://ok.example.com/uuid", none],
  ["MS2", "credentials hide the real host", "https://mido.com@evil.com/", none],
  ["MS2", "http without a host", "http://", none],
  ["MS2", "R14: https is clickable", "https://ok.example.com/a", { kind: "external", href: "https://ok.example.com/a" }],
  ["MS2", "http is clickable", "http://ok.example.com/a?b=1#c", { kind: "external", href: "http://ok.example.com/a?b=1#c" }],
  ["MS2", "upper-case scheme is normalised", "HTTPS://OK.example.com", { kind: "external", href: "https://ok.example.com/" }],
  ["MS2", "surrounding spaces are dropped by the parser", "  https://ok.example.com/a ", { kind: "external", href: "https://ok.example.com/a" }],
  ["MS2", "R14: a site path is clickable", "/artworks/1", { kind: "internal", path: "/artworks/1" }],
  ["MS2", "a site path keeps query and hash", "/work-detail/9?from=msg#top", { kind: "internal", path: "/work-detail/9?from=msg#top" }],
  ["MS2", "a site path is normalised", "/a/../b", { kind: "internal", path: "/b" }],
  ["MS2", "protocol-relative //", "//evil.com/a", none],
  ["MS2", "backslash /\\", "/\\evil.com", none],
  ["MS2", "a tab turns / into //", "/\t/evil.com", none],
  ["MS2", "a newline turns / into //", "/\n/evil.com", none],
  ["MS2", "a relative path without /", "artworks/1", none],
  ["MS2", "spaces around a path are dropped", " /artworks/1 ", { kind: "internal", path: "/artworks/1" }],
  ["MS2", "a space before //", " //evil.com", none],
  ["MS2", "the spec's check alone is not enough: contains ://", "x://y", none],
  ["MS2", "empty", "", none],
  ["MS2", "blank", "   ", none],
  ["MS2", "not a string", 42, none],
  ["MS2", "null", null, none]
]

describe("MS2 jump links (spec §5, R14)", () => {
  it.each(rows)("%s %s", (_rule, _name, jumpUrl, expected) => {
    expect(messageLink(jumpUrl)).toEqual(expected)
    expect(isClickableJumpUrl(jumpUrl)).toBe((expected as { kind: string }).kind !== "none")
  })

  it.each([
    ["MS2", "a listed host", "https://ok.example.com/a", true],
    ["MS2", "a listed host in capitals", "https://OK.EXAMPLE.COM/a", true],
    ["MS2", "an unlisted host", "https://evil.com/a", false],
    ["MS2", "a sub-domain of a listed host is not listed", "https://x.ok.example.com/", false],
    ["MS2", "site paths need no listing", "/artworks/1", true]
  ] as const)("%s allowlist: %s", (_rule, _name, jumpUrl, expected) => {
    expect(isClickableJumpUrl(jumpUrl, ["ok.example.com"])).toBe(expected)
  })
})
