import { type ApiClient, ApiClientLive, type Artworks, ArtworksLive, AuthTokenLive, StorageKeys } from "@mido/core"
import { FetchHttpLayer } from "@mido/core/browser"
import { MemoryKeyValueStoreLayer } from "@mido/core/testing"
import { Effect, Layer } from "effect"
import type { Db } from "../src/db/database.js"
import { artworks } from "../src/db/schema/artworks.js"
import { users } from "../src/db/schema/users.js"
import { issueToken } from "../src/platform/tokens.js"
import type { TestServer } from "./testServer.js"

/** Shared by the people, artworks and messages tests: users with tokens, artworks, query strings. */

let serial = 0

export interface TestUser {
  readonly uid: number
  readonly token: string
  readonly nickname: string
}

export const makeUser = async (db: Db, nickname: string, extra: Partial<typeof users.$inferInsert> = {}): Promise<TestUser> => {
  serial += 1
  const tag = `${process.pid % 10_000}${serial}`.padStart(8, "0")
  const [row] = await db.insert(users).values({
    phone: `139${tag}`,
    nickname,
    avatar: `https://cdn.mido.example.com/avatar/${tag}.png`,
    inviteCode: `T${tag}`,
    nid: `9${tag}`,
    ...extra
  }).returning()
  return { uid: row!.uid, token: await issueToken(db, row!.uid, new Date()), nickname }
}

export const sdParameters = (prompt = "masterpiece, 江南水乡, 烟雨, 石桥") => ({
  prompt,
  negative_prompt: "lowres, watermark",
  models: [{ type: "Checkpoint", name: "国风水墨 v3", files: [{ name: "guofeng_ink_v3.safetensors" }] }],
  args: [{ key: "steps", title: "Steps", value: 30 }, { key: "seed", title: "Seed", value: 42 }]
})

/** Valid stored parameters for each type (spec §3). */
export const parametersOf = (type: "quick" | "quick_mj" | "sd" | "agent") =>
  type === "quick" ? { base_image_url: null, style_info: { group: "pro", name: "电影质感", cover: "https://cdn.mido.example.com/s.png" } }
    : type === "quick_mj" ? { image_prompts: ["https://cdn.mido.example.com/r.png"], style_reference: [], character_reference: [], omni_reference: [], version_info: { name: "Midjourney V7" } }
      : type === "agent" ? { id: 2, name: "头像设计助手", head: "https://cdn.mido.example.com/agent.png" }
        : sdParameters()

/** An artwork on the square unless told otherwise. */
export const makeArtwork = async (db: Db, uid: number, overrides: Partial<typeof artworks.$inferInsert> = {}) => {
  const [row] = await db.insert(artworks).values({
    userUid: uid,
    type: "sd",
    title: "江南烟雨",
    cover: "https://cdn.mido.example.com/artwork/1.png",
    width: 768,
    height: 1024,
    isPublic: true,
    auditStatus: "approved",
    ...overrides,
    parameters: overrides.parameters ?? parametersOf(overrides.type ?? "sd")
  }).returning()
  return row!
}

/** A path with a query string, for GET routes. */
export const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
  return `${path}?${params.toString()}`
}

/** The web app's own stack (core ApiClient and Artworks over ofetch) against the real server. */
export const webAppLayer = (server: TestServer, token: string | undefined) => {
  const ports = Layer.merge(
    FetchHttpLayer({ baseUrl: server.url }),
    MemoryKeyValueStoreLayer(token === undefined ? {} : { [StorageKeys.auth]: JSON.stringify({ token }) })
  )
  return Layer.provideMerge(ArtworksLive, Layer.provideMerge(ApiClientLive, Layer.provideMerge(AuthTokenLive, ports)))
}

export const runWebApp = <A, E>(server: TestServer, token: string | undefined, effect: Effect.Effect<A, E, ApiClient | Artworks>) =>
  Effect.runPromise(Effect.either(effect).pipe(Effect.provide(webAppLayer(server, token))))
