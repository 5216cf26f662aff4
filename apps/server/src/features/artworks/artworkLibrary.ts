import type { ArtworkAuditSubmit, ArtworkTypeTab, AuditStatus, LibraryArtwork } from "@mido/core"
import { LIBRARY_TABS, type LibraryTypeKey, libraryTypeOf } from "@mido/core/generation"
import { and, count, desc, eq, inArray, isNull, lte, ne, type SQL, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import type { AnswerCache } from "../../platform/answerCache.js"
import { artworks, categories } from "../../db/schema/artworks.js"
import { users } from "../../db/schema/users.js"
import { badInput, conflict, forbidden, notFound } from "./artworkRefusal.js"
import { libraryColumns, toLibraryItem } from "./artworkView.js"
import { libraryFilters } from "./libraryFilters.js"

/**
 * The viewer's own library (/property) and the way of an artwork to the square: draft → pending
 * (audit submit) → approved or rejected; withdrawn back to draft. Every query carries the owner's
 * uid (R11): another user's id simply matches nothing and answers 404.
 *
 * What changes which works the square lists (approve, withdraw, delete) takes the process's shared
 * feed pages (`ServerDeps.feedCache`) and clears them once its write has committed, whoever calls it.
 */

const ARTWORK_NOT_FOUND = "作品不存在或已删除"

const own = (uid: number, id: number): SQL => and(eq(artworks.id, id), eq(artworks.userUid, uid), isNull(artworks.deletedAt))!

/** One own artwork as the library shows it. */
export const libraryItem = async (db: Db, uid: number, id: number): Promise<LibraryArtwork> => {
  const [row] = await db.select(libraryColumns).from(artworks).innerJoin(users, eq(users.uid, artworks.userUid)).where(own(uid, id)).limit(1)
  if (row === undefined) throw notFound(ARTWORK_NOT_FOUND)
  return toLibraryItem(row)
}

export interface LibraryQuery {
  readonly type?: LibraryTypeKey | undefined
  readonly audit_status?: AuditStatus | undefined
  /** Words of the prompt or title, matched literally (see promptContains). */
  readonly q?: string | undefined
  /** First and last China day shown (YYYY-MM-DD, both inclusive). */
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly page: number
  readonly size: number
}

export const libraryList = async (db: Db, uid: number, query: LibraryQuery) => {
  // the owner's rows come through artworks_user (user_uid, created_at desc) first, so the search scans
  // one user's works only and needs no index of its own
  const conditions: Array<SQL> = [eq(artworks.userUid, uid), isNull(artworks.deletedAt), ...libraryFilters(query)]
  const where = and(...conditions)
  const [rows, [total]] = await Promise.all([
    db.select(libraryColumns).from(artworks).innerJoin(users, eq(users.uid, artworks.userUid)).where(where)
      .orderBy(desc(artworks.createdAt), desc(artworks.id)).limit(query.size).offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(artworks).where(where)
  ])
  return { list: rows.map(toLibraryItem), total: Number(total?.total ?? 0) }
}

/** The library's tabs, always all six (LB1), with the viewer's count in each (LB2). */
export const libraryTypes = async (db: Db, uid: number): Promise<Array<ArtworkTypeTab>> => {
  const rows = await db.select({ type: artworks.type, origin: artworks.origin, total: sql<number>`count(*)::int` }).from(artworks)
    .where(and(eq(artworks.userUid, uid), isNull(artworks.deletedAt))).groupBy(artworks.type, artworks.origin)
  const counts = new Map<LibraryTypeKey, number>()
  for (const row of rows) {
    const tab = libraryTypeOf(row.type, row.origin)
    counts.set(tab, (counts.get(tab) ?? 0) + Number(row.total))
  }
  return LIBRARY_TABS.map(([type, name]) => ({ type, name, count: counts.get(type) ?? 0 }))
}

/**
 * Deletes own artworks for good (soft delete: rows others reference stay). A batch naming another
 * user's artwork is refused whole (R11), checked in the same statement's transaction; own ones
 * already deleted are skipped. Answers how many went.
 */
export const deleteArtworks = async (db: Db, feedCache: AnswerCache, uid: number, ids: ReadonlyArray<number>, now: Date) => {
  const deleted = await db.transaction(async (tx) => {
    const unique = [...new Set(ids)]
    const [foreign] = await tx.select({ total: count() }).from(artworks).where(and(inArray(artworks.id, unique), ne(artworks.userUid, uid)))
    if (Number(foreign?.total ?? 0) > 0) throw forbidden("只能删除自己的作品")
    const removed = await tx.update(artworks).set({ deletedAt: now })
      .where(and(inArray(artworks.id, unique), eq(artworks.userUid, uid), isNull(artworks.deletedAt)))
      .returning({ id: artworks.id })
    return removed.length
  })
  if (deleted > 0) feedCache.invalidate()
  return deleted
}

/** Withdraws an own artwork from the personal center and the square; it stays in the library as a draft. */
export const withdrawArtwork = async (db: Db, feedCache: AnswerCache, uid: number, id: number) => {
  const [row] = await db.update(artworks).set({ auditStatus: "draft", isPublic: false, auditSubmittedAt: null })
    .where(own(uid, id)).returning({ id: artworks.id })
  if (row === undefined) throw notFound(ARTWORK_NOT_FOUND)
  feedCache.invalidate()
  return { artwork_id: row.id, audit_status: "draft" as const }
}

/** Sends an own draft (or rejected) artwork to review with its title and category. */
export const submitForAudit = async (db: Db, uid: number, input: ArtworkAuditSubmit, now: Date) => {
  const [current] = await db.select({ status: artworks.auditStatus, aigcLabel: artworks.aigcLabel }).from(artworks).where(own(uid, input.artwork_id)).limit(1)
  if (current === undefined) throw notFound(ARTWORK_NOT_FOUND)
  if (current.status === "pending") throw conflict("作品正在审核中，请耐心等待")
  if (current.status === "approved") throw conflict("作品已发布，无需重复提交")
  if (input.category_id !== undefined) {
    const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.category_id)).limit(1)
    if (category === undefined) throw badInput("分类不存在")
  }
  await db.update(artworks).set({
    title: input.title,
    categoryId: input.category_id ?? null,
    isPublic: input.is_public,
    auditStatus: "pending",
    auditReason: null,
    auditSubmittedAt: now,
    // AL9: the author says it is AI-made: a work without an attribute gets 疑似 (one with a label keeps it)
    ...(input.ai_generated === true && current.aigcLabel === null ? { aigcLabel: 3 } : {})
  }).where(own(uid, input.artwork_id))
  return { artwork_id: input.artwork_id, audit_status: "pending" as const }
}

/**
 * The demo's review step: approves artworks that have waited at least `minWaitMs` in review, with
 * nobody looking. Runs only where ServerConfig.reviewAutoApprove is on (the demo, never production);
 * elsewhere operators decide in the review queue (features/review). Answers how many.
 * `published` runs on the approved ids before the feed cache clears (the AIGC record's platform fields, AL3).
 */
export const approvePendingArtworks = async (db: Db, feedCache: AnswerCache, now: Date, minWaitMs = 0, published?: (ids: ReadonlyArray<number>) => Promise<unknown>) => {
  const approved = await db.update(artworks).set({ auditStatus: "approved" })
    .where(and(eq(artworks.auditStatus, "pending"), isNull(artworks.deletedAt), lte(artworks.auditSubmittedAt, new Date(now.getTime() - minWaitMs))))
    .returning({ id: artworks.id })
  if (published !== undefined && approved.length > 0) await published(approved.map((row) => row.id))
  if (approved.length > 0) feedCache.invalidate()
  return approved.length
}
