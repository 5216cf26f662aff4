import type { ArtworkCard, ArtworkType } from "@mido/core"
import type { Db } from "../../db/database.js"
import { engineOf, runNamed } from "../../db/namedStatement.js"
import { badInput } from "./artworkRefusal.js"
import { cardAt } from "./artworkView.js"
import { feedCall, type FeedKey, type FeedRow } from "./feedStatement.js"

/**
 * The inspiration square and a user's public works (R39): newest first (最新), keyset paging on
 * (created_at, id) over the partial index artworks_feed, or most liked first (最热), keyset on
 * (like_count, id) over artworks_feed_hot. No OFFSET and no COUNT on this path; one prepared
 * statement per request (feedStatement.ts), whose page comes back as one json text.
 *
 * The cursor is the key of the last card of the page: "<created_at in epoch microseconds>.<id>"
 * (exact to the microsecond the database stores, so a page never repeats or skips a row, even while
 * new rows are inserted at the head of the feed) or "h<like_count>.<id>" for 最热. The id breaks
 * ties, so equal counts page without a gap; a card whose likes change between two pages may move
 * across the cursor, as on any ranking that is live.
 */

export type FeedSort = "latest" | "hot"

export const encodeCursor = (key: FeedKey): string => (key.sort === "hot" ? `h${key.likes}.${key.id}` : `${key.micros}.${key.id}`)

const INVALID_CURSOR = "分页参数无效，请刷新后重试"

/** The cursor of a page of `sort`; one of the other sort (or garbage) is refused in Chinese. */
export const decodeCursor = (text: string, sort: FeedSort = "latest"): FeedKey => {
  const hot = /^h(\d{1,10})\.(\d{1,15})$/.exec(text)
  if (hot !== null && sort === "hot") return { sort: "hot", likes: Number(hot[1]), id: Number(hot[2]) }
  const latest = /^(\d{1,17})\.(\d{1,15})$/.exec(text)
  if (latest !== null && sort === "latest") return { sort: "latest", micros: latest[1]!, id: Number(latest[2]) }
  throw badInput(INVALID_CURSOR)
}

export interface FeedQuery {
  readonly viewer: number | undefined
  readonly uid?: number | undefined
  readonly type?: ArtworkType | undefined
  readonly categoryId?: number | undefined
  readonly cursor?: string | undefined
  readonly sort?: FeedSort | undefined
  readonly size: number
}

export interface FeedPage {
  readonly list: ReadonlyArray<ArtworkCard>
  readonly next_cursor?: string
}

export const feedPage = async (db: Db, query: FeedQuery): Promise<FeedPage> => {
  const form = engineOf(db) === "pglite" ? "json" : "rows"
  const call = feedCall(
    {
      uid: query.uid,
      type: query.type,
      categoryId: query.categoryId,
      cursor: query.cursor === undefined ? undefined : decodeCursor(query.cursor, query.sort),
      viewer: query.viewer,
      sort: query.sort,
      rows: query.size + 1
    },
    form
  )
  const result = await runNamed(db, call.statement, call.values)
  const rows = (form === "json" ? JSON.parse(String(result[0]?.page ?? "[]")) : result) as Array<FeedRow>
  const page = rows.slice(0, query.size)
  const last = page.at(-1)
  return {
    list: page.map(toFeedCard),
    ...(rows.length > query.size && last !== undefined ? { next_cursor: encodeCursor(query.sort === "hot" ? { sort: "hot", likes: last.likeCount, id: last.id } : { sort: "latest", micros: String(last.k), id: last.id }) } : {})
  }
}

/**
 * The feed cache's key of a page (artworkRoutes.ts shares anonymous pages, platform/answerCache.ts):
 * every input that changes the answer, in a fixed order; an absent sort is 最新.
 */
export const feedCacheKey = (input: Omit<FeedQuery, "viewer">): string =>
  `${input.sort ?? "latest"}|${input.uid ?? ""}|${input.type ?? ""}|${input.categoryId ?? ""}|${input.size}|${input.cursor ?? ""}`

const toFeedCard = (row: FeedRow): ArtworkCard => cardAt(row, Math.floor(row.k / 1_000_000))
