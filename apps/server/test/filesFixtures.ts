import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type ApiClient, ApiClientLive, AuthTokenLive, StorageKeys, type Uploads, UploadsLive } from "@mido/core"
import { FetchHttpLayer } from "@mido/core/browser"
import { MemoryKeyValueStoreLayer } from "@mido/core/testing"
import { Api } from "@mido/core/contract"
import { Effect, Layer } from "effect"
import sharp from "sharp"
import { users } from "../src/db/schema/users.js"
import { issueToken } from "../src/platform/tokens.js"
import { startTestServer, type TestServer } from "./testServer.js"

/** Shared by the files test files: images, users, forms and a server whose public URLs are its own addresses. */

export const solidPng = async (width: number, height: number) =>
  new Uint8Array(await sharp({ create: { width, height, channels: 3, background: "#3a0ca3" } }).png().toBuffer())

export const solidJpeg = async (width: number, height: number) =>
  new Uint8Array(await sharp({ create: { width, height, channels: 3, background: "#f72585" } }).jpeg().toBuffer())

/** Random pixels, stored uncompressed: a real PNG of about width × height × 3 bytes. */
export const noisyPng = async (width: number, height: number) =>
  new Uint8Array(await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer())

/** A PNG signature and an IHDR claiming 50000×50000 (R19 pixel flood). */
export const hugeHeaderPng = () => {
  const bytes = new Uint8Array(64)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  new DataView(bytes.buffer).setUint32(16, 50_000)
  new DataView(bytes.buffer).setUint32(20, 50_000)
  return bytes
}

export const text = (body: string) => new TextEncoder().encode(body)
export const SVG = text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')
export const HTML = text("<!doctype html><script>alert(document.cookie)</script>")
export const GIF = text("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;")

export const blob = (bytes: Uint8Array, type: string) => new Blob([bytes as Uint8Array<ArrayBuffer>], { type })

/** Free loopback ports, all held open together while probing so that no two are the same. */
export const freePorts = async (count: number): Promise<Array<number>> => {
  const probes = Array.from({ length: count }, () => createServer())
  const ports = await Promise.all(probes.map((probe) =>
    new Promise<number>((resolve, reject) => {
      probe.once("error", reject)
      probe.listen(0, "127.0.0.1", () => {
        const address = probe.address()
        resolve(typeof address === "object" && address !== null ? address.port : 0)
      })
    })))
  await Promise.all(probes.map((probe) => new Promise<void>((resolve) => probe.close(() => resolve()))))
  return ports
}

/**
 * The test server listening on ports chosen first, so that its publicUrl and storageUrl (and so the
 * storage `host` oss_token hands out and every file URL) are its own addresses: the app on one port,
 * the storage origin on another (R20); uploads go to a fresh directory.
 */
export const startFilesServer = async (): Promise<TestServer & { readonly uploadDir: string }> => {
  const [port, storagePort] = await freePorts(2)
  const uploadDir = mkdtempSync(join(tmpdir(), "mido-files-test-"))
  const server = await startTestServer({
    port, storagePort, publicUrl: `http://127.0.0.1:${port}`, storageUrl: `http://127.0.0.1:${storagePort}`, uploadDir
  })
  return { ...server, uploadDir, stop: async () => {
    await server.stop()
    rmSync(uploadDir, { recursive: true, force: true })
  } }
}

let users_made = 0
export const makeUser = async (server: TestServer, nickname: string) => {
  users_made += 1
  const tag = `${process.pid % 1000}${users_made}`.padStart(6, "0")
  const [row] = await server.deps.db.insert(users).values({
    phone: `137${tag.padStart(8, "0")}`, nickname, inviteCode: `F${tag}`, nid: `6${tag.padStart(7, "0")}`
  }).returning()
  return { uid: row!.uid, token: await issueToken(server.deps.db, row!.uid, new Date()) }
}

export type FormEntry = readonly [string, string] | readonly [string, Blob, string]

export const postForm = (url: string, entries: ReadonlyArray<FormEntry>, token?: string) => {
  const form = new FormData()
  for (const entry of entries) {
    if (entry.length === 3) form.append(entry[0], entry[1], entry[2])
    else form.append(entry[0], entry[1])
  }
  return fetch(url, { method: "POST", body: form, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } })
}

export const json = async (response: Response) => (await response.json()) as { code: number; msg: string; data: Record<string, unknown> }

/** The core's client stack (ApiClient + Uploads over ofetch) as the web app builds it, logged in as `token`. */
export const asCore = <A, E>(server: Pick<TestServer, "url">, token: string, effect: Effect.Effect<A, E, ApiClient | Uploads>) => {
  const ports = Layer.merge(FetchHttpLayer({ baseUrl: server.url }), MemoryKeyValueStoreLayer({ [StorageKeys.auth]: JSON.stringify({ token }) }))
  const client = Layer.provideMerge(ApiClientLive, Layer.provideMerge(AuthTokenLive, ports))
  const uploads = Layer.provideMerge(UploadsLive, client)
  return Effect.runPromise(Effect.either(effect).pipe(Effect.provide(uploads)))
}

export { Api }
