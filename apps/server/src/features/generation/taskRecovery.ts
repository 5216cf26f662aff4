import { and, eq, lt } from "drizzle-orm"
import { tasks } from "../../db/schema/tasks.js"
import type { ServerDeps } from "../../platform/deps.js"
import { endTask, RefundRemarks } from "./taskSettle.js"

const INTERRUPTED = "绘画服务中断，米豆已退还"

/**
 * Crash safety: a task left running by a worker that died (kill -9, a crash, a lost machine) stops
 * beating; once its heartbeat is older than the lease, it is failed with a full refund (the engine's
 * work is lost with the worker). The redelivered queue job then finds the task ended and does
 * nothing. Safe in any process at any time: the end is conditional on the beat still being stale.
 */
export const recoverStaleTasks = async (deps: ServerDeps, leaseMs: number): Promise<number> => {
  const cutoff = new Date(deps.now().getTime() - leaseMs)
  const stale = await deps.db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.status, "running"), lt(tasks.heartbeatAt, cutoff))).limit(100)
  let ended = 0
  for (const { id } of stale) {
    const row = await endTask(deps.db, deps.ledgerKey, id, ["running"], deps.now(), async (locked) =>
      locked.heartbeatAt !== null && locked.heartbeatAt < cutoff ? { status: "failed", refund: locked.cost, remark: RefundRemarks.failed, reason: INTERRUPTED } : undefined
    )
    if (row !== undefined) ended++
  }
  if (ended > 0) deps.log.info("stale generation tasks failed and refunded", { ended })
  return ended
}
