import type { ArtworkGroup, ArtworkGroupCreate, ArtworkGroupUpdate } from "@mido/core"
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { artworkGroupItems, artworkGroups, artworks } from "../../db/schema/artworks.js"
import { users } from "../../db/schema/users.js"
import { badInput, notFound } from "./artworkRefusal.js"
import { cardColumns, toCard, visibleTo } from "./artworkView.js"
import { unixSeconds } from "../../platform/chinaTime.js"

/**
 * Artwork groups (作品集): a named, ordered set of one user's own artworks (R11: only the owner
 * writes, and only with their own live artworks). Private groups are seen by their owner only.
 */

const GROUP_NOT_FOUND = "作品集不存在或已删除"

type GroupRow = typeof artworkGroups.$inferSelect

/**
 * The group as `viewer` sees it: count and automatic cover over the artworks they may see. Outer
 * columns are written out (artwork_groups.id): drizzle leaves columns unqualified in a one-table select.
 */
const groupColumns = (viewer: number | undefined) => ({
  row: artworkGroups,
  artworkCount: sql<number>`(select count(*)::int from artwork_group_items i join artworks on artworks.id = i.artwork_id
    where i.group_id = artwork_groups.id and ${visibleTo(viewer)})`,
  cover: sql<string | null>`coalesce(
    (select artworks.cover from artwork_group_items i join artworks on artworks.id = i.artwork_id
      where i.group_id = artwork_groups.id and i.artwork_id = artwork_groups.cover_artwork_id and ${visibleTo(viewer)}),
    (select artworks.cover from artwork_group_items i join artworks on artworks.id = i.artwork_id
      where i.group_id = artwork_groups.id and ${visibleTo(viewer)} order by artworks.created_at desc, artworks.id desc limit 1))`
})

const toGroup = (found: { row: GroupRow; artworkCount: number; cover: string | null }): ArtworkGroup => ({
  id: found.row.id,
  name: found.row.name,
  description: found.row.description,
  cover: found.cover,
  artwork_count: Number(found.artworkCount),
  is_public: found.row.isPublic,
  created_at: unixSeconds(found.row.createdAt)
})

/** Groups `viewer` may open: public ones, and every group of their own. */
const groupVisibleTo = (viewer: number | undefined): SQL =>
  viewer === undefined ? eq(artworkGroups.isPublic, true) : or(eq(artworkGroups.isPublic, true), eq(artworkGroups.userUid, viewer))!

const loadGroup = async (db: Db, id: number, viewer: number | undefined) => {
  const [found] = await db.select(groupColumns(viewer)).from(artworkGroups).where(and(eq(artworkGroups.id, id), groupVisibleTo(viewer))).limit(1)
  if (found === undefined) throw notFound(GROUP_NOT_FOUND)
  return found
}

/** Checks every id is a live artwork of `uid` (R11) and answers them deduplicated, in order. */
const ownArtworkIds = async (db: Db, uid: number, ids: ReadonlyArray<number>) => {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return unique
  const own = await db.select({ id: artworks.id }).from(artworks)
    .where(and(inArray(artworks.id, unique), eq(artworks.userUid, uid), isNull(artworks.deletedAt)))
  if (own.length !== unique.length) throw notFound("作品不存在或已删除")
  return unique
}

const replaceItems = async (db: Db, groupId: number, ids: ReadonlyArray<number>) => {
  await db.delete(artworkGroupItems).where(eq(artworkGroupItems.groupId, groupId))
  if (ids.length > 0) await db.insert(artworkGroupItems).values(ids.map((artworkId, position) => ({ groupId, artworkId, position })))
}

const checkCover = (cover: number | null | undefined, ids: ReadonlyArray<number>) => {
  if (cover !== null && cover !== undefined && !ids.includes(cover)) throw badInput("封面必须是作品集中的作品")
}

export const createGroup = async (db: Db, uid: number, input: ArtworkGroupCreate, now: Date): Promise<ArtworkGroup> => {
  const ids = await ownArtworkIds(db, uid, input.artwork_ids ?? [])
  checkCover(input.cover_artwork_id, ids)
  const [group] = await db.insert(artworkGroups).values({
    userUid: uid,
    name: input.name,
    description: input.description,
    isPublic: input.is_public,
    coverArtworkId: input.cover_artwork_id ?? null,
    createdAt: now,
    updatedAt: now
  }).returning({ id: artworkGroups.id })
  await replaceItems(db, group!.id, ids)
  return toGroup(await loadGroup(db, group!.id, uid))
}

