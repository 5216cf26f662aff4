import { ApiClient, ApiClientLive, type AnyRoute, AuthTokenLive, type RouteData, type RouteInput, StorageKeys } from "@mido/core"
import { FetchHttpLayer } from "@mido/core/browser"
import { MemoryKeyValueStoreLayer } from "@mido/core/testing"
import { Effect, Layer } from "effect"
import type { Db } from "../src/db/database.js"
import { artworks } from "../src/db/schema/artworks.js"
import { files } from "../src/db/schema/files.js"
import { users } from "../src/db/schema/users.js"
import { issueToken } from "../src/platform/tokens.js"
import type { TestServer } from "./testServer.js"

/** Shared by the community tests: people with tokens, their uploads and artworks, query strings. */

let serial = 0

export interface Person {
  readonly uid: number
  readonly token: string
  readonly nickname: string
}

export const makePerson = async (db: Db, nickname: string): Promise<Person> => {
  serial += 1
  const tag = `${process.pid % 10_000}${serial}`.padStart(8, "0")
  const [row] = await db.insert(users).values({
    phone: `137${tag}`, nickname, avatar: `https://cdn.mido.example.com/avatar/${tag}.png`, inviteCode: `C${tag}`, nid: `7${tag}`
  }).returning()
  return { uid: row!.uid, token: await issueToken(db, row!.uid, new Date()), nickname }
}

/** A verified upload of `uid` (a files row) and its public address on the test server's storage host. */
export const makeUpload = async (server: TestServer, uid: number): Promise<string> => {
  serial += 1
  const key = `u/${uid}/202606/20260601120000_${serial.toString(36)}abc.png`
  await server.deps.db.insert(files).values({ key, uid, size: 2048, contentType: "image/png", width: 768, height: 1024 })
  return `${server.deps.config.storageUrl}/uploads/${key}`
}

/** An artwork on the square unless told otherwise. */
export const makeArtwork = async (db: Db, uid: number, overrides: Partial<typeof artworks.$inferInsert> = {}) => {
  const [row] = await db.insert(artworks).values({
    userUid: uid, type: "sd", title: "江南烟雨", cover: "https://cdn.mido.example.com/artwork/1.png", width: 768, height: 1024,
    parameters: { prompt: "江南水乡, 烟雨", negative_prompt: "", models: [], args: [] }, isPublic: true, auditStatus: "approved", ...overrides
  }).returning()
  return row!
}

/** A path with a query string, for GET routes. */
export const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
  return `${path}?${params.toString()}`
}

/** Calls a route with the web app's own client (core ApiClient over ofetch): proves the answer decodes with the contract. */
export const callAsWebApp = <R extends AnyRoute>(server: TestServer, token: string | undefined, route: R, input: RouteInput<R>) => {
  const ports = Layer.merge(
    FetchHttpLayer({ baseUrl: server.url }),
    MemoryKeyValueStoreLayer(token === undefined ? {} : { [StorageKeys.auth]: JSON.stringify({ token }) })
  )
  const effect = Effect.flatMap(ApiClient, (api) => api.call(route, input)) as Effect.Effect<RouteData<R>, unknown, ApiClient>
  return Effect.runPromise(Effect.either(effect).pipe(Effect.provide(Layer.provideMerge(ApiClientLive, Layer.provideMerge(AuthTokenLive, ports)))))
}

export const DAY_MS = 86_400_000
