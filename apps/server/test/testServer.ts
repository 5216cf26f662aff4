import { readFileSync } from "node:fs"
import { inject } from "vitest"
import type { ServerConfig } from "../src/platform/config.js"
import { testConfig } from "./testServerConfig.js"
import { type Database, type Db, openPglite, openPostgres } from "../src/db/database.js"
import { localAdapters } from "../src/adapters/localAdapters.js"
import type { ServerAdapters } from "../src/platform/deps.js"
import { type Log, silentLog } from "../src/platform/log.js"
import { type RunningServer, startServer } from "../src/server.js"

export { testConfig }

/**
 * A fresh database for one test file: a clone of the migrated PGlite template, or, when
 * MIDO_TEST_DATABASE_URL is set (the PostgreSQL run), a new database on that server.
 */
export const freshDatabase = async (): Promise<Database> => {
  const postgres = process.env.MIDO_TEST_DATABASE_URL
  if (postgres !== undefined && postgres !== "") {
    const name = `mido_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
    const admin = await openPostgres(postgres)
    await admin.exec(`create database ${name}`)
    await admin.close()
    return openPostgres(postgres.replace(/\/[^/]*$/, `/${name}`))
  }
  const template = readFileSync(inject("pgliteTemplate"))
  return openPglite({ loadDataDir: new Blob([template]) })
}

export interface TestServer extends RunningServer {
  /** Raw JSON call: the envelope as the server sent it. */
  readonly request: (method: "GET" | "POST", path: string, body?: unknown, token?: string) => Promise<{ code: number; msg: string; data: unknown }>
}

/**
 * The one place a test swaps an adapter: the server starts with the offline set (localAdapters, as
 * main.ts builds it) and any adapter the test names instead.
 */
export const startServerWith = async (
  config: ServerConfig,
  log: Log = silentLog,
  adapters: Partial<ServerAdapters> | ((db: Db) => Partial<ServerAdapters>) = {}
): Promise<RunningServer> => {
  const database = await freshDatabase()
  // an adapter that keeps state in the database (the WeChat MP token) is built on this one
  const chosen = typeof adapters === "function" ? adapters(database.db) : adapters
  return startServer(config, database, log, { ...localAdapters(config, database.db, log), ...chosen })
}

/** The real app on a loopback port over a fresh database. */
export const startTestServer = async (overrides: Partial<ServerConfig> = {}, adapters: Partial<ServerAdapters> = {}): Promise<TestServer> => {
  const running = await startServerWith(testConfig(overrides), silentLog, adapters)
  const request: TestServer["request"] = async (method, path, body, token) => {
    const headers: Record<string, string> = { source: "PC", "content-type": "application/json" }
    if (token !== undefined) headers.authorization = `Bearer ${token}`
    const response = await fetch(`${running.url}${path}`, { method, headers, ...(method === "POST" ? { body: JSON.stringify(body ?? {}) } : {}) })
    return (await response.json()) as { code: number; msg: string; data: unknown }
  }
  return { ...running, request }
}
