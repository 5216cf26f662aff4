import { access, constants } from "node:fs/promises"
import { join } from "node:path"
import pg from "pg"
import type { ServerConfig } from "./config.js"
import type { ServiceCheck } from "./serviceCheck.js"

const CONNECT_TIMEOUT_MS = 5_000

/** host:port/database of a connection string, without its user and password. */
export const databaseWhere = (url: string): string => {
  try {
    const parsed = new URL(url)
    return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`
  } catch {
    return "(DATABASE_URL is not a URL)"
  }
}

/**
 * The database the server would open: PostgreSQL is asked its version (a connection and one read);
 * PGlite's data directory is only looked at, never opened: it belongs to the one server process, and a
 * second opener could damage it.
 */
export const databaseServiceCheck = (config: ServerConfig): ServiceCheck => ({
  name: "database",
  check: async () => {
    if (config.databaseUrl === undefined) {
      try {
        await access(join(config.dataDir, "PG_VERSION"), constants.R_OK | constants.W_OK)
        return { ok: true, detail: `PGlite in ${config.dataDir} (not opened: the server process owns it)` }
      } catch {
        return { ok: true, detail: `PGlite in ${config.dataDir}: no database yet, the first start creates it` }
      }
    }
    const client = new pg.Client({ connectionString: config.databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
    const where = databaseWhere(config.databaseUrl)
    try {
      await client.connect()
      const result = await client.query<{ version: string }>("select current_setting('server_version') as version")
      return { ok: true, detail: `PostgreSQL ${result.rows[0]?.version ?? "?"} at ${where}` }
    } catch (error) {
      return { ok: false, detail: `PostgreSQL at ${where}: ${error instanceof Error ? error.message : String(error)}` }
    } finally {
      await client.end().catch(() => undefined)
    }
  }
})

/** Local disk storage (single host): the upload directory must be writable by the server. */
export const localStorageServiceCheck = (config: ServerConfig): ServiceCheck => ({
  name: "storage",
  check: async () => {
    try {
      await access(config.uploadDir, constants.W_OK)
      return { ok: true, detail: `local disk ${config.uploadDir}, served at ${config.storageUrl}` }
    } catch {
      try {
        await access(config.dataDir, constants.W_OK)
        return { ok: true, detail: `local disk ${config.uploadDir} (created at first start), served at ${config.storageUrl}` }
      } catch {
        return { ok: false, detail: `local disk ${config.uploadDir} is not writable` }
      }
    }
  }
})
