import type { Artwork } from "@mido/core"
import { eq } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { type NamedStatement, runNamed } from "../../db/namedStatement.js"
import { artworks } from "../../db/schema/artworks.js"
import { users } from "../../db/schema/users.js"
import type { AnswerCache } from "../../platform/answerCache.js"
import type { BatchedCounts, CountsWriter } from "../../platform/batchedCounts.js"
import { notFound } from "./artworkRefusal.js"
import { faceColumns, statOf, toArtwork, type ViewerFlags } from "./artworkView.js"
import { userStat } from "../users/userStats.js"
import { withCatalogueNames } from "./sdModels.js"

const NO_FLAGS: ViewerFlags = { is_collected: false, is_follow: false, is_like: false, is_owner: false }

/**
 * Reads an artwork the viewer may see with, in the same statement, the viewer's own flags on it
 * (ADR 0027: a member's part of the detail is one look-up by the primary key), the counters their own
 * like, collect or follow moves, and its author's follower count. One prepared statement by name
 * (db/namedStatement.ts). It only reads: the view is counted in memory and written in batches
 * (`views`, platform/batchedCounts.ts), so a detail costs no write (issue 30).
 * `visibleTo` in artworkView.ts, written out: public and approved, or the viewer's own; never deleted.
 * A visitor is viewer 0, which no user is (uids start at 1): no flags, no own work.
 */
const seenStatement: NamedStatement = {
  name: "mido_artwork_info_seen",
  text: `select a.user_uid as author, (a.is_public and a.audit_status = 'approved') as on_square,
      exists (select 1 from artwork_likes l where l.uid = $2::bigint and l.artwork_id = a.id) as is_like,
      exists (select 1 from collections c where c.uid = $2::bigint and c.artwork_id = a.id) as is_collected,
      exists (select 1 from follows f where f.follower_uid = $2::bigint and f.followee_uid = a.user_uid) as is_follow,
      a.comment_count, a.favorite_count, a.like_count, a.share_count, a.view_count,
      (select count(*)::int from follows f where f.followee_uid = a.user_uid) as follower_count
    from artworks a
    where a.id = $1::bigint and a.deleted_at is null and ((a.is_public and a.audit_status = 'approved') or a.user_uid = $2::bigint)`,
  types: ["bigint", "bigint"]
}

/** The views counted since the last batch, added to each artwork's count in one statement. */
const addViewsStatement: NamedStatement = {
  name: "mido_artwork_add_views",
  text: `update artworks a set view_count = a.view_count + v.n
    from unnest($1::text::bigint[], $2::text::int[]) as v(id, n) where a.id = v.id`,
  types: ["text", "text"]
}

/** The batch writer of artworks' views (server.ts keeps one per process, deps.artworkViews). */
export const writeArtworkViews = (db: Db): CountsWriter => async (counts) => {
  await runNamed(db, addViewsStatement, [`{${[...counts.keys()].join(",")}}`, `{${[...counts.values()].join(",")}}`])
}

/** Undefined when the viewer may not see it. The view count includes this process's views not yet written. */
const seenBy = async (db: Db, views: BatchedCounts, id: number, viewer: number | undefined) => {
  const [seen] = await runNamed(db, seenStatement, [id, viewer ?? 0])
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
    viewCount: Number(seen.view_count) + views.pendingOf(id)
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
 * A visitor's kept detail: the work as everyone sees it, with its counters as read when it was kept;
 * `viewsSince` counts the visitors' views this kept copy has answered, so the figure they see grows
 * with each of them and never goes down (a refill reads the written figure plus what is pending).
 */
interface KeptDetail {
  readonly detail: Artwork
  viewsSince: number
}

type Seen = NonNullable<Awaited<ReturnType<typeof seenBy>>>

/** The feed cache's value for a square work: everyone's detail with the counters `seen` read (a value, not an answer text). */
const keptDetailOf = async (db: Db, id: number, seen: Seen) => {
  const detail = await detailOf(db, id, NO_FLAGS)
  const data: KeptDetail = { detail: { ...detail, stat: seen.stat, user_stat: { ...detail.user_stat, follower_count: seen.followerCount } }, viewsSince: 0 }
  return { body: "", data }
}

/**
 * GET /api/v2/open/artwork/info: one artwork the viewer may see (public, or their own — R11), with
 * the author's counters and the viewer's flags (all false for a visitor). Counts one view.
 *
 * A work on the square is the same for everyone but for the flags (ADR 0027): that part is kept in
 * the feed cache (`shared`, cleared when works are published, withdrawn or deleted; its counters
 * lag as the feed's do). A visitor's read of a kept work runs no statement at all; a member's reads
 * their flags and the work's own counters (what their own like or follow moves) in one look-up. A
 * viewer's own work off the square is built fresh for them alone. Every read counts one view in
 * memory (`views`), written in batches.
 */
export const artworkInfo = async (db: Db, id: number, viewer: number | undefined, views: BatchedCounts, shared?: AnswerCache): Promise<Artwork> => {
  const keeps = shared !== undefined && shared.ttlMs > 0
  if (viewer === undefined && keeps) {
    const kept = await shared.answer(artworkInfoCacheKey(id), async () => {
      const seen = await seenBy(db, views, id, undefined)
      // refusals are never kept: a work off the square is read (and refused) again each time
      if (seen === undefined || !seen.onSquare) throw notFound("作品不存在或已删除")
      return keptDetailOf(db, id, seen)
    })
    views.add(id)
    const keptDetail = kept.data as KeptDetail
    keptDetail.viewsSince += 1
    const { detail } = keptDetail
    return { ...detail, stat: { ...detail.stat, view_count: detail.stat.view_count + keptDetail.viewsSince } }
  }
  const seen = await seenBy(db, views, id, viewer)
  if (seen === undefined) throw notFound("作品不存在或已删除")
  views.add(id)
  const stat = { ...seen.stat, view_count: seen.stat.view_count + 1 }
  if (!keeps || !seen.onSquare) return { ...(await detailOf(db, id, seen.flags)), stat }
  // the shared part without counters; this member's counters and flags from their look-up
  const kept = await shared.answer(artworkInfoCacheKey(id), () => keptDetailOf(db, id, seen))
  const { detail } = kept.data as KeptDetail
  return { ...detail, stat, user_stat: { ...detail.user_stat, follower_count: seen.followerCount }, ...seen.flags }
}
