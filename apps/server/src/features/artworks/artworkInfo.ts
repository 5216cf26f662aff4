import type { Artwork } from "@mido/core"
import { eq } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { type NamedStatement, runNamed } from "../../db/namedStatement.js"
import { artworks } from "../../db/schema/artworks.js"
import { users } from "../../db/schema/users.js"
import type { AnswerCache } from "../../platform/answerCache.js"
import { notFound } from "./artworkRefusal.js"
import { faceColumns, statOf, toArtwork, type ViewerFlags } from "./artworkView.js"
import { userStat } from "../users/userStats.js"
import { withCatalogueNames } from "./sdModels.js"

const NO_FLAGS: ViewerFlags = { is_collected: false, is_follow: false, is_like: false, is_owner: false }

/**
 * Counts one view of an artwork the viewer may see and reads, in the same statement, the viewer's own
 * flags on it (ADR 0027: a member's part of the detail is one look-up, and this one rides on the view
 * count's write by the primary key), the counters their own like, collect or follow moves, and its
 * author's follower count. One prepared statement by name (db/namedStatement.ts): through drizzle's
 * query building this write cost 2.5–4 ms of CPU a detail on PGlite (bench/feed.mjs, issue 30).
 * `visibleTo` in artworkView.ts, written out: public and approved, or the viewer's own; never deleted.
 * A visitor is viewer 0, which no user is (uids start at 1): no flags, no own work.
 */
const countViewStatement: NamedStatement = {
  name: "mido_artwork_info_count_view",
  text: `update artworks a set view_count = a.view_count + 1
    where a.id = $1::bigint and a.deleted_at is null and ((a.is_public and a.audit_status = 'approved') or a.user_uid = $2::bigint)
    returning a.user_uid as author, (a.is_public and a.audit_status = 'approved') as on_square,
      exists (select 1 from artwork_likes l where l.uid = $2::bigint and l.artwork_id = a.id) as is_like,
      exists (select 1 from collections c where c.uid = $2::bigint and c.artwork_id = a.id) as is_collected,
      exists (select 1 from follows f where f.follower_uid = $2::bigint and f.followee_uid = a.user_uid) as is_follow,
      a.comment_count, a.favorite_count, a.like_count, a.share_count, a.view_count,
      (select count(*)::int from follows f where f.followee_uid = a.user_uid) as follower_count`,
  types: ["bigint", "bigint"]
}

/** Undefined when the viewer may not see it. */
const countView = async (db: Db, id: number, viewer: number | undefined) => {
  const [seen] = await runNamed(db, countViewStatement, [id, viewer ?? 0])
  if (seen === undefined) return undefined
  const author = Number(seen.author)
  const flags: ViewerFlags = viewer === undefined
    ? NO_FLAGS
    : { is_like: seen.is_like === true, is_collected: seen.is_collected === true, is_follow: seen.is_follow === true, is_owner: viewer === author }
  const stat = statOf({
    commentCount: Number(seen.comment_count),
    favoriteCount: Number(seen.favorite_count),
    likeCount: Number(seen.like_count),
    shareCount: Number(seen.share_count),
    viewCount: Number(seen.view_count)
  })
  return { onSquare: seen.on_square === true, flags, stat, followerCount: Number(seen.follower_count) }
}

/** The detail without anyone's flags: the row, its author's counters and the catalogue's model names. */
const detailOf = async (db: Db, id: number, flags: ViewerFlags): Promise<Artwork> => {
  const [row] = await db
    .select({ ...faceColumns, parameters: artworks.parameters, origin: artworks.origin })
    .from(artworks)
    .innerJoin(users, eq(users.uid, artworks.userUid))
    .where(eq(artworks.id, id))
    .limit(1)
  if (row === undefined) throw notFound("作品不存在或已删除")
  return withCatalogueNames(db, toArtwork(row, await userStat(db, row.userUid), flags))
}

/** The shared detail's key in the feed cache (beside the feed's pages: cleared by the same writes). */
export const artworkInfoCacheKey = (id: number) => `info|${id}`

/**
 * GET /api/v2/open/artwork/info: one artwork the viewer may see (public, or their own — R11), with
 * the author's counters and the viewer's flags (all false for a visitor). Counts one view.
 *
 * A work on the square is the same for everyone but for the flags (ADR 0027): that part is kept in
 * the feed cache (`shared`, cleared when works are published, withdrawn or deleted; its counters —
 * views included — lag as the feed's do) and the viewer's flags are read fresh with the view count, with the work's own counters and its author's follower count (what a viewer's
 * own like or follow moves). A viewer's own work off the square is built fresh for them alone.
 */
export const artworkInfo = async (db: Db, id: number, viewer: number | undefined, shared?: AnswerCache): Promise<Artwork> => {
  const seen = await countView(db, id, viewer)
  if (seen === undefined) throw notFound("作品不存在或已删除")
  if (shared === undefined || shared.ttlMs === 0 || !seen.onSquare) return detailOf(db, id, seen.flags)
  // a shared value, not an answer text: the route encodes the viewer's copy itself
  const kept = await shared.answer(artworkInfoCacheKey(id), async () => ({ body: "", data: await detailOf(db, id, NO_FLAGS) }))
  const detail = kept.data as Artwork
  return { ...detail, stat: seen.stat, user_stat: { ...detail.user_stat, follower_count: seen.followerCount }, ...seen.flags }
}
