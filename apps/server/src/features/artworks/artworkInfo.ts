import type { Artwork } from "@mido/core"
import { Api } from "@mido/core/contract"
import { eq } from "drizzle-orm"
import { Schema } from "effect"
import type { Db } from "../../db/database.js"
import { type NamedStatement, runNamed } from "../../db/namedStatement.js"
import { artworks } from "../../db/schema/artworks.js"
import { users } from "../../db/schema/users.js"
import type { AnswerCache } from "../../platform/answerCache.js"
import type { BatchedCounts, CountsWriter } from "../../platform/batchedCounts.js"
import type { ViewerFlagCache } from "../../platform/viewerFlagCache.js"
import { inWireForm } from "../../platform/wireData.js"
import { ArtworkRefusal, notFound } from "./artworkRefusal.js"
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

/**
 * A member's own part of a kept square work (ADR 0027 "Since, fourth part"): their flags and the
 * counters their own like, collect or follow moves, by the primary key and the three flag tables'
 * primary keys. The work is on the square (the kept detail says so); a work withdrawn since answers
 * no row and is read again as a whole.
 */
const ownPartStatement: NamedStatement = {
  name: "mido_artwork_info_own_part",
  text: `select exists (select 1 from artwork_likes l where l.uid = $2::bigint and l.artwork_id = a.id) as is_like,
      exists (select 1 from collections c where c.uid = $2::bigint and c.artwork_id = a.id) as is_collected,
      exists (select 1 from follows f where f.follower_uid = $2::bigint and f.followee_uid = a.user_uid) as is_follow,
      a.like_count, a.favorite_count,
      (select count(*)::int from follows f where f.followee_uid = a.user_uid) as follower_count
    from artworks a
    where a.id = $1::bigint and a.deleted_at is null and a.is_public and a.audit_status = 'approved'`,
  types: ["bigint", "bigint"]
}

interface OwnPart {
  readonly isLike: boolean
  readonly isCollected: boolean
  readonly isFollow: boolean
  readonly likeCount: number
  readonly favoriteCount: number
  readonly followerCount: number
}

const ownPartOf = async (db: Db, id: number, viewer: number): Promise<OwnPart | undefined> => {
  const [row] = await runNamed(db, ownPartStatement, [id, viewer])
  if (row === undefined) return undefined
  return {
    isLike: row.is_like === true,
    isCollected: row.is_collected === true,
    isFollow: row.is_follow === true,
    likeCount: Number(row.like_count),
    favoriteCount: Number(row.favorite_count),
    followerCount: Number(row.follower_count)
  }
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
  /** The same, encoded once by the route's schema: each read copies it with its counters and flags (wireData.ts). */
  readonly wire: ArtworkWire
  viewsSince: number
}

type ArtworkWire = Schema.Schema.Encoded<typeof Api.artwork.info.data>
const encodeArtwork = Schema.encodeSync(Api.artwork.info.data)

type Seen = NonNullable<Awaited<ReturnType<typeof seenBy>>>

/** The feed cache's value for a square work: everyone's detail with the counters `seen` read (a value, not an answer text). */
const keptDetailOf = async (db: Db, id: number, seen: Seen) => {
  const detail = await detailOf(db, id, NO_FLAGS)
  const kept = { ...detail, stat: seen.stat, user_stat: { ...detail.user_stat, follower_count: seen.followerCount } }
  const data: KeptDetail = { detail: kept, wire: encodeArtwork(kept), viewsSince: 0 }
  return { body: "", data }
}

/** The visitor's kept detail of a square work (refusals are never kept: a work off the square is read, and refused, each time). */
const keptSquareDetail = (db: Db, id: number, views: BatchedCounts, shared: AnswerCache) =>
  shared.answer(artworkInfoCacheKey(id), async () => {
    const seen = await seenBy(db, views, id, undefined)
    if (seen === undefined || !seen.onSquare) throw notFound("作品不存在或已删除")
    return keptDetailOf(db, id, seen)
  })

/** Counts this read's view: in the batch, and on the kept copy, whose figure grows with every read it answers. */
const viewedKept = (views: BatchedCounts, id: number, kept: KeptDetail) => {
  views.add(id)
  kept.viewsSince += 1
  return kept.detail.stat.view_count + kept.viewsSince
}

/**
 * GET /api/v2/open/artwork/info: one artwork the viewer may see (public, or their own — R11), with
 * the author's counters and the viewer's flags (all false for a visitor). Counts one view.
 *
 * A work on the square is the same for everyone but for the flags (ADR 0027): that part is kept in
 * the feed cache (`shared`, cleared when works are published, withdrawn or deleted; its counters
 * lag as the feed's do). A visitor's read of a kept work runs no statement at all. A member's adds
 * their own part — flags, and the counters their own like, collect or follow moves — read in one
 * look-up and kept with their flags on the feed's pages (`ownParts`, viewerFlagCache.ts: forgotten
 * in every process by their own like, collect or follow, and read again with a new kept detail), so
 * their repeat read runs no statement either and their own like shows at once beside its count. A
 * viewer's own work off the square is built fresh for them alone. Every read counts one view in
 * memory (`views`), written in batches.
 */
export const artworkInfo = async (
  db: Db,
  id: number,
  viewer: number | undefined,
  views: BatchedCounts,
  shared?: AnswerCache,
  ownParts?: ViewerFlagCache
): Promise<Artwork> => {
  const keeps = shared !== undefined && shared.ttlMs > 0
  if (viewer === undefined && keeps) {
    const kept = (await keptSquareDetail(db, id, views, shared)).data as KeptDetail
    const { wire } = kept
    return inWireForm(Api.artwork.info, { ...wire, stat: { ...wire.stat, view_count: viewedKept(views, id, kept) } })
  }
  if (viewer !== undefined && keeps && ownParts !== undefined) {
    const kept = await keptSquareDetail(db, id, views, shared).catch((error: unknown) => {
      if (error instanceof ArtworkRefusal && error.kind === "notFound") return undefined
      throw error
    })
    const keptDetail = kept?.data as KeptDetail | undefined
    const own = keptDetail === undefined ? undefined : await ownParts.ownPartOf(viewer, artworkInfoCacheKey(id), keptDetail, () => ownPartOf(db, id, viewer))
    if (keptDetail !== undefined && own !== undefined) {
      const { wire } = keptDetail
      return inWireForm(Api.artwork.info, {
        ...wire,
        stat: { ...wire.stat, like_count: own.likeCount, favorite_count: own.favoriteCount, view_count: viewedKept(views, id, keptDetail) },
        user_stat: { ...wire.user_stat, follower_count: own.followerCount },
        is_like: own.isLike,
        is_collected: own.isCollected,
        is_follow: own.isFollow,
        is_owner: viewer === wire.user_uid
      })
    }
    // off the square (their own work, or withdrawn since it was kept): read as a whole below
  }
  const seen = await seenBy(db, views, id, viewer)
  if (seen === undefined) throw notFound("作品不存在或已删除")
  views.add(id)
  const stat = { ...seen.stat, view_count: seen.stat.view_count + 1 }
  if (!keeps || !seen.onSquare) return { ...(await detailOf(db, id, seen.flags)), stat }
  const kept = await shared.answer(artworkInfoCacheKey(id), () => keptDetailOf(db, id, seen))
  const { detail } = kept.data as KeptDetail
  return { ...detail, stat, user_stat: { ...detail.user_stat, follower_count: seen.followerCount }, ...seen.flags }
}
