import { and, eq, isNull, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { postReports, posts } from "../../db/schema/community.js"
import { unixSeconds } from "../../platform/chinaTime.js"
import { badInput, conflict, notFound } from "./reviewRefusal.js"
import { type ReviewDecisionResult, takeDownItem } from "./reviewDecisions.js"
import { sendReportResolved } from "./reviewNotices.js"
import { type ReviewItemRow, reviewPosts } from "./reviewQueue.js"

/**
 * Reports (举报) as the console shows them: the open reports grouped by target with their count, the
 * target whose newest report is newest first, and one resolution for all of a target's open reports.
 * Users can report posts only (POST /api/v1/community/post/report), so every target is a post.
 */

const REPORTS_SHOWN = 20

export interface ReportGroupRow {
  readonly target_type: "post"
  readonly target_id: number
  readonly count: number
  readonly latest_at: number
  readonly target: ReviewItemRow
  readonly reports: ReadonlyArray<{ readonly uid: number; readonly nickname: string; readonly reason: string; readonly detail: string; readonly created_at: number }>
}

interface GroupSqlRow {
  readonly post_id: number | string
  readonly n: number
  readonly latest: string | Date
  readonly reports: ReadonlyArray<{ uid: number | string; nickname: string; reason: string; detail: string; created_at: string }>
}

const rowsOf = <T>(result: unknown): Array<T> => (Array.isArray(result) ? result : (result as { rows: Array<T> }).rows) as Array<T>

/** One page of report groups, newest report first (partial index post_reports_open), and how many targets wait. */
export const reportGroups = async (db: Db, page: number, size: number) => {
  const groups = rowsOf<GroupSqlRow>(await db.execute(sql`
    select r.post_id, count(*)::int as n, max(r.created_at) as latest,
      (select coalesce(jsonb_agg(x order by x.created_at desc), '[]'::jsonb) from (
        select o.uid, u.nickname, o.reason, o.detail, o.created_at from post_reports o join users u on u.uid = o.uid
        where o.post_id = r.post_id and o.resolved_at is null order by o.created_at desc limit ${REPORTS_SHOWN}) x) as reports
    from post_reports r where r.resolved_at is null
    group by r.post_id order by max(r.created_at) desc, r.post_id desc
    limit ${size} offset ${(page - 1) * size}`))
  const [total] = rowsOf<{ n: number }>(await db.execute(sql`select count(distinct post_id)::int as n from post_reports where resolved_at is null`))
  const targets = await reviewPosts(db, groups.map((group) => Number(group.post_id)))
  const list: Array<ReportGroupRow> = groups.flatMap((group) => {
    const target = targets.get(Number(group.post_id))
    if (target === undefined) return []
    return [{
      target_type: "post" as const,
      target_id: target.id,
      count: Number(group.n),
      latest_at: unixSeconds(new Date(group.latest)),
      target,
      reports: group.reports.map((report) => ({
        uid: Number(report.uid),
        nickname: report.nickname,
        reason: report.reason,
        detail: report.detail,
        created_at: unixSeconds(new Date(report.created_at))
      }))
    }]
  })
  return { list, total: Number(total?.n ?? 0) }
}

export interface ReportResolution {
  readonly actorId: number
  readonly postId: number
  readonly resolution: "dismissed" | "taken_down"
  readonly reason: string | undefined
  readonly now: Date
}

export interface ReportResolutionResult {
  readonly resolved: number
  readonly reporters: ReadonlyArray<number>
  /** The takedown's own result when the target was taken down here (its author told, its audit fields). */
  readonly takedown: ReviewDecisionResult | undefined
}

/**
 * 处理: every open report of the post resolved together (dismissed, or the post taken down with the
 * reason its author is told), each reporter told the outcome once. Nothing open answers 409, so a
 * second operator's click on the same group changes nothing.
 */
export const resolveReports = async (tx: Db, input: ReportResolution): Promise<ReportResolutionResult> => {
  if (input.resolution === "taken_down" && (input.reason === undefined || input.reason === "")) throw badInput("请填写下架原因")
  const [post] = await tx.select({ id: posts.id, takenDownAt: posts.takenDownAt }).from(posts).where(eq(posts.id, input.postId)).limit(1)
  if (post === undefined) throw notFound("帖子不存在或已删除")
  const resolved = await tx.update(postReports)
    .set({ resolvedAt: input.now, resolution: input.resolution, resolvedBy: input.actorId })
    .where(and(eq(postReports.postId, input.postId), isNull(postReports.resolvedAt)))
    .returning({ uid: postReports.uid })
  if (resolved.length === 0) throw conflict("该举报已处理")
  // already down (from the queue): the reports close as taken down without a second notice to the author
  const takedown = input.resolution === "taken_down" && post.takenDownAt === null
    ? await takeDownItem(tx, "post", input.postId, input.reason!, input.now)
    : undefined
  for (const reporter of resolved) await sendReportResolved(tx, reporter.uid, { kind: "post", id: input.postId }, input.resolution === "taken_down", input.now)
  return { resolved: resolved.length, reporters: resolved.map((row) => row.uid), takedown }
}

/** How many targets have open reports (the dashboard's 待处理举报). */
export const openReportTargets = async (db: Db): Promise<number> =>
  Number(rowsOf<{ n: number }>(await db.execute(sql`select count(distinct post_id)::int as n from post_reports where resolved_at is null`))[0]?.n ?? 0)
