import { eq } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { type TaskRow, type TaskStatusColumn, tasks } from "../../db/schema/tasks.js"
import { creditBeans } from "../beans/beans.js"

/** The ledger kinds of a task's money: one charge at submit, at most one refund; both ref = the task id. */
export const CHARGE_KIND = "gen_charge"
export const REFUND_KIND = "gen_refund"

export interface TaskEnding {
  readonly status: Extract<TaskStatusColumn, "succeeded" | "failed" | "cancelled">
  /** beans to give back (0: none) */
  readonly refund: number
  /** the refund's line in the 米豆明细 dialog */
  readonly remark: string
  readonly reason?: string
  readonly artworkIds?: ReadonlyArray<number>
}

/**
 * Ends a task exactly once: under the row's lock, only from one of `from`; the new state and its
 * refund (creditBeans, kind gen_refund, ref the task id: at most once by the ledger's unique key)
 * commit together. `decide` runs inside the transaction (the worker inserts the artworks there) and
 * sees the locked row (and may decide to leave it: undefined). Answers the ended row, or undefined when the task was no longer in `from`.
 */
export const endTask = async (
  db: Db,
  ledgerKey: string,
  id: string,
  from: ReadonlyArray<TaskStatusColumn>,
  now: Date,
  decide: (row: TaskRow, tx: Db) => Promise<TaskEnding | undefined>
): Promise<TaskRow | undefined> =>
  db.transaction(async (tx) => {
    const [row] = await tx.select().from(tasks).where(eq(tasks.id, id)).for("update")
    if (row === undefined || !from.includes(row.status)) return undefined
    const ending = await decide(row, tx)
    if (ending === undefined) return undefined
    const refund = Math.min(ending.refund, row.cost - row.refunded)
    const [ended] = await tx
      .update(tasks)
      .set({
        status: ending.status,
        refunded: row.refunded + refund,
        reason: ending.reason ?? null,
        finishedAt: now,
        ...(ending.status === "succeeded" ? { progress: 100 } : {}),
        ...(ending.artworkIds !== undefined ? { artworkIds: [...ending.artworkIds] } : {})
      })
      .where(eq(tasks.id, id))
      .returning()
    if (refund > 0) {
      await creditBeans(tx, ledgerKey, {
        uid: row.uid,
        amount: refund,
        remark: ending.remark,
        kind: REFUND_KIND,
        ref: id,
        now,
        notice: { title: "米豆已退还", reason: refundReason(ending.status, row.type) }
      })
    }
    return ended
  })

/** The why of a refund's system message: what happened to which kind of task. */
const refundReason = (status: TaskEnding["status"], kind: string): string => {
  const what = kind === "tool" ? "AI 工具任务" : "绘画任务"
  if (status === "cancelled") return `你取消了${what}，消耗的米豆已退还`
  if (status === "succeeded") return `你的${what}有部分图片未能生成，相应的米豆已退还`
  return `你的${what}未能完成，消耗的米豆已退还`
}

/** Refund remarks, as the 米豆明细 dialog lists them. */
export const RefundRemarks = {
  failed: "绘画失败退还",
  cancelled: "取消任务退还",
  partial: "部分失败退还"
} as const
