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
