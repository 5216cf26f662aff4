import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database.js"
import { migrate } from "../src/db/migrate.js"
import { multipartUploads } from "../src/db/schema/files.js"
import { jobs } from "../src/db/schema/jobs.js"
import { users } from "../src/db/schema/users.js"
import { sandboxProvider } from "../src/adapters/payment/sandboxProvider.js"
import type { ObjectStore } from "../src/adapters/storage/objectStorePort.js"
import { makeAnswerCache } from "../src/platform/answerCache.js"
import { silentLog } from "../src/platform/log.js"
import { type JobDefinition, makeJobRunner } from "../src/jobs/jobRunner.js"
import { jobRow } from "../src/jobs/jobStore.js"
import { JobNames, serverJobs } from "../src/jobs/serverJobs.js"
import { freshDatabase } from "./testServer.js"

/** The database-backed job runner (issue 4 "stateless": jobs live in the database; R21 upload sweep). */
let database: Database
const T0 = new Date("2026-03-01T02:00:00Z")
const at = (ms: number) => new Date(T0.getTime() + ms)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A controllable clock for the runners (deps.now), so nothing sleeps minutes. */
const clockAt = (start: Date) => {
  const clock = { now: start, deps: () => ({ db: database.db, log: silentLog, now: () => clock.now }) }
  return clock
}

const waitFor = async (condition: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not reached in time")
    await sleep(10)
  }
}

beforeAll(async () => {
  database = await freshDatabase()
  // a PGlite clone is migrated already; a fresh PostgreSQL database is not
  await migrate(database)
})
afterAll(() => database.close())

describe("leases: a due job runs once however many processes tick", () => {
  it("a due job runs once across concurrent runners, then again only after its interval", async () => {
    const clock = clockAt(T0)
    let runs = 0
    const job: JobDefinition = {
      name: "test.once",
      intervalMs: 60_000,
      run: async () => {
        runs += 1
        // a slow run, so the other runners tick while it holds the lease
        await sleep(50)
        return { runs }
      }
    }
    const runners = ["a", "b", "c"].map((owner) => makeJobRunner(clock.deps(), [job], { owner }))
    const outcomes = (await Promise.all(runners.map((runner) => runner.tick()))).flat()
    expect(runs).toBe(1)
    expect(outcomes).toEqual([{ name: "test.once", ok: true, result: { runs: 1 } }])
    const row = await jobRow(database.db, "test.once")
    expect(row).toMatchObject({ runCount: 1, failureCount: 0, leaseOwner: null, leaseExpiresAt: null, lastError: null })
    expect(row?.lastRunAt?.toISOString()).toBe(T0.toISOString())
    expect(row?.nextRunAt.toISOString()).toBe(at(60_000).toISOString())

    clock.now = at(59_000)
    await Promise.all(runners.map((runner) => runner.tick()))
    expect(runs).toBe(1)
    clock.now = at(60_000)
    await Promise.all(runners.map((runner) => runner.tick()))
    expect(runs).toBe(2)
    expect(await jobRow(database.db, "test.once")).toMatchObject({ runCount: 2 })
  })

  it("the lease of a process that died mid-run expires and another process takes the job over", async () => {
    const clock = clockAt(T0)
    let runs = 0
    const job: JobDefinition = { name: "test.takeover", intervalMs: 60_000, leaseMs: 5 * 60_000, run: async () => void (runs += 1) }
    const runner = makeJobRunner(clock.deps(), [job], { owner: "alive" })
    await runner.tick()
    expect(runs).toBe(1)
    // a process claimed the next run and died without finishing it
    await database.db.update(jobs).set({ leaseOwner: "dead", leaseExpiresAt: at(60_000 + 5 * 60_000) }).where(eq(jobs.name, "test.takeover"))
    clock.now = at(2 * 60_000)
    await runner.tick()
    expect(runs).toBe(1)
    clock.now = at(6 * 60_000 + 1)
    await runner.tick()
    expect(runs).toBe(2)
    expect(await jobRow(database.db, "test.takeover")).toMatchObject({ leaseOwner: null, runCount: 2 })
  })
})

