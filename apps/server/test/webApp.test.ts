import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { request as httpRequest, type IncomingHttpHeaders } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { readConfig } from "../src/platform/config.js"
import { startTestServer, type TestServer } from "./testServer.js"

// an entry chunk big enough to be worth compressing (the server leaves files under 1 KB as they are)
const ENTRY_JS = Array.from({ length: 200 }, (_, at) => `export const text${at} = "米豆AI 作品 ${at}"`).join("\n")

/** A GET that returns the bytes on the wire (fetch would decompress them) and the headers. */
const rawGet = (url: string, headers: Record<string, string>) =>
  new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
      response.on("error", reject)
    }).on("error", reject).end()
  })

let server: TestServer
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), "mido-dist-"))
  mkdirSync(join(dist, "assets"))
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>米豆AI</title>")
  writeFileSync(join(dist, "assets", "app-1a2b.js"), "console.log(1)")
  writeFileSync(join(dist, "assets", "entry-3c4d.js"), ENTRY_JS)
  server = await startTestServer({ webDist: dist })
})
afterAll(() => server.stop())

describe("serving the built web app at / (issue 5 frame; R17)", () => {
  it.each([
    ["the root", "/"],
    ["a deep link", "/work-detail/52031"],
    ["an unknown page (the app redirects it)", "/no/such/page"],
    ["a deep link with a malformed escape", "/personal/%E0"],
    ["a percent sign that is no escape", "/work-detail/100%"]
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

  describe("compressed assets (issue 5: the first load of /list)", () => {
    const entry = () => `${server.url}/assets/entry-3c4d.js`

    it("gzip when the browser accepts it, with the asset's type, cache and CSP kept", async () => {
      const response = await rawGet(entry(), { "Accept-Encoding": "gzip" })
      expect(response.headers["content-encoding"]).toBe("gzip")
      expect(response.headers.vary).toContain("Accept-Encoding")
      expect(response.headers["content-type"]).toContain("text/javascript")
      expect(response.headers["cache-control"]).toContain("immutable")
      expect(response.headers["content-security-policy"]).toContain("default-src 'self'")
      expect(response.body.length).toBeLessThan(Buffer.byteLength(ENTRY_JS) / 2)
      expect(gunzipSync(response.body).toString()).toBe(ENTRY_JS)
    })

    it("brotli over gzip when both are accepted, the same bytes on every request", async () => {
      const first = await rawGet(entry(), { "Accept-Encoding": "gzip, deflate, br" })
      const second = await rawGet(entry(), { "Accept-Encoding": "br" })
      expect(first.headers["content-encoding"]).toBe("br")
      expect(brotliDecompressSync(first.body).toString()).toBe(ENTRY_JS)
      expect(second.body.equals(first.body)).toBe(true)
    })

    it.each([
      ["no Accept-Encoding", {}],
      ["identity only", { "Accept-Encoding": "identity" }],
      ["gzip and brotli refused with q=0", { "Accept-Encoding": "gzip;q=0, br;q=0" }]
    ])("the file as it is for %s", async (_name, headers: Record<string, string>) => {
      const response = await rawGet(entry(), headers)
      expect(response.headers["content-encoding"]).toBeUndefined()
      expect(response.headers.vary).toContain("Accept-Encoding")
      expect(response.body.toString()).toBe(ENTRY_JS)
    })
  })
})

describe("where the built app is looked for", () => {
  it("defaults to apps/web/dist of this repository (WEB_DIST overrides it)", () => {
    expect(readConfig({}).webDist).toBe(new URL("../../web/dist", import.meta.url).pathname)
    expect(readConfig({ WEB_DIST: "/srv/mido/web" }).webDist).toBe("/srv/mido/web")
  })
})
