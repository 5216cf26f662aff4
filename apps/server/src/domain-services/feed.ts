import type { ArtworkCard, ArtworkType } from "@mido/core"
import { and, desc, eq, type SQL, sql } from "drizzle-orm"
import type { Db } from "../db/database.js"
import { artworks } from "../db/schema/artworks.js"
import { users } from "../db/schema/users.js"
import { badInput } from "../http/failure.js"
import { cardColumns, publicArtwork, toCard } from "./artworkView.js"

/**
 * The inspiration square and a user's public works (R39): newest first, keyset paging on
 * (created_at, id) over the partial index artworks_feed. No OFFSET and no COUNT on this path.
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

const cursorKey = sql<string>`(extract(epoch from ${artworks.createdAt}) * 1000000)::bigint::text`

export const feedPage = async (db: Db, query: FeedQuery): Promise<FeedPage> => {
  const conditions: Array<SQL> = [publicArtwork]
  if (query.uid !== undefined) conditions.push(eq(artworks.userUid, query.uid))
  if (query.type !== undefined) conditions.push(eq(artworks.type, query.type))
  if (query.categoryId !== undefined) conditions.push(eq(artworks.categoryId, query.categoryId))
  if (query.cursor !== undefined) {
    const after = decodeCursor(query.cursor)
    conditions.push(
      sql`(${artworks.createdAt}, ${artworks.id}) < (timestamptz 'epoch' + ${after.micros}::float8 * interval '1 microsecond', ${after.id}::bigint)`
    )
  }
  const rows = await db
    .select({ ...cardColumns(query.viewer), cursorKey })
    .from(artworks)
    .innerJoin(users, eq(users.uid, artworks.userUid))
    .where(and(...conditions))
    .orderBy(desc(artworks.createdAt), desc(artworks.id))
    .limit(query.size + 1)
  const page = rows.slice(0, query.size)
  const last = page.at(-1)
  return {
    list: page.map(toCard),
    ...(rows.length > query.size && last !== undefined ? { next_cursor: encodeCursor({ micros: last.cursorKey, id: last.id }) } : {})
  }
}
