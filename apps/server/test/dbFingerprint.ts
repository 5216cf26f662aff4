import { sql } from "drizzle-orm"
import type { Db } from "../src/db/database.js"

const rowsOf = <T>(result: unknown) => (result as { rows: Array<T> }).rows

/**
 * Every table of the app's schema as "name: rows md5" in one string: two equal fingerprints mean no
 * row was inserted, updated or deleted in between (the bad-input tests' "nothing written").
 */
export const dbFingerprint = async (db: Db): Promise<string> => {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)
  )
  const parts = tables.map(
    ({ name }) => `select '${name}' as name, count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t`
  )
  const result = rowsOf<{ name: string; n: number; h: string }>(await db.execute(sql.raw(parts.join(" union all "))))
  return result.map((row) => `${row.name}: ${row.n} ${row.h}`).join("\n")
}

/** The next transaction id: it moves only when some transaction writes (a read takes no xid). */
const nextXid = async (db: Db) => rowsOf<{ x: string }>(await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`))[0]!.x

/**
 * Watches the database for writes between calls of `written()`, cheaply: when no transaction id was
 * taken since the last call nothing can have been written; otherwise (the job queue's upkeep, another
 * database on the same PostgreSQL server) the app's tables are fingerprinted and compared with the
 * last fingerprint. `written()` answers the before/after fingerprints when they differ.
 */
export const watchWrites = async (db: Db) => {
  let xid = await nextXid(db)
  let print = await dbFingerprint(db)
  return {
    written: async (): Promise<{ readonly before: string; readonly after: string } | undefined> => {
      const now = await nextXid(db)
      if (now === xid) return undefined
      const after = await dbFingerprint(db)
      const before = print
      xid = now
      print = after
      return after === before ? undefined : { before, after }
    }
  }
}
