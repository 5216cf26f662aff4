import { describe, expect, it } from "vitest"
import { runRule } from "../commands/rule.js"
import { navRules } from "./nav.js"

const run = (name: string, input: unknown) => runRule(navRules, name, JSON.stringify(input))
const site = "https://m.mido.example"
const request = (overrides: Record<string, unknown>) => ({
  path: "/list",
  query: "",
  loggedIn: false,
  mobile: false,
  h5: false,
  mobileSite: site,
  ...overrides
})

describe("nav.guard (harness)", () => {
  it.each([
    ["NV4", "root", request({ path: "/", query: "?a=1" }), { action: "redirect", to: "/list?a=1" }],
    ["NV4", "unknown", request({ path: "/nowhere" }), { action: "redirect", to: "/" }],
    ["NV4", "allow", request({ path: "/community" }), { action: "allow" }],
    ["NV5", "logged in on /login", request({ path: "/login", loggedIn: true }), { action: "redirect", to: "/list" }],
    ["NV5", "login required", request({ path: "/tools/hd-repair", query: "?id=1" }), { action: "redirect", to: "/login?ref=%2Ftools%2Fhd-repair%3Fid%3D1" }],
    ["NV6", "mobile site", request({ path: "/invited", query: "?code=X", mobile: true }), { action: "external", url: `${site}/invited?code=X` }],
    ["NV7", "mobile guide", request({ path: "/aigc", mobile: true }), { action: "redirect", to: "/mobile-guide" }],
    ["NV7", "H5 flag set", request({ path: "/list", query: "?source=H5", mobile: true }), { action: "allow", setH5: true }],
    ["NV7", "H5 flag remembered", request({ path: "/aigc", mobile: true, h5: true }), { action: "allow" }]
  ] as const)("%s %s", (_rule, _name, input, expected) => {
    const result = run("nav.guard", input)
    expect(result.exitCode).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual(expected)
  })

  it.each([
    ["a path without /", request({ path: "list" })],
    ["a path holding its query", request({ path: "/list?a=1" })],
    ["a query without ?", request({ query: "a=1" })],
    ["a query with a hash", request({ query: "?a=1#x" })],
    ["loggedIn as a string", request({ loggedIn: "yes" })],
    ["a missing h5", { path: "/list", query: "", loggedIn: false, mobile: false, mobileSite: site }],
    ["a javascript: mobile site", request({ mobileSite: "javascript:alert(1)" })],
    ["a mobile site that is no URL", request({ mobileSite: "m.mido.example" })],
    ["not an object", "/list"]
  ])("NV4 rejects %s with exit 2", (_name, input) => {
    expect(run("nav.guard", input).exitCode).toBe(2)
  })
})

describe("nav.safeReturn (harness)", () => {
  it.each([
    ["NV8", "an encoded in-app path", "%2Fwork-detail%2F1%3Fx%3D1", "/work-detail/1?x=1"],
    ["NV8", "//evil.com", "//evil.com", "/list"],
    ["NV8", "encoded //evil.com", "%2F%2Fevil.com", "/list"],
    ["NV8", "/\\evil.com", "/\\evil.com", "/list"],
    ["NV8", "absolute URL", "https://evil.com", "/list"],
    ["NV8", "javascript:", "javascript:alert(1)", "/list"],
    ["NV8", "login recursion", "%2Flogin%3Fref%3D%252Flogin", "/list"]
  ] as const)("%s %s", (_rule, _name, ref, to) => {
    const result = run("nav.safeReturn", { ref })
    expect(result.exitCode).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ to })
  })

  it.each([
    ["a missing ref", {}],
    ["a null ref", { ref: null }],
    ["a numeric ref", { ref: 5 }]
  ])("NV8 rejects %s with exit 2", (_name, input) => {
    expect(run("nav.safeReturn", input).exitCode).toBe(2)
  })
})