describe("failures are recorded and the runner goes on", () => {
  it("a failing job records last_error; the next job of the tick still runs; a later success clears it", async () => {
    const clock = clockAt(T0)
    let broken = true
    let okRuns = 0
    const failing: JobDefinition = {
      name: "test.failing",
      intervalMs: 30_000,
      run: async () => {
        if (broken) throw new Error("对象存储不可用")
      }
    }
    const fine: JobDefinition = { name: "test.fine", intervalMs: 30_000, run: async () => void (okRuns += 1) }
    const runner = makeJobRunner(clock.deps(), [failing, fine], { owner: "r1" })
    const outcomes = await runner.tick()
    expect(outcomes).toEqual(expect.arrayContaining([{ name: "test.failing", ok: false, error: "对象存储不可用" }, { name: "test.fine", ok: true, result: undefined }]))
    expect(okRuns).toBe(1)
    const failed = await jobRow(database.db, "test.failing")
    expect(failed).toMatchObject({ lastError: "对象存储不可用", failureCount: 1, runCount: 1, leaseOwner: null })
    expect(failed?.lastErrorAt?.toISOString()).toBe(T0.toISOString())
    // retried at its next run, not before
    expect(failed?.nextRunAt.toISOString()).toBe(at(30_000).toISOString())

    broken = false
    clock.now = at(30_000)
    await runner.tick()
    expect(await jobRow(database.db, "test.failing")).toMatchObject({ lastError: null, failureCount: 1, runCount: 2 })
    expect(okRuns).toBe(2)
  })

  it("the ticking runner survives jobs that always throw, and stops when told", async () => {
    let okRuns = 0
    let failures = 0
    const deps = { db: database.db, log: silentLog, now: () => new Date() }
    const runner = makeJobRunner(deps, [
      { name: "test.always-throws", intervalMs: 1, run: async () => { failures += 1; throw new TypeError("boom") } },
      { name: "test.ticking", intervalMs: 1, run: async () => void (okRuns += 1) }
    ], { tickMs: 15, owner: "ticker" })
    runner.start()
    await waitFor(() => okRuns >= 3 && failures >= 3)
    await runner.stop()
    const after = okRuns
    await sleep(100)
    expect(okRuns).toBe(after)
    expect(await jobRow(database.db, "test.always-throws")).toMatchObject({ lastError: "boom", leaseOwner: null })
  })

  it("stop waits for the run in flight, which then records its end", async () => {
    let release: () => void = () => {}
    let started = false
    const runner = makeJobRunner({ db: database.db, log: silentLog, now: () => new Date() }, [{
      name: "test.slow",
      intervalMs: 60_000,
      run: () => new Promise<void>((resolve) => {
        started = true
        release = resolve
      })
    }], { tickMs: 1000, owner: "slow" })
    runner.start()
    await waitFor(() => started)
    let stopped = false
    const stopping = runner.stop().then(() => (stopped = true))
    await sleep(50)
    expect(stopped).toBe(false)
    release()
    await stopping
    expect(await jobRow(database.db, "test.slow")).toMatchObject({ runCount: 1, leaseOwner: null, lastError: null })
  })
})

describe("the server's jobs", () => {
  it("register once, run without errors, and the upload sweep aborts a multipart upload open over 24 h (R21)", async () => {
    const [owner] = await database.db.insert(users).values({ phone: "13900000001", nickname: "上传用户", inviteCode: "JOB1", nid: "9001" }).returning()
    const opened = new Date(Date.now() - 25 * 3_600_000)
    await database.db.insert(multipartUploads).values([
      { uploadId: "mpu_orphaned", uid: owner!.uid, key: `u/${owner!.uid}/orphaned.png`, contentType: "image/png", fileSize: 2_000_000, partSize: 1_048_576, partCount: 2, createdAt: opened, expiresAt: new Date(opened.getTime() + 24 * 3_600_000) },
      { uploadId: "mpu_recent", uid: owner!.uid, key: `u/${owner!.uid}/recent.png`, contentType: "image/png", fileSize: 2_000_000, partSize: 1_048_576, partCount: 2, createdAt: new Date(), expiresAt: new Date(Date.now() + 24 * 3_600_000) }
    ])
    const dropped: Array<string> = []
    const store = { dropParts: async (uploadId: string) => void dropped.push(uploadId) } as unknown as ObjectStore
    const definitions = serverJobs({ db: database.db, log: silentLog, provider: sandboxProvider(database.db), store, ledgerKey: "test-ledger-key", feedCache: makeAnswerCache({ ttlMs: 5_000 }), autoApproveReview: true })
    const deps = { db: database.db, log: silentLog, now: () => new Date() }
    const outcomes = (await Promise.all([makeJobRunner(deps, definitions, { owner: "p1" }).tick(), makeJobRunner(deps, definitions, { owner: "p2" }).tick()])).flat()

    const statementDue = definitions.find((job) => job.name === JobNames.statementCheck)!.schedule!(new Date()) > new Date()
    expect(statementDue).toBe(true)
    // every job but the daily statement (due at 03:00 China time) ran, once, and none failed
    expect(outcomes.map((outcome) => outcome.name).sort()).toEqual(Object.values(JobNames).filter((name) => name !== JobNames.statementCheck).sort())
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([])
    const rows = await database.db.select().from(jobs)
    expect(rows.filter((row) => (Object.values(JobNames) as Array<string>).includes(row.name))).toHaveLength(Object.values(JobNames).length)
    expect(dropped).toEqual(["mpu_orphaned"])
    expect((await database.db.select().from(multipartUploads)).map((row) => row.uploadId)).toEqual(["mpu_recent"])
  })
})
