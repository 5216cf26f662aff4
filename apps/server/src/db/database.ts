import { PGlite } from "@electric-sql/pglite"
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core"
import { drizzle as drizzlePglite } from "drizzle-orm/pglite"
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres"
import pg from "pg"

/** The one database handle the server uses; the same code runs on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT>

export interface Database {
  readonly db: Db
  readonly kind: "pglite" | "postgres"
  /** Runs plain SQL (migrations, maintenance). */
  readonly exec: (sql: string) => Promise<void>
  readonly close: () => Promise<void>
  /** PGlite only: the whole data directory as a tarball, to clone databases quickly in tests. */
  readonly dump?: () => Promise<Blob>
}

/** Embedded PostgreSQL in WASM, file-backed (or in memory, or cloned from a dump for tests). */
export const openPglite = async (options: { readonly dataDir?: string; readonly loadDataDir?: Blob | File }): Promise<Database> => {
  const client = await PGlite.create(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {})
  return {
    db: drizzlePglite(client) as unknown as Db,
    kind: "pglite",
    exec: async (sql) => void (await client.exec(sql)),
    close: () => client.close(),
    dump: async () => (await client.dumpDataDir("gzip")) as Blob
  }
}

/**
 * A PostgreSQL server through a pool. The pool's error listener keeps a database restart from
 * killing the process: idle clients that die are dropped and replaced on the next query (R41).
 */
export const openPostgres = async (url: string, onError: (error: Error) => void = () => {}): Promise<Database> => {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 })
  pool.on("error", onError)
  const probe = await pool.connect()
  probe.release()
  return {
    db: drizzlePg(pool) as unknown as Db,
    kind: "postgres",
    exec: async (sql) => void (await pool.query(sql)),
    close: () => pool.end()
  }
}
