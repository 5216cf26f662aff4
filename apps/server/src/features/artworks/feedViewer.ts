import type { Db } from "../../db/database.js"
import { type NamedStatement, runNamed } from "../../db/namedStatement.js"
import type { ViewerFlags } from "../../platform/sharedAnswer.js"
import type { FeedPage } from "./feed.js"

/**
 * A member's feed page (issue 30, ADR 0027): the visitor's page, shared by everyone from the feed
 * cache (its works, authors and counters), with the one thing a card carries per viewer — is_like —
 * read now by ONE statement per page over the primary key of artwork_likes (uid, artwork_id) and
 * written into the kept page's text. The member's own like shows in their very next page; counters
 * lag as the visitor's do.
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

/** A member's flags on the shared page (platform/flagTemplate.ts writes them into its kept text): one look-up. */
export const feedViewerFlags = (db: Db): ViewerFlags<unknown, FeedPage> => ({
  names: ["is_like"],
  read: async (shared, _input, viewer) => {
    const liked = await likedAmong(db, viewer, shared.list.map((card) => card.id))
    return shared.list.map((card) => ({ is_like: liked.has(card.id) }))
  }
})
