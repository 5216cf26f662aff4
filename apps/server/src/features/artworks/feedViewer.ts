import type { ArtworkCard } from "@mido/core"
import type { Db } from "../../db/database.js"
import { type NamedStatement, runNamed } from "../../db/namedStatement.js"
import type { FeedPage } from "./feed.js"

/**
 * A member's feed page (issue 30, ADR 0027): the visitor's page, shared by everyone from the feed
 * cache (its works, authors and counters), with the one thing a card carries per viewer — is_like —
 * read now by ONE statement per page over the primary key of artwork_likes (uid, artwork_id). The
 * member's own like shows in their very next page; counters lag as the visitor's do.
 */

// the page's ids as one array literal ("{1,2,3}"): one prepared text for every page size
const likedAmongStatement: NamedStatement = {
  name: "mido_feed_viewer_likes",
  text: "select artwork_id as id from artwork_likes where uid = $1::bigint and artwork_id = any($2::text::bigint[])",
  types: ["bigint", "text"]
}

/** Which of `ids` the viewer liked (one indexed look-up; none asked, none read). */
export const likedAmong = async (db: Db, viewer: number, ids: ReadonlyArray<number>): Promise<ReadonlySet<number>> => {
  if (ids.length === 0) return new Set()
  const rows = await runNamed(db, likedAmongStatement, [viewer, `{${ids.join(",")}}`])
  return new Set(rows.map((row) => Number(row.id)))
}

/**
 * The shared page with this viewer's hearts: the shared cards are never changed (every reader holds
 * them); a card the viewer liked is a copy, the others are the shared objects themselves.
 */
export const withViewerLikes = (page: FeedPage, liked: ReadonlySet<number>): FeedPage => {
  if (liked.size === 0) return page
  const list = page.list.map((card): ArtworkCard => (liked.has(card.id) ? { ...card, is_like: true } : card))
  return page.next_cursor === undefined ? { list } : { list, next_cursor: page.next_cursor }
}

/** A member's page from the visitor's one: one look-up, the rest shared. */
export const memberFeedPage = async (db: Db, shared: FeedPage, viewer: number): Promise<FeedPage> =>
  withViewerLikes(shared, await likedAmong(db, viewer, shared.list.map((card) => card.id)))
