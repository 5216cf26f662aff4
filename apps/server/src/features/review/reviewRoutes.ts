import { AdminApi } from "@mido/core/admin"
import type { Hono } from "hono"
import type { ServerDeps } from "../../platform/deps.js"
import { stampPublished } from "../aigc/aigcLabels.js"
import { implementAdmin } from "../admin/adminAccess.js"
import { recordAdminAudit } from "../admin/adminAudit.js"
import { approveItem, type ReviewDecisionResult, rejectItem, takeDownItem } from "./reviewDecisions.js"
import { reviewQueue } from "./reviewQueue.js"
import { reportGroups, resolveReports } from "./reportQueue.js"
import { badInput } from "./reviewRefusal.js"

/**
 * 审核 and 举报 in the console (AdminApi.review): every decision and its audit row in one transaction
 * (actions review.approve, review.reject, review.take_down, report.resolve); the square's shared pages
 * are cleared once a decision that moved a work has committed.
 */
export const registerReview = (app: Hono, deps: ServerDeps) => {
  const { db } = deps

  const decide = async (uid: number, action: string, run: (tx: typeof db, now: Date) => Promise<ReviewDecisionResult>) => {
    const now = deps.now()
    const result = await db.transaction(async (tx) => {
      const decided = await run(tx, now)
      await recordAdminAudit(tx, { actorId: uid, action, targetType: decided.kind, targetId: decided.id, before: decided.before, after: decided.after, at: now })
      return decided
    })
    if (result.feedChanged) deps.feedCache.invalidate()
    return { kind: result.kind, id: result.id, state: result.state }
  }

  implementAdmin(app, deps, AdminApi.review.queue, async (input) => reviewQueue(db, input.kind, input.page, input.size))

  // AL3: an approved work's file gets the platform's fields, after the approval commits (as the demo's
  // automatic approval does through approvePendingArtworks' `published` argument)
  implementAdmin(app, deps, AdminApi.review.approve, async (input, { uid }) => {
    const decided = await decide(uid, "review.approve", (tx, now) => approveItem(tx, input.kind, input.id, now))
    if (decided.kind === "artwork") await stampPublished(deps, [decided.id])
    return decided
  })

  implementAdmin(app, deps, AdminApi.review.reject, async (input, { uid }) =>
    decide(uid, "review.reject", (tx, now) => rejectItem(tx, input.kind, input.id, input.reason, now)))

  implementAdmin(app, deps, AdminApi.review.takeDown, async (input, { uid }) =>
    decide(uid, "review.take_down", (tx, now) => takeDownItem(tx, input.kind, input.id, input.reason, now)))

  implementAdmin(app, deps, AdminApi.review.reports, async (input) => reportGroups(db, input.page, input.size))

  implementAdmin(app, deps, AdminApi.review.resolveReports, async (input, { uid }) => {
    if (input.resolution === "taken_down" && input.reason === undefined) throw badInput("请填写下架原因")
    const now = deps.now()
    const outcome = await db.transaction(async (tx) => {
      const resolved = await resolveReports(tx, { actorId: uid, postId: input.target_id, resolution: input.resolution, reason: input.reason, now })
      await recordAdminAudit(tx, {
        actorId: uid,
        action: "report.resolve",
        targetType: input.target_type,
        targetId: input.target_id,
        before: { open_reports: resolved.resolved, ...(resolved.takedown?.before ?? {}) },
        after: { resolution: input.resolution, reporters: resolved.reporters, ...(resolved.takedown?.after ?? {}) },
        at: now
      })
      return resolved
    })
    return { resolved: outcome.resolved, resolution: input.resolution }
  })
}
