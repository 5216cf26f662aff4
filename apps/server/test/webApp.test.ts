import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./testServer.js"

let server: TestServer
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), "mido-dist-"))
  mkdirSync(join(dist, "assets"))
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>米豆AI</title>")
  writeFileSync(join(dist, "assets", "app-1a2b.js"), "console.log(1)")
  server = await startTestServer({ webDist: dist })
})
afterAll(() => server.stop())

describe("serving the built web app at / (issue 5 frame; R17)", () => {
  it.each([
    ["the root", "/"],
    ["a deep link", "/work-detail/52031"],
    ["an unknown page (the app redirects it)", "/no/such/page"]
  ])("%s gets index.html with a CSP", async (_name, path) => {
    const response = await fetch(`${server.url}${path}`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain("米豆AI")
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'")
    expect(response.headers.get("x-frame-options")).toBe("DENY")
  })

  it("the CSP lets images and uploads reach the storage origin and no other host (R17, R20)", async () => {
    const policy = (await fetch(`${server.url}/`)).headers.get("content-security-policy") ?? ""
    const storage = new URL(server.deps.config.storageUrl).origin
    expect(policy).toContain(`img-src 'self' data: blob: ${storage};`)
    expect(policy).toContain(`connect-src 'self' ${storage};`)
    expect(policy).toContain("object-src 'none'")
    expect(policy).toContain("base-uri 'none'")
    expect(policy).not.toMatch(/https:(?!\/\/)/)
  })

  it("hashed assets are served with their type and a long cache", async () => {
    const response = await fetch(`${server.url}/assets/app-1a2b.js`)
    expect(response.headers.get("content-type")).toContain("text/javascript")
    expect(response.headers.get("cache-control")).toContain("immutable")
  })

  it("never serves files outside the build", async () => {
    const response = await fetch(`${server.url}/..%2f..%2fpackage.json`)
    expect(await response.text()).toContain("米豆AI")
  })

  it("API paths stay in the envelope", async () => {
    expect(await server.request("GET", "/api/v1/nope")).toMatchObject({ code: 404 })
  })
})
