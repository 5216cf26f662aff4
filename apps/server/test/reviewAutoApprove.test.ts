import { describe, expect, it } from "vitest"
import type { Db } from "../src/db/database.js"
import { JobNames, serverJobs } from "../src/jobs/serverJobs.js"
import { readConfig } from "../src/platform/config.js"
import { silentLog } from "../src/platform/log.js"

// Issue 29: the demo's automatic approval of works in review stays for the demo only; in production
// every work waits for an operator in /admin/review (docs/deploy.md, REVIEW_AUTO_APPROVE).

const SECRET = "production-secret-0123456789-0123456789"

describe("REVIEW_AUTO_APPROVE", () => {
  it.each<[string, Record<string, string>, boolean]>([
    ["development, unset (the demo is seeded)", {}, true],
    ["development, REVIEW_AUTO_APPROVE=false", { REVIEW_AUTO_APPROVE: "false" }, false],
    ["development without the demo (SEED_DEMO=false)", { SEED_DEMO: "false" }, false],
    ["production, unset", { NODE_ENV: "production", MIDO_SECRET: SECRET }, false],
    ["production, even when asked for and with the demo seeded", { NODE_ENV: "production", MIDO_SECRET: SECRET, SEED_DEMO: "true", REVIEW_AUTO_APPROVE: "true" }, false]
  ])("%s → %s", (_case, env, expected) => {
    expect(readConfig(env).reviewAutoApprove).toBe(expected)
  })

  it("off, the server's jobs have no approval job at all", () => {
    const names = (autoApproveReview: boolean) =>
      serverJobs({ db: {} as Db, log: silentLog, provider: {} as never, store: {} as never, ledgerKey: "k", feedCache: {} as never, autoApproveReview })
        .map((job) => job.name)
    expect(names(false)).not.toContain(JobNames.approveArtworks)
    expect(names(true)).toContain(JobNames.approveArtworks)
  })
})
