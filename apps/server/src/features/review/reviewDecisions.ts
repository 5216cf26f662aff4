import { and, eq, isNull, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { artworks } from "../../db/schema/artworks.js"
import { articles, circles, postComments, posts } from "../../db/schema/community.js"
import { conflict, notFound } from "./reviewRefusal.js"
import { type ReviewedKind, sendArtworkApproved, sendArtworkRejected, sendTakenDown } from "./reviewNotices.js"

/**
 * An operator's decisions on one item, each inside the caller's transaction (which also writes the
 * audit row): 通过 approve, 驳回 reject (a work in review) and 下架 take down (published content).
 * A decision on an item no longer in the state it needs is refused (409), so two operators deciding
 * the same item at once cannot both win: the row is read FOR UPDATE first.
 */

export type ReviewState = "approved" | "rejected" | "taken_down"

export interface ReviewDecisionResult {
  readonly kind: ReviewedKind
  readonly id: number
  readonly state: ReviewState
  readonly authorUid: number
  /** For the audit row: the fields the decision changed, before and after. */
  readonly before: Record<string, unknown>
  readonly after: Record<string, unknown>
  /** The shared feed pages must go once the transaction commits: a work moved, or a post was taken down (ADR 0027). */
  readonly feedChanged: boolean
}

const GONE = "内容不存在或已删除"

interface ArtworkRow {
  readonly uid: number
  readonly title: string
  readonly status: string
  readonly round: number
}

const lockArtwork = async (tx: Db, id: number): Promise<ArtworkRow> => {
  const [row] = await tx.select({ uid: artworks.userUid, title: artworks.title, status: artworks.auditStatus, submittedAt: artworks.auditSubmittedAt })
    .from(artworks).where(and(eq(artworks.id, id), isNull(artworks.deletedAt))).limit(1).for("update")
  if (row === undefined) throw notFound("作品不存在或已删除")
  return { uid: row.uid, title: row.title ?? "", status: row.status, round: row.submittedAt?.getTime() ?? 0 }
}

interface CommunityRow {
  readonly uid: number
  readonly title: string
  readonly reviewedAt: Date | null
  readonly takenDownAt: Date | null
  readonly postId?: number
  readonly circleId?: number | null
  readonly rootId?: number | null
}

const lockCommunity = async (tx: Db, kind: Exclude<ReviewedKind, "artwork">, id: number): Promise<CommunityRow> => {
  const [row] = kind === "post"
    ? await tx.select({ uid: posts.uid, title: posts.content, reviewedAt: posts.reviewedAt, takenDownAt: posts.takenDownAt, circleId: posts.circleId })
      .from(posts).where(eq(posts.id, id)).limit(1).for("update")
    : kind === "comment"
      ? await tx.select({ uid: postComments.uid, title: postComments.content, reviewedAt: postComments.reviewedAt, takenDownAt: postComments.takenDownAt, postId: postComments.postId, rootId: postComments.rootId })
        .from(postComments).where(eq(postComments.id, id)).limit(1).for("update")
      : await tx.select({ uid: articles.uid, title: articles.title, reviewedAt: articles.reviewedAt, takenDownAt: articles.takenDownAt, circleId: articles.circleId })
        .from(articles).where(eq(articles.id, id)).limit(1).for("update")
  if (row === undefined) throw notFound(GONE)
  return row
}

const excerpt = (text: string) => (text.length > 20 ? `${text.slice(0, 20)}…` : text)

/** 通过: a pending work goes to the square (its author is told); other content leaves the queue as it is. */
export const approveItem = async (tx: Db, kind: ReviewedKind, id: number, now: Date): Promise<ReviewDecisionResult> => {
  if (kind === "artwork") {
    const row = await lockArtwork(tx, id)
    if (row.status !== "pending") throw conflict("作品不在审核中，可能已被处理")
    await tx.update(artworks).set({ auditStatus: "approved", auditReason: null }).where(eq(artworks.id, id))
    await sendArtworkApproved(tx, row.uid, { id, title: row.title, round: row.round }, now)
    return { kind, id, state: "approved", authorUid: row.uid, before: { audit_status: "pending" }, after: { audit_status: "approved" }, feedChanged: true }
  }
  const row = await lockCommunity(tx, kind, id)
  if (row.takenDownAt !== null) throw conflict("内容已下架")
  if (row.reviewedAt !== null) throw conflict("内容已审核过")
  const table = kind === "post" ? posts : kind === "comment" ? postComments : articles
  await tx.update(table).set({ reviewedAt: now }).where(eq(table.id, id))
  return { kind, id, state: "approved", authorUid: row.uid, before: { reviewed_at: null }, after: { reviewed_at: now.toISOString() }, feedChanged: false }
}

/** 驳回: a work in review goes back to its author with the reason (library and drawer); published content is taken down. */
export const rejectItem = async (tx: Db, kind: ReviewedKind, id: number, reason: string, now: Date): Promise<ReviewDecisionResult> => {
  if (kind !== "artwork") return takeDownItem(tx, kind, id, reason, now)
  const row = await lockArtwork(tx, id)
  if (row.status !== "pending") throw conflict("作品不在审核中，可能已被处理")
  await tx.update(artworks).set({ auditStatus: "rejected", auditReason: reason }).where(eq(artworks.id, id))
  await sendArtworkRejected(tx, row.uid, { id, title: row.title, round: row.round }, reason, now)
  return { kind, id, state: "rejected", authorUid: row.uid, before: { audit_status: "pending" }, after: { audit_status: "rejected", audit_reason: reason }, feedChanged: true }
}

/**
 * 下架: published content leaves the square or the community for everyone but its author's record; the
 * author gets a system message with the reason. A work becomes rejected with the reason (the library
 * shows it and the author may change it and submit again); community rows are hidden (taken_down_at)
 * and the counters that counted them move, as the author's own delete moves them.
 */
export const takeDownItem = async (tx: Db, kind: ReviewedKind, id: number, reason: string, now: Date): Promise<ReviewDecisionResult> => {
  if (kind === "artwork") {
    const row = await lockArtwork(tx, id)
    if (row.status !== "approved" && row.status !== "pending") throw conflict("作品未发布，无需下架")
    await tx.update(artworks).set({ auditStatus: "rejected", auditReason: reason }).where(eq(artworks.id, id))
    await sendTakenDown(tx, row.uid, { kind, id, title: row.title }, reason, now)
    return { kind, id, state: "taken_down", authorUid: row.uid, before: { audit_status: row.status }, after: { audit_status: "rejected", audit_reason: reason }, feedChanged: true }
  }
  const row = await lockCommunity(tx, kind, id)
  if (row.takenDownAt !== null) throw conflict("内容已下架")
  const hidden = { takenDownAt: now, takedownReason: reason, reviewedAt: row.reviewedAt ?? now }
  if (kind === "post") {
    await tx.update(posts).set(hidden).where(eq(posts.id, id))
    if (row.circleId !== null && row.circleId !== undefined) {
      await tx.update(circles).set({ postCount: sql`greatest(${circles.postCount} - 1, 0)` }).where(eq(circles.id, row.circleId))
    }
  } else if (kind === "comment") {
    await tx.update(postComments).set(hidden).where(eq(postComments.id, id))
    // a top-level comment takes its replies out of sight with it: the post's count drops by all of them
    const replies = row.rootId === null
      ? Number((await tx.select({ n: sql<number>`count(*)::int` }).from(postComments).where(and(eq(postComments.rootId, id), isNull(postComments.takenDownAt))))[0]?.n ?? 0)
      : 0
    await tx.update(posts).set({ commentCount: sql`greatest(${posts.commentCount} - ${1 + replies}, 0)` }).where(eq(posts.id, row.postId!))
  } else {
    await tx.update(articles).set(hidden).where(eq(articles.id, id))
  }
  await sendTakenDown(tx, row.uid, { kind, id, title: kind === "article" ? row.title : excerpt(row.title), ...(row.postId !== undefined ? { postId: row.postId } : {}) }, reason, now)
  return { kind, id, state: "taken_down", authorUid: row.uid, before: { taken_down_at: null }, after: { taken_down_at: now.toISOString(), takedown_reason: reason }, feedChanged: kind === "post" }
}
