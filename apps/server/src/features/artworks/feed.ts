import type { ArtworkCard, ArtworkType } from "@mido/core"
import type { Db } from "../../db/database.js"
import { engineOf, runNamed } from "../../db/namedStatement.js"
import { badInput } from "./artworkRefusal.js"
import { cardAt } from "./artworkView.js"
import { feedCall, type FeedRow } from "./feedStatement.js"

/**
 * The inspiration square and a user's public works (R39): newest first, keyset paging on
 * (created_at, id) over the partial index artworks_feed. No OFFSET and no COUNT on this path; one
 * prepared statement per request (feedStatement.ts), whose page comes back as one json text.
 *
 * The cursor is "<created_at in epoch microseconds>.<id>" of the last card of the page: exact to the
 * microsecond the database stores, so a page never repeats or skips a row, even while new rows are
 * inserted at the head of the feed.
 */

export interface FeedCursor {
  readonly micros: string
  readonly id: number
}

export const encodeCursor = (cursor: FeedCursor): string => `${cursor.micros}.${cursor.id}`

export const decodeCursor = (text: string): FeedCursor => {
  const match = /^(\d{1,17})\.(\d{1,15})$/.exec(text)
  if (match === null) throw badInput("分页参数无效，请刷新后重试")
  return { micros: match[1]!, id: Number(match[2]) }
}

export interface FeedQuery {
  readonly viewer: number | undefined
  readonly uid?: number | undefined
  readonly type?: ArtworkType | undefined
  readonly categoryId?: number | undefined
  readonly cursor?: string | undefined
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
      cursor: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
      viewer: query.viewer,
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
    ...(rows.length > query.size && last !== undefined ? { next_cursor: encodeCursor({ micros: String(last.k), id: last.id }) } : {})
  }
}

const toFeedCard = (row: FeedRow): ArtworkCard => cardAt(row, Math.floor(row.k / 1_000_000))
