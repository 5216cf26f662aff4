import { and, count, desc, eq, inArray, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { artworkLikes, artworks, collections } from "../../db/schema/artworks.js"
import { users } from "../../db/schema/users.js"
import { notFound } from "./artworkRefusal.js"
import { cardColumns, toCard, visibleTo } from "./artworkView.js"
import { createMessage } from "../messages/messages.js"

/**
 * Likes and collections (收藏) of artworks. The row is the state; the artwork's like_count or
 * favorite_count moves by one only when a row was really added or removed, so retries and concurrent
 * calls never double count (R12: counters are the server's).
 */
export type Reaction = "like" | "collect"

const tableOf = (kind: Reaction) => (kind === "like" ? artworkLikes : collections)

const bump = (kind: Reaction, by: 1 | -1) =>
  kind === "like"
    ? { likeCount: sql`greatest(${artworks.likeCount} + ${by}, 0)` }
    : { favoriteCount: sql`greatest(${artworks.favoriteCount} + ${by}, 0)` }

export interface ReactionOutcome {
  readonly on: boolean
  readonly count: number
}

/**
 * Sets `uid`'s like or collect on one artwork it may see (toggles when `wanted` is undefined). A new
 * like on someone else's artwork sends its author one message (once per liker and artwork).
 */
export const setReaction = async (db: Db, kind: Reaction, uid: number, artworkId: number, wanted: boolean | undefined, now: Date): Promise<ReactionOutcome> => {
  const [artwork] = await db
    .select({ id: artworks.id, userUid: artworks.userUid, title: artworks.title, cover: artworks.cover })
    .from(artworks)
    .where(and(eq(artworks.id, artworkId), visibleTo(uid)))
    .limit(1)
  if (artwork === undefined) throw notFound("作品不存在或已删除")
  const table = tableOf(kind)
  const mine = and(eq(table.uid, uid), eq(table.artworkId, artworkId))
  const existing = await db.select({ uid: table.uid }).from(table).where(mine).limit(1)
  const on = wanted ?? existing.length === 0
  if (on) {
    const added = await db.insert(table).values({ uid, artworkId, createdAt: now }).onConflictDoNothing().returning({ uid: table.uid })
    if (added.length > 0) {
      await db.update(artworks).set(bump(kind, 1)).where(eq(artworks.id, artworkId))
      if (kind === "like" && artwork.userUid !== uid) await likeMessage(db, uid, artwork, now)
    }
  } else {
    const removed = await db.delete(table).where(mine).returning({ uid: table.uid })
    if (removed.length > 0) await db.update(artworks).set(bump(kind, -1)).where(eq(artworks.id, artworkId))
  }
  const [after] = await db.select({ likes: artworks.likeCount, favorites: artworks.favoriteCount }).from(artworks).where(eq(artworks.id, artworkId))
  return { on, count: kind === "like" ? (after?.likes ?? 0) : (after?.favorites ?? 0) }
}

const likeMessage = async (db: Db, liker: number, artwork: { id: number; userUid: number; title: string | null; cover: string }, now: Date) => {
  const [me] = await db.select({ nickname: users.nickname, avatar: users.avatar }).from(users).where(eq(users.uid, liker)).limit(1)
  if (me === undefined) return
  const title = artwork.title ?? ""
  await createMessage(db, {
    uid: artwork.userUid,
    type: "like",
    dedupeKey: `like:${liker}:${artwork.id}`,
    createdAt: now,
    content: {
      title: "赞了你的作品",
      content: title === "" ? `${me.nickname} 赞了你的作品` : `${me.nickname} 赞了你的作品《${title}》`,
      user_head: me.avatar,
      user_uid: liker,
      user_name: me.nickname,
      cover: artwork.cover,
      sub_content: title,
      type: "artwork",
      target_id: artwork.id
    }
  })
}

/**
 * Collects or uncollects many artworks at once. Collect skips ones already collected, missing or not
 * visible to `uid`; uncollect removes `uid`'s own rows only. Answers how many changed.
 */
export const setCollectBatch = async (db: Db, uid: number, ids: ReadonlyArray<number>, collect: boolean, now: Date): Promise<number> => {
  const unique = [...new Set(ids)]
  let changed: Array<{ artworkId: number }>
  if (collect) {
    const visible = await db.select({ id: artworks.id }).from(artworks).where(and(inArray(artworks.id, unique), visibleTo(uid)))
    if (visible.length === 0) return 0
    changed = await db.insert(collections).values(visible.map((row) => ({ uid, artworkId: row.id, createdAt: now })))
      .onConflictDoNothing().returning({ artworkId: collections.artworkId })
  } else {
    changed = await db.delete(collections).where(and(eq(collections.uid, uid), inArray(collections.artworkId, unique))).returning({ artworkId: collections.artworkId })
  }
  if (changed.length > 0) {
    await db.update(artworks).set(bump("collect", collect ? 1 : -1)).where(inArray(artworks.id, changed.map((row) => row.artworkId)))
  }
  return changed.length
}

/** The artworks `owner` liked or collected, newest first, as `viewer` may see them. */
export const reactedArtworks = async (db: Db, kind: Reaction, query: { owner: number; viewer: number | undefined; page: number; size: number }) => {
  const table = tableOf(kind)
  const where = and(eq(table.uid, query.owner), visibleTo(query.viewer))
  const [rows, [total]] = await Promise.all([
    db
      .select(cardColumns(query.viewer))
      .from(table)
      .innerJoin(artworks, eq(artworks.id, table.artworkId))
      .innerJoin(users, eq(users.uid, artworks.userUid))
      .where(where)
      .orderBy(desc(table.createdAt), desc(artworks.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(table).innerJoin(artworks, eq(artworks.id, table.artworkId)).where(where)
  ])
  return { list: rows.map(toCard), total: Number(total?.total ?? 0) }
}