export const updateGroup = async (db: Db, uid: number, input: ArtworkGroupUpdate, now: Date): Promise<ArtworkGroup> => {
  const [group] = await db.select().from(artworkGroups).where(and(eq(artworkGroups.id, input.id), eq(artworkGroups.userUid, uid))).limit(1)
  if (group === undefined) throw notFound(GROUP_NOT_FOUND)
  const ids = input.artwork_ids === undefined
    ? (await db.select({ id: artworkGroupItems.artworkId }).from(artworkGroupItems).where(eq(artworkGroupItems.groupId, group.id))).map((row) => row.id)
    : await ownArtworkIds(db, uid, input.artwork_ids)
  const cover = input.cover_artwork_id === undefined ? group.coverArtworkId : input.cover_artwork_id
  if (input.cover_artwork_id !== undefined) checkCover(cover, ids)
  if (input.artwork_ids !== undefined) await replaceItems(db, group.id, ids)
  await db.update(artworkGroups).set({
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.is_public !== undefined ? { isPublic: input.is_public } : {}),
    // a cover that left the group goes back to the automatic one
    coverArtworkId: cover !== null && ids.includes(cover) ? cover : null,
    updatedAt: now
  }).where(and(eq(artworkGroups.id, group.id), eq(artworkGroups.userUid, uid)))
  return toGroup(await loadGroup(db, group.id, uid))
}

/**
 * 移入作品集: appends own artworks to the end of an own group; ones already in it keep their place.
 * The group row is locked first, so two concurrent adds number their positions one after the other.
 */
export const addToGroup = async (db: Db, uid: number, groupId: number, artworkIds: ReadonlyArray<number>, now: Date) => {
  const [group] = await db.select({ id: artworkGroups.id }).from(artworkGroups)
    .where(and(eq(artworkGroups.id, groupId), eq(artworkGroups.userUid, uid))).for("update").limit(1)
  if (group === undefined) throw notFound(GROUP_NOT_FOUND)
  const ids = await ownArtworkIds(db, uid, artworkIds)
  const present = await db.select({ id: artworkGroupItems.artworkId, position: artworkGroupItems.position }).from(artworkGroupItems)
    .where(eq(artworkGroupItems.groupId, groupId))
  const inGroup = new Set(present.map((row) => row.id))
  const fresh = ids.filter((id) => !inGroup.has(id))
  const start = present.reduce((last, row) => Math.max(last, row.position), -1) + 1
  if (fresh.length > 0) {
    await db.insert(artworkGroupItems).values(fresh.map((artworkId, index) => ({ groupId, artworkId, position: start + index })))
  }
  await db.update(artworkGroups).set({ updatedAt: now }).where(eq(artworkGroups.id, groupId))
  return { group_id: groupId, added: fresh.length, artwork_count: present.length + fresh.length }
}

export const deleteGroup = async (db: Db, uid: number, id: number) => {
  const removed = await db.delete(artworkGroups).where(and(eq(artworkGroups.id, id), eq(artworkGroups.userUid, uid))).returning({ id: artworkGroups.id })
  if (removed.length === 0) throw notFound(GROUP_NOT_FOUND)
}

/** A group with its owner and one page of its artworks in display order. */
export const groupDetail = async (db: Db, id: number, viewer: number | undefined, page: number, size: number, mayView: (owner: number) => Promise<boolean>) => {
  const found = await loadGroup(db, id, viewer)
  if (!(await mayView(found.row.userUid))) throw notFound(GROUP_NOT_FOUND)
  const [owner] = await db.select().from(users).where(eq(users.uid, found.row.userUid)).limit(1)
  if (owner === undefined) throw notFound(GROUP_NOT_FOUND)
  const rows = await db.select(cardColumns(viewer)).from(artworkGroupItems)
    .innerJoin(artworks, eq(artworks.id, artworkGroupItems.artworkId))
    .innerJoin(users, eq(users.uid, artworks.userUid))
    .where(and(eq(artworkGroupItems.groupId, id), visibleTo(viewer)))
    .orderBy(asc(artworkGroupItems.position), desc(artworks.id))
    .limit(size)
    .offset((page - 1) * size)
  const group = toGroup(found)
  return { group, owner, list: rows.map(toCard), total: group.artwork_count }
}

/** `owner`'s groups, newest first; private ones only for the owner. */
export const groupList = async (db: Db, owner: number, viewer: number | undefined, page: number, size: number) => {
  const where = and(eq(artworkGroups.userUid, owner), groupVisibleTo(viewer))
  const [rows, [total]] = await Promise.all([
    db.select(groupColumns(viewer)).from(artworkGroups).where(where)
      .orderBy(desc(artworkGroups.createdAt), desc(artworkGroups.id)).limit(size).offset((page - 1) * size),
    db.select({ total: count() }).from(artworkGroups).where(where)
  ])
  return { list: rows.map(toGroup), total: Number(total?.total ?? 0) }
}
