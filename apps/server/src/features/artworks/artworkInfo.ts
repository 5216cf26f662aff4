import type { Artwork } from "@mido/core"
import { and, eq, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { artworks } from "../../db/schema/artworks.js"
import { users } from "../../db/schema/users.js"
import type { AnswerCache } from "../../platform/answerCache.js"
import { notFound } from "./artworkRefusal.js"
import { faceColumns, statOf, toArtwork, type ViewerFlags, visibleTo } from "./artworkView.js"
import { userStat } from "../users/userStats.js"
import { withCatalogueNames } from "./sdModels.js"

const NO_FLAGS: ViewerFlags = { is_collected: false, is_follow: false, is_like: false, is_owner: false }

const flag = (query: ReturnType<typeof sql>) => sql<boolean>`exists (${query})`

/**
 * Counts one view of an artwork the viewer may see and reads, in the same statement, the viewer's own
 * flags on it (ADR 0027: a member's part of the detail is one look-up, and this one rides on the view
 * count's write by the primary key). Undefined when the viewer may not see it.
 */
const countView = async (db: Db, id: number, viewer: number | undefined) => {
  const flags = viewer === undefined
    ? { isLike: sql<boolean>`false`, isCollected: sql<boolean>`false`, isFollow: sql<boolean>`false` }
    : {
      isLike: flag(sql`select 1 from artwork_likes l where l.uid = ${viewer} and l.artwork_id = ${artworks.id}`),
      isCollected: flag(sql`select 1 from collections c where c.uid = ${viewer} and c.artwork_id = ${artworks.id}`),
      isFollow: flag(sql`select 1 from follows f where f.follower_uid = ${viewer} and f.followee_uid = ${artworks.userUid}`)
    }
  const [seen] = await db
    .update(artworks)
    .set({ viewCount: sql`${artworks.viewCount} + 1` })
    .where(and(eq(artworks.id, id), visibleTo(viewer)))
    .returning({
      author: artworks.userUid,
      onSquare: sql<boolean>`${artworks.isPublic} and ${artworks.auditStatus} = 'approved'`,
      ...flags,
      // the counters a viewer's own like, collect, comment, share or follow moves are read here too, so
      // the shared part never shows a heart beside a count that has not counted it yet
      stat: { commentCount: artworks.commentCount, favoriteCount: artworks.favoriteCount, likeCount: artworks.likeCount, shareCount: artworks.shareCount, viewCount: artworks.viewCount },
      followerCount: sql<number>`(select count(*)::int from follows f where f.followee_uid = ${artworks.userUid})`
    })
  if (seen === undefined) return undefined
  const viewerFlags: ViewerFlags = { is_like: seen.isLike, is_collected: seen.isCollected, is_follow: seen.isFollow, is_owner: viewer === seen.author }
  return { onSquare: seen.onSquare, flags: viewerFlags, stat: statOf(seen.stat), followerCount: Number(seen.followerCount) }
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
