import type { TaskView } from "@mido/core/generation"
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { afterAll, describe, expect, it } from "vitest"
import { inject } from "vitest"
import { type Database, openPglite, openPostgres } from "../src/db/database.js"
import { auditLedger } from "../src/features/beans/ledgerAudit.js"
import { ledgerKeyOf } from "../src/features/beans/ledgerKey.js"
import { testConfig } from "./testServerConfig.js"
import { builtHarness } from "./builtEntry.js"

/**
 * kill -9 of a server mid-task (issue 13: a task is charged once and refunded at most once, whatever
 * crashes). A real server process (test/generationCrashServer.ts: startServer with workers and a fake
 * engine that hangs) takes a task; it is killed with SIGKILL while the task runs; a second process on
 * the same database finds the task's heartbeat stale and fails it with a full refund; the ledger
 * verifies and sums to the balance.
 */
const directory = mkdtempSync(join(tmpdir(), "mido-crash-"))
const children: Array<ChildProcess> = []
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL")
  rmSync(directory, { recursive: true, force: true })
})

const postgres = process.env.MIDO_TEST_DATABASE_URL
const databaseUrl = async (): Promise<string | undefined> => {
  if (postgres === undefined || postgres === "") return undefined
  const name = `mido_crash_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const admin = await openPostgres(postgres)
  await admin.exec(`create database ${name}`)
  await admin.close()
  return postgres.replace(/\/[^/]*$/, `/${name}`)
}

const startChild = async (env: Record<string, string>): Promise<{ child: ChildProcess; url: string; uid?: number; token?: string }> => {
  const harness = await builtHarness("generationCrashServer")
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, harness, {
      cwd: new URL("..", import.meta.url).pathname,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"]
    })
    children.push(child)
    child.once("exit", (code) => reject(new Error(`the server exited early (${code})`)))
    createInterface({ input: child.stdout! }).once("line", (line) => resolve({ child, ...JSON.parse(line) }))
  })
}

const call = async (url: string, token: string, method: "GET" | "POST", path: string, body?: unknown) => {
  const response = await fetch(`${url}${path}`, { method, headers: { source: "PC", "content-type": "application/json", authorization: `Bearer ${token}` }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) })
  return (await response.json()) as { code: number; msg: string; data: unknown }
}

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> => {
  const deadline = Date.now() + timeoutMs
  let value = await read()
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    value = await read()
  }
  return value
}

describe("generation: kill -9 of a worker mid-task", () => {
  it("ends the task after a restart (failed and refunded, once) and the ledger sums to the balance", async () => {
    const url = await databaseUrl()
    const where: Record<string, string> = url !== undefined ? { CRASH_DATABASE_URL: url } : { CRASH_DATA_DIR: join(directory, "data") }
    const common = { ...where, CRASH_UPLOAD_DIR: join(directory, "uploads") }
    const first = await startChild({ ...common, CRASH_SEED_BEANS: "100", ...(url === undefined ? { CRASH_TEMPLATE: inject("pgliteTemplate") } : {}) })
    const token = first.token!
    const submitted = await call(first.url, token, "POST", "/api/v2/task/submit", { type: "sd", prompt: "until killed [hang]", checkpoint: "fake-ckpt", sampler: "Euler a", steps: 20, cfg_scale: 7, width: 64, height: 64, seed: 7, num: 1 })
    expect(submitted).toMatchObject({ code: 0 })
    const task = submitted.data as TaskView
    const info = (base: string) => () => call(base, token, "GET", `/api/v2/task/info?id=${task.id}`).then((answer) => answer.data as TaskView)
    expect((await until(info(first.url), (view) => view.status === "running", 10_000)).status).toBe("running")

    first.child.removeAllListeners("exit")
    const killed = new Promise((resolve) => first.child.once("exit", resolve))
    first.child.kill("SIGKILL")
    await killed

    const second = await startChild(common)
    const ended = await until(info(second.url), (view) => view.status !== "running", 15_000)
    expect(ended).toMatchObject({ status: "failed", reason: "绘画服务中断，米豆已退还", refunded: task.cost })
    second.child.removeAllListeners("exit")
    const stopped = new Promise((resolve) => second.child.once("exit", resolve))
    second.child.kill("SIGTERM")
    await stopped

    const database: Database = url !== undefined ? await openPostgres(url) : await openPglite({ dataDir: join(directory, "data") })
    try {
      const audit = await auditLedger(database.db, ledgerKeyOf(testConfig()), first.uid!)
      expect(audit).toMatchObject({ ok: true, entries: 3, walletBalance: 100, ledgerSum: 100 })
    } finally {
      await database.close()
    }
  }, 120_000) // two real server processes started from TypeScript source, on a machine busy with the other suites
})
