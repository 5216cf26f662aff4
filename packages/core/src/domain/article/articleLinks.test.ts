import { describe, expect, it } from "vitest"
import { articleImageSrc, articleLinkHref, articleLinkInput, ArticleLinkMessages } from "./articleLinks.js"

type HrefRow = readonly [rule: string, name: string, url: unknown, expected: string | undefined]

const hrefRows: ReadonlyArray<HrefRow> = [
  ["AR1", "R14: javascript: is inert", "javascript:alert(1)", undefined],
  ["AR1", "R14: mixed-case JavaScript: with spaces", "  JaVaScRiPt:alert(document.cookie)", undefined],
  ["AR1", "javascript:// with an encoded newline", "javascript://%0aalert(1)", undefined],
  ["AR1", "data: html", "data:text/html,<script>alert(1)</script>", undefined],
  ["AR1", "vbscript:", "vbscript:msgbox(1)", undefined],
  ["AR1", "protocol-relative //", "//evil.com/x", undefined],
  ["AR1", "credentials hide the host", "https://mido.com@evil.com/", undefined],
  ["AR1", "a relative path without /", "next-page", undefined],
  ["AR1", "not a string", 7, undefined],
  ["AR1", "https is kept, normalised", "HTTPS://Example.com/a b", "https://example.com/a%20b"],
  ["AR1", "http is kept", "http://example.com/?q=1#h", "http://example.com/?q=1#h"],
  ["AR1", "a site path is kept", "/work-detail/12", "/work-detail/12"]
]

describe("AR1 articleLinkHref", () => {
  it.each(hrefRows)("%s %s", (_rule, _name, url, expected) => {
    expect(articleLinkHref(url)).toBe(expected)
  })
})

describe("AR2 articleImageSrc", () => {
  it.each([
    ["AR2", "an uploaded image", "http://127.0.0.1:9000/uploads/u1/a.png", "http://127.0.0.1:9000/uploads/u1/a.png"],
    ["AR2", "a site path", "/uploads/a.png", "/uploads/a.png"],
    ["AR2", "data: image", "data:image/svg+xml,<svg onload=alert(1)>", undefined],
    ["AR2", "javascript:", "javascript:alert(1)", undefined],
    ["AR2", "a bare word (the onerror trick's src=x)", "x", undefined]
  ] as const)("%s %s", (_rule, _name, url, expected) => {
    expect(articleImageSrc(url)).toBe(expected)
  })
})

describe("AR3 articleLinkInput", () => {
  it.each([
    ["AR3", "empty", "", { ok: false, message: ArticleLinkMessages.empty }],
    ["AR3", "blank", "   ", { ok: false, message: ArticleLinkMessages.empty }],
    ["AR3", "javascript:", "javascript:alert(1)", { ok: false, message: ArticleLinkMessages.notWeb }],
    ["AR3", "no scheme", "example.com", { ok: false, message: ArticleLinkMessages.notWeb }],
    ["AR3", "a site path is not offered", "/list", { ok: false, message: ArticleLinkMessages.notWeb }],
    ["AR3", "ftp:", "ftp://example.com", { ok: false, message: ArticleLinkMessages.notWeb }],
    ["AR3", "https, trimmed and normalised", " https://Example.com ", { ok: true, href: "https://example.com/" }],
    ["AR3", "http", "http://example.com/a", { ok: true, href: "http://example.com/a" }]
  ] as const)("%s %s", (_rule, _name, text, expected) => {
    expect(articleLinkInput(text)).toEqual(expected)
  })

  it("AR3 the messages are Chinese", () => {
    expect(ArticleLinkMessages).toEqual({ empty: "请输入链接地址", notWeb: "链接须以 http:// 或 https:// 开头" })
  })
})
