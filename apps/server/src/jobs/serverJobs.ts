import type { Db } from "../db/database.js"
import { approvePendingArtworks } from "../features/artworks/artworkLibrary.js"
import { stampPublished } from "../features/aigc/aigcLabels.js"
import type { ServerConfig } from "../platform/config.js"
import { purgeLoginState } from "../features/login/loginHousekeeping.js"
import { purgeIdempotencyKeys } from "../features/commerce/orderIdempotency.js"
import { closeExpiredOrders, reconcilePendingOrders } from "../features/commerce/orderReconciliation.js"
import type { PaymentProvider } from "../adapters/payment/paymentProviderPort.js"
import { purgeRateWindows } from "../features/commerce/rateWindows.js"
import { checkRecentStatements, nextChinaHour } from "../features/commerce/statementCheck.js"
import { settleProcessingRefunds } from "../features/commerce/orderRefunds.js"
import { recordAdminAudit } from "../features/admin/adminAudit.js"
import type { ObjectStore } from "../adapters/storage/objectStorePort.js"
import type { AnswerCache } from "../platform/answerCache.js"
import type { Log } from "../platform/log.js"
import type { ServerDeps } from "../platform/deps.js"
import { sweepExpiredUploads } from "../features/files/filesMultipart.js"
import { type JobDefinition, type JobRunner, makeJobRunner } from "./jobRunner.js"

/**
 * The server's periodic jobs (docs/deploy.md "Jobs"). Each is safe to run from any process at any
 * time; the runner makes one process run each at a time. Intervals are how stale a state may get:
 * a paid order whose notify was lost is found within 30 s of its 2/5/10 minute checkpoint, an unpaid
 * one is closed within 30 s of its 15 minutes.
 */
export interface ServerJobDeps {
  readonly db: Db
  readonly log: Log
  readonly provider: PaymentProvider
  readonly store: ObjectStore
  readonly ledgerKey: string
  /** This process's shared feed pages: approving works (publishing them) clears them. */
  readonly feedCache: AnswerCache
  /** Where the AIGC labels name the provider (a published work's record gets the platform's fields, AL3). */
  readonly config?: ServerConfig
  /** ServerConfig.reviewAutoApprove: the demo's approval job runs only when true (never in production). */
  readonly autoApproveReview: boolean
}

/** The demo's review step approves works that waited this long (operators review in /admin/review elsewhere). */
export const ARTWORK_REVIEW_WAIT_MS = 60_000
/** The statement job's hour, China time: the provider's bill for the previous day is final by then. */
export const STATEMENT_HOUR = 3

export const JobNames = {
  reconcileOrders: "orders.reconcile",
  closeExpiredOrders: "orders.close-expired",
  statementCheck: "payments.statement-check",
  approveArtworks: "artworks.approve-pending",
  purgeLoginState: "login.purge",
  sweepUploads: "uploads.sweep-expired",
  purgeRequestState: "requests.purge",
  settleRefunds: "refunds.settle-processing"
} as const

const publishedStamp = (deps: ServerJobDeps) => {
  const config = deps.config
  return config === undefined ? undefined : (ids: ReadonlyArray<number>) => stampPublished({ db: deps.db, config, objectStore: deps.store }, ids)
}

export const serverJobs = (deps: ServerJobDeps): ReadonlyArray<JobDefinition> => [
  { name: JobNames.reconcileOrders, intervalMs: 30_000, run: (now) => reconcilePendingOrders(deps, now) },
  // issue 29: refunds the provider answered "processing" are asked again (ADR 0026)
  { name: JobNames.settleRefunds, intervalMs: 5 * 60_000, run: async (now) => ({ settled: await settleProcessingRefunds({ ...deps, audit: (tx, entry) => recordAdminAudit(tx, { ...entry, at: now }) }, now) }) },
  { name: JobNames.closeExpiredOrders, intervalMs: 30_000, run: (now) => closeExpiredOrders(deps, now) },
  {
    name: JobNames.statementCheck,
    intervalMs: 86_400_000,
    leaseMs: 30 * 60_000,
    schedule: (now) => nextChinaHour(now, STATEMENT_HOUR),
    run: (now) => checkRecentStatements(deps, now)
  },
  ...(deps.autoApproveReview
    ? [{ name: JobNames.approveArtworks, intervalMs: 60_000, run: async (now: Date) => ({ approved: await approvePendingArtworks(deps.db, deps.feedCache, now, ARTWORK_REVIEW_WAIT_MS, publishedStamp(deps)) }) }]
    : []),
  { name: JobNames.purgeLoginState, intervalMs: 3_600_000, run: (now) => purgeLoginState(deps.db, now) },
  // R21: multipart uploads expire 24 h after init (MULTIPART_TTL_MS), so this aborts every upload open longer
  { name: JobNames.sweepUploads, intervalMs: 10 * 60_000, run: async (now) => ({ aborted: await sweepExpiredUploads(deps.db, deps.store, now) }) },
  {
    name: JobNames.purgeRequestState,
    intervalMs: 3_600_000,
    run: async (now) => ({
      idempotencyKeys: await purgeIdempotencyKeys(deps.db, now),
      rateWindows: await purgeRateWindows(deps.db, new Date(now.getTime() - 3_600_000))
    })
  }
]

/** The composition root's one call: this process's runner over the server's jobs, started. */
export const startServerJobs = (deps: ServerDeps, options: { readonly tickMs?: number } = {}): JobRunner => {
  const runner = makeJobRunner(deps, serverJobs({ db: deps.db, log: deps.log, provider: deps.paymentProvider, store: deps.objectStore, ledgerKey: deps.ledgerKey, feedCache: deps.feedCache, config: deps.config, autoApproveReview: deps.config.reviewAutoApprove === true }), options)
  runner.start()
  return runner
}
