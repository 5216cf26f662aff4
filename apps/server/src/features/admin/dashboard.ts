import { fenToYuan } from "@mido/core"
import { sql, type SQL } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { chinaDate, chinaDayRange } from "../../platform/chinaTime.js"

/**
 * 概览: each figure is ONE statement, shown to the operator beside the figure exactly as it runs, with
 * :day_start and :day_end bound to today's China-time day (UTC+8, half-open). No figure is estimated.
 */
interface FigureQuery {
  readonly key: string
  readonly label: string
  readonly text: string
  /** how the `value` column reads: a count or beans as is, fen as yuan */
  readonly unit: "count" | "yuan"
  /** the statement answers rows of (label, value) rather than one value */
  readonly breakdown?: Readonly<Record<string, string>>
}

const TASK_STATES = { queued: "排队中", running: "生成中", succeeded: "已完成", failed: "失败", cancelled: "已取消" }

export const DASHBOARD_QUERIES: ReadonlyArray<FigureQuery> = [
  { key: "signups", label: "今日注册", unit: "count", text: "select count(*)::int as value from users where created_at >= :day_start and created_at < :day_end" },
  { key: "payers", label: "今日付费用户", unit: "count", text: "select count(distinct uid)::int as value from orders where status = 'success' and paid_at >= :day_start and paid_at < :day_end" },
  { key: "revenue", label: "今日收入（元）", unit: "yuan", text: "select coalesce(sum(payable_fen), 0)::bigint as value from orders where status = 'success' and paid_at >= :day_start and paid_at < :day_end" },
  { key: "beans_spent", label: "今日消耗米豆", unit: "count", text: "select coalesce(-sum(action_amount), 0)::bigint as value from bean_ledger where action_amount < 0 and created_at >= :day_start and created_at < :day_end" },
  { key: "beans_refunded", label: "今日退还米豆", unit: "count", text: "select coalesce(sum(action_amount), 0)::bigint as value from bean_ledger where kind = 'gen_refund' and created_at >= :day_start and created_at < :day_end" },
  { key: "tasks", label: "今日任务（按状态）", unit: "count", breakdown: TASK_STATES, text: "select status as label, count(*)::int as value from tasks where created_at >= :day_start and created_at < :day_end group by status order by status" },
  { key: "reports_waiting", label: "待处理举报", unit: "count", text: "select count(*)::int as value from post_reports where resolved_at is null" }
]

/** The statement with today's bounds bound as parameters (never spliced into the text). */
const bound = (text: string, start: Date, end: Date): SQL =>
  sql.join(text.split(/(:day_start|:day_end)/).map((part) => (part === ":day_start" ? sql`${start.toISOString()}` : part === ":day_end" ? sql`${end.toISOString()}` : sql.raw(part))), sql.raw(""))

const shown = (value: unknown, unit: FigureQuery["unit"]) => (unit === "yuan" ? fenToYuan(Number(value ?? 0)).toFixed(2) : String(Number(value ?? 0)))

export const dashboardToday = async (db: Db, now: Date) => {
  const { start, end } = chinaDayRange(now)
  const figures = []
  for (const query of DASHBOARD_QUERIES) {
    const { rows } = (await db.execute(bound(query.text, start, end))) as unknown as { rows: Array<{ label?: string; value: unknown }> }
    if (query.breakdown === undefined) {
      figures.push({ key: query.key, label: query.label, value: shown(rows[0]?.value, query.unit), sql: query.text })
      continue
    }
    const names = query.breakdown
    const breakdown = rows.map((row) => ({ label: names[row.label ?? ""] ?? row.label ?? "", value: shown(row.value, query.unit) }))
    const total = rows.reduce((sum, row) => sum + Number(row.value), 0)
    figures.push({ key: query.key, label: query.label, value: String(total), breakdown, sql: query.text })
  }
  return { day: chinaDate(now), figures }
}
