import { and, eq } from "drizzle-orm"
import { tasks } from "../../db/schema/tasks.js"
import type { ServerDeps } from "../../platform/deps.js"
import { errorFields } from "../../platform/errorFields.js"
import { conflict, notFound } from "../../platform/failure.js"
import { retryTask } from "../generation/taskCommands.js"
import { endTask, RefundRemarks } from "../generation/taskSettle.js"
import { recordAdminAudit } from "./adminAudit.js"
import { isStuck } from "./taskAdmin.js"

/** What the task's owner reads on the task (and in the refund's system message, taskSettle.ts). */
const FAILED_BY_OPERATOR = "任务长时间未完成，已由客服终止，米豆已退还"

const taskOf = async (deps: ServerDeps, id: string) => {
  const [row] = await deps.db.select().from(tasks).where(eq(tasks.id, id)).limit(1)
  if (row === undefined) throw notFound("任务不存在")
  return row
}

/**
 * 失败并退款: a stuck task (queued or running past STUCK_AFTER_MS) ends failed with its beans back,
 * through the same endTask a worker's failure uses — under the row's lock and only from queued or
 * running, the refund keyed by the ledger's (kind gen_refund, ref task id) — so a second click, a
 * second operator or a worker finishing at the same moment cannot refund twice. The audit row is
 * written in endTask's transaction. A queued task's job is cancelled; a running one's worker is woken
 * to see the end and drop its late result (as a user's cancel does).
 */
export const failAndRefund = async (deps: ServerDeps, actorId: number, id: string) => {
  const found = await taskOf(deps, id)
  const now = deps.now()
  if (found.status !== "queued" && found.status !== "running") throw conflict("任务已结束，无需处理")
  if (!isStuck(found, now)) throw conflict("任务仍在正常进行中，请稍后再处理")
  const ended = await endTask(deps.db, deps.ledgerKey, id, ["queued", "running"], now, async (locked, tx) => {
    const refund = locked.cost - locked.refunded
    await recordAdminAudit(tx, {
      actorId,
      action: "task.fail_and_refund",
      targetType: "task",
      targetId: id,
      before: { status: locked.status, refunded: locked.refunded },
      after: { status: "failed", refunded: locked.refunded + Math.max(refund, 0) },
      at: now
    })
    return { status: "failed", refund: locked.cost, remark: RefundRemarks.failed, reason: FAILED_BY_OPERATOR }
  })
  if (ended === undefined) throw conflict("任务已结束，无需处理")
  deps.taskChanges.notify(id)
  if (found.status === "queued") {
    await deps.jobQueue.cancel(ended.queue, id).catch((error: unknown) => deps.log.warn("job cancel failed", { task: id, ...errorFields(error) }))
  }
  return { id, status: ended.status, refunded: ended.refunded - found.refunded }
}

/** The request id of an operator's retry: one retry per failed task, however often it is clicked. */
const retryKey = (id: string) => `admin-retry-${id}`

/**
 * 重试: a failed task drawn again for its owner through the user's own retry (taskCommands.retryTask:
 * the same parameters, charged like a submit — the failed one was refunded), keyed so a double click
 * submits once. A stuck task is first failed and refunded as above. The audit row follows the submit's
 * own transaction (written once: only when this call made the task).
 */
export const retryAsOperator = async (deps: ServerDeps, actorId: number, id: string) => {
  let found = await taskOf(deps, id)
  if ((found.status === "queued" || found.status === "running") && isStuck(found, deps.now())) {
    await failAndRefund(deps, actorId, id)
    found = await taskOf(deps, id)
  }
  if (found.status !== "failed") throw conflict(found.status === "succeeded" ? "任务已完成，无需重试" : found.status === "cancelled" ? "任务已被用户取消，无需重试" : "任务仍在正常进行中，请稍后再处理")
  const key = retryKey(id)
  const [earlier] = await deps.db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.uid, found.uid), eq(tasks.requestId, key))).limit(1)
  const view = await retryTask(deps, found.uid, id, key)
  if (earlier === undefined) {
    await recordAdminAudit(deps.db, { actorId, action: "task.retry", targetType: "task", targetId: id, before: { status: "failed" }, after: { retry_task: view.id }, at: deps.now() })
  }
  const [made] = await deps.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, view.id)).limit(1)
  return { id: view.id, retry_of: id, status: made?.status ?? "queued" }
}
