import { mkdir } from "node:fs/promises"
import { PGlite } from "@electric-sql/pglite"
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core"
import { drizzle as drizzlePglite } from "drizzle-orm/pglite"
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres"
import pg from "pg"
import { type DatabaseNotifications, postgresNotifications } from "./notifications.js"

/** The one database handle the server uses; the same code runs on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT>

/**
 * R40: the budget of one statement on PostgreSQL. Every query of a request or a job is a few index
 * reads or writes; one that runs longer is cut (and its transaction rolled back) rather than holding
 * locks and a pooled connection while payment notifies wait (WeChat Pay's deadline is 5 s).
 * PGlite cannot enforce it (no timer signals in WASM: `pg_sleep(1)` outlives a 200 ms budget).
 */
export const STATEMENT_TIMEOUT_MS = 5_000

/** Plain SQL on one connection: statements and session settings stay together. */
export type Exec = (sql: string) => Promise<void>

/**
 * SQL for the job queue (pg-boss's `db.executeSql`): parameterised statements, and parameterless
 * multi-statement scripts (its schema, migrations and maintenance: BEGIN; …; COMMIT;).
 */
export interface QueueSql {
  readonly executeSql: (text: string, values?: ReadonlyArray<unknown>) => Promise<{ rows: Array<unknown> }>
  readonly close: () => Promise<void>
}

export interface Database {
  readonly db: Db
  readonly kind: "pglite" | "postgres"
  /** Runs plain SQL (maintenance); on PostgreSQL each call may take another pooled connection. */
  readonly exec: Exec
  /** Runs `work` on one connection held until it ends (migrations: a lock, begin … commit, rollback). */
  readonly session: <T>(work: (exec: Exec) => Promise<T>) => Promise<T>
  /**
   * The queue's own connection(s): on PGlite the one client (a script goes through exec, the simple
   * protocol, and a failed one is rolled back so the single session is not left aborted); on
   * PostgreSQL a small pool of its own without the R40 budget (maintenance may take longer).
   */
  readonly queueSql: () => QueueSql
  readonly close: () => Promise<void>
  /** PostgreSQL only: LISTEN/NOTIFY between the processes on this database (PGlite has one process). */
  readonly notifications?: DatabaseNotifications
  /** PGlite only: the whole data directory as a tarball, to clone databases quickly in tests. */
  readonly dump?: () => Promise<Blob>
}

/** Embedded PostgreSQL in WASM, file-backed (or in memory, or cloned from a dump for tests). */
export const openPglite = async (options: { readonly dataDir?: string; readonly loadDataDir?: Blob | File }): Promise<Database> => {
  // PGlite makes only the last folder of its path: DATA_DIR=/var/lib/mido/data on a fresh host would crash the start
  if (options.dataDir !== undefined && !options.dataDir.includes("://")) await mkdir(options.dataDir, { recursive: true })
  const client = await PGlite.create(options.dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {})
  return {
    db: drizzlePglite(client) as unknown as Db,
    kind: "pglite",
    exec: async (sql) => void (await client.exec(sql)),
    // one connection only: the client itself
    session: (work) => work(async (sql) => void (await client.exec(sql))),
    queueSql: () => ({
      executeSql: async (text, values) => {
        if (values !== undefined && values.length > 0) return client.query(text, [...values])
        try {
          return (await client.exec(text)).at(-1) ?? { rows: [] }
        } catch (error) {
          if (client.isInTransaction()) await client.exec("ROLLBACK")
          throw error
        }
      },
      close: async () => {}
    }),
    close: () => client.close(),
    dump: async () => (await client.dumpDataDir("gzip")) as Blob
  }
}

/**
 * A PostgreSQL server through a pool. The pool's error listener keeps a database restart from
 * killing the process: idle clients that die are dropped and replaced on the next query (R41). Every
 * connection starts with the statement budget (R40).
 */
export const openPostgres = async (
  url: string,
  onError: (error: Error) => void = () => {},
  statementTimeoutMs: number = STATEMENT_TIMEOUT_MS
): Promise<Database> => {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000, options: `-c statement_timeout=${statementTimeoutMs}` })
  pool.on("error", onError)
  const probe = await pool.connect()
  probe.release()
  return {
    db: drizzlePg(pool) as unknown as Db,
    kind: "postgres",
    exec: async (sql) => void (await pool.query(sql)),
    session: async (work) => {
      const client = await pool.connect()
      let broken: Error | undefined
      try {
        return await work(async (sql) => void (await client.query(sql)))
      } catch (error) {
        // a connection left inside a failed transaction must not go back to the pool
        broken = error instanceof Error ? error : new Error(String(error))
        throw error
      } finally {
        client.release(broken)
      }
    },
    queueSql: () => {
      const own = new pg.Pool({ connectionString: url, max: 4, idleTimeoutMillis: 30_000 })
      own.on("error", onError)
      return { executeSql: async (text, values) => own.query(text, values === undefined ? undefined : [...values]), close: () => own.end() }
    },
    notifications: postgresNotifications(url, pool, onError),
    close: () => pool.end()
  }
}
