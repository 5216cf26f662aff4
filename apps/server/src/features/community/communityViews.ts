import type { ArtworkCard, UserBrief } from "@mido/core"
import { and, eq, inArray, isNull, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { artworks } from "../../db/schema/artworks.js"
import { articles, postComments, posts } from "../../db/schema/community.js"
import { users } from "../../db/schema/users.js"
import { cardColumns, publicArtwork, toCard } from "../artworks/artworkView.js"
import { isMember } from "../users/userView.js"

/**
 * Content an operator took down (features/review, 2850_review_queue.sql) leaves every community read:
 * lists, details and the comments under it, for everyone (its author is told by a system message).
 */
export const shownPost = isNull(posts.takenDownAt)
export const shownComment = isNull(postComments.takenDownAt)
export const shownArticle = isNull(articles.takenDownAt)

const unique = (ids: ReadonlyArray<number>) => [...new Set(ids)]

/** Bylines (UserBrief) for the given users, by uid. */
export const loadBriefs = async (db: Db, uids: ReadonlyArray<number>, now: Date): Promise<Map<number, UserBrief>> => {
  const wanted = unique(uids)
  if (wanted.length === 0) return new Map()
  const rows = await db
    .select({ uid: users.uid, nickname: users.nickname, avatar: users.avatar, vipLevel: users.vipLevel, vipExpiredAt: users.vipExpiredAt })
    .from(users)
    .where(inArray(users.uid, wanted))
  return new Map(rows.map((row) => [row.uid, { uid: row.uid, nickname: row.nickname, avatar: row.avatar, is_vip: isMember(row, now) }]))
}

/** The byline of a user that no longer exists (rows cascade, so this is only a guard). */
export const missingBrief = (uid: number): UserBrief => ({ uid, nickname: "已注销用户", avatar: "", is_vip: false })

export const briefOf = (briefs: Map<number, UserBrief>, uid: number): UserBrief => briefs.get(uid) ?? missingBrief(uid)

/**
 * An artwork may appear on a community card (activity works, special topics) only while it is on the
 * square: public, approved and not deleted (the artworks module's rule). A private or withdrawn work
 * never leaks through here (R11). `a` is the alias of artworks in raw SQL.
 */
export const VISIBLE_ARTWORK = sql`a.deleted_at is null and a.is_public and a.audit_status = 'approved'`

/** Waterfall cards (ArtworkCard, the artworks module's mapping) of the visible artworks among ids, by id. */
export const loadArtworkCards = async (db: Db, ids: ReadonlyArray<number>, viewer: number | undefined): Promise<Map<number, ArtworkCard>> => {
  const wanted = unique(ids)
  if (wanted.length === 0) return new Map()
  const rows = await db.select(cardColumns(viewer)).from(artworks).innerJoin(users, eq(users.uid, artworks.userUid))
    .where(and(inArray(artworks.id, wanted), publicArtwork))
  return new Map(rows.map((row) => [row.id, toCard(row)]))
}

export type ArtworkCheck = "owned" | "owned-visible"

/**
 * R11: the caller's own live artwork, checked in the query itself (`user_uid = uid`), never by loading
 * by id first. "owned-visible" also needs it on the square, for places that show it to everyone.
 */
export const ownsArtwork = async (db: Db, uid: number, artworkId: number, check: ArtworkCheck): Promise<boolean> => {
  const rows = await db.select({ id: artworks.id }).from(artworks)
    .where(and(eq(artworks.id, artworkId), eq(artworks.userUid, uid), check === "owned" ? isNull(artworks.deletedAt) : publicArtwork))
    .limit(1)
  return rows.length > 0
}
