import { existsSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { readConfig } from "../src/platform/config.js"
import { blob, type FormEntry, json, makeUser, postForm, solidPng, startFilesServer } from "./filesFixtures.js"
import type { TestServer } from "./testServer.js"

/** R20: uploads are served from their own origin (a second listener of the same process), never the app's. */

let server: TestServer & { readonly uploadDir: string }
let alice: { uid: number; token: string }
let png: Uint8Array
let appOrigin: string
const OTHER_ORIGIN = "https://evil.example"

interface Credential {
  readonly dir: string
  readonly access_id: string
  readonly policy: string
  readonly signature: string
  readonly host: string
}

beforeAll(async () => {
  server = await startFilesServer()
  appOrigin = new URL(server.url).origin
  alice = await makeUser(server, "独立存储阿离")
  png = await solidPng(24, 16)
})
afterAll(() => server.stop())

let names = 0
const credential = async (): Promise<Credential> => (await server.request("GET", "/api/v1/base/oss_token?type=21", undefined, alice.token)).data as Credential
const ossForm = (c: Credential, key: string): Array<FormEntry> => [
  ["key", key], ["policy", c.policy], ["OSSAccessKeyId", c.access_id], ["success_action_status", "200"], ["signature", c.signature],
  ["file", blob(png, "image/png"), "x.png"]
]
/** A browser's direct upload: the same form, with the Origin header the page's origin puts on it. */
const postFrom = (origin: string | undefined, c: Credential, key: string) => {
  const form = new FormData()
  for (const entry of ossForm(c, key)) {
    if (entry.length === 3) form.append(entry[0], entry[1], entry[2])
    else form.append(entry[0], entry[1])
  }
  return fetch(c.host, { method: "POST", body: form, headers: origin === undefined ? {} : { origin } })
}
const storedKey = async () => {
  const c = await credential()
  const key = `${c.dir}20261122183000_o${(names += 1)}.png`
  expect((await postForm(c.host, ossForm(c, key))).status).toBe(200)
  return key
}

describe("stored objects come from the storage origin (R20)", () => {
  it("HEAD a stored object: an image type, nosniff, and a host:port other than the app's", async () => {
    const key = await storedKey()
    const url = `${server.storageUrl}/uploads/${key}`
    const head = await fetch(url, { method: "HEAD" })
    expect(head.status).toBe(200)
    expect(head.headers.get("content-type")).toBe("image/png")
    expect(head.headers.get("x-content-type-options")).toBe("nosniff")
    expect(new URL(url).host).not.toBe(new URL(server.url).host)
  })

  it("oss_token's host and the file URLs the API answers name the storage origin", async () => {
    const c = await credential()
    expect(new URL(c.host).origin).toBe(new URL(server.storageUrl).origin)
    const uploaded = await postForm(`${server.url}/api/v1/base/upload`, [["file", blob(png, "image/png"), "a.png"]], alice.token).then(json)
    expect(uploaded.code).toBe(0)
    expect(String(uploaded.data.url)).toBe(`${server.storageUrl}/uploads/${String(uploaded.data.key)}`)
  })

  it("the app origin does not serve it: GET and HEAD redirect to the storage origin, with no image bytes", async () => {
    const key = await storedKey()
    for (const path of [`/uploads/${key}`, `/storage/${key}`]) {
      for (const method of ["GET", "HEAD"]) {
        const response = await fetch(`${server.url}${path}`, { method, redirect: "manual" })
        expect(response.status).toBe(308)
        expect(response.headers.get("location")).toBe(`${server.storageUrl}${path}`)
        expect(response.headers.get("content-type") ?? "").not.toMatch(/^image\//)
        expect((await response.arrayBuffer()).byteLength).toBeLessThan(png.byteLength)
      }
    }
  })

  it("the app origin takes no storage posts, and the storage origin serves no API", async () => {
    const c = await credential()
    const key = `${c.dir}20261122183000_app.png`
    const onApp = await postForm(`${server.url}/storage`, ossForm(c, key))
    expect(onApp.status).toBe(404)
    expect(existsSync(join(server.uploadDir, key))).toBe(false)
    const api = await fetch(`${server.storageUrl}/api/v1/open/config/app_config`)
    expect(api.status).toBe(404)
    expect(api.headers.get("content-type")).toContain("xml")
  })
})

describe("CORS on the storage origin: POST from the web app's origin, nothing else", () => {
  const preflight = (origin: string, method = "POST", headers?: string) =>
    fetch(`${server.storageUrl}/storage`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": method, ...(headers === undefined ? {} : { "access-control-request-headers": headers }) }
    })

  it("a preflight from the app's origin succeeds for POST", async () => {
    const response = await preflight(appOrigin)
    expect(response.status).toBe(204)
    expect(response.headers.get("access-control-allow-origin")).toBe(appOrigin)
    expect(response.headers.get("access-control-allow-methods")).toBe("POST")
  })

  it.each([
    ["another origin", () => preflight(OTHER_ORIGIN)],
    ["the app's origin asking for PUT", () => preflight(appOrigin, "PUT")],
    ["the app's origin asking to send an Authorization header", () => preflight(appOrigin, "POST", "authorization")],
    ["a preflight of an object path", () => fetch(`${server.storageUrl}/uploads/u/1/x.png`, { method: "OPTIONS", headers: { origin: appOrigin, "access-control-request-method": "POST" } })]
  ])("a preflight from %s fails: no CORS headers", async (_name, send) => {
    const response = await send()
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.headers.get("access-control-allow-origin")).toBeNull()
  })

  it("a post from the app's origin is stored and readable by it", async () => {
    const c = await credential()
    const key = `${c.dir}20261122183000_cors.png`
    const response = await postFrom(appOrigin, c, key)
    expect(response.status).toBe(200)
    expect(response.headers.get("access-control-allow-origin")).toBe(appOrigin)
    expect(existsSync(join(server.uploadDir, key))).toBe(true)
  })

  it("a post from another origin is refused and stores nothing", async () => {
    const c = await credential()
    const key = `${c.dir}20261122183000_evil.png`
    const response = await postFrom(OTHER_ORIGIN, c, key)
    expect(response.status).toBe(403)
    expect(response.headers.get("access-control-allow-origin")).toBeNull()
    expect(existsSync(join(server.uploadDir, key))).toBe(false)
  })

  it("the public images stay readable cross-origin (the core's image download fetches them)", async () => {
    const key = await storedKey()
    const response = await fetch(`${server.storageUrl}/uploads/${key}`, { headers: { origin: appOrigin } })
    expect(response.status).toBe(200)
    expect(response.headers.get("access-control-allow-origin")).toBe("*")
  })
})

describe("storage settings (R20)", () => {
  it("default: the next port on the app's host; STORAGE_URL for a CDN/OSS host", () => {
    expect(readConfig({ PORT: "8080" })).toMatchObject({ storagePort: 8081, publicUrl: "http://localhost:8080", storageUrl: "http://localhost:8081" })
    expect(readConfig({ PORT: "9000", STORAGE_PORT: "9100", PUBLIC_URL: "http://192.168.1.5:9000" })).toMatchObject({ storagePort: 9100, storageUrl: "http://192.168.1.5:9100" })
    expect(readConfig({ PUBLIC_URL: "https://mido.example.com", STORAGE_URL: "https://img.mido-cdn.example.com/" }).storageUrl).toBe("https://img.mido-cdn.example.com")
  })

  it("refuses a storage origin equal to the app's", () => {
    expect(() => readConfig({ PUBLIC_URL: "https://mido.example.com", STORAGE_URL: "https://mido.example.com/files" })).toThrow(/STORAGE_URL/)
    expect(() => readConfig({ PORT: "8080", STORAGE_PORT: "8080" })).toThrow(/STORAGE_PORT/)
  })
})
