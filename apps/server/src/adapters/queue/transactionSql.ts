import { sql, type SQL } from "drizzle-orm"
import type { Db } from "../../db/database.js"

/**
 * pg-boss's `db` over a drizzle transaction, so a job is sent inside our own transaction (the beans
 * debit and the enqueue commit or roll back together, ADR 0010). Drizzle numbers parameters in order
 * of appearance and would bind a repeated `$n` twice, so the first use of each `$n` becomes a
 * parameter and a later use stays the literal `$n` (pg-boss introduces `$1…$n` in ascending order);
 * drizzle drops undefined values, so they go as null.
 */
export const transactionSql = (tx: Db) => ({
  executeSql: async (text: string, values: ReadonlyArray<unknown> = []): Promise<{ rows: Array<unknown> }> => {
    const query: SQL = sql.empty()
    let last = 0
    let next = 1
    for (const match of text.matchAll(/\$(\d+)/g)) {
      const n = Number(match[1])
      query.append(sql.raw(text.slice(last, match.index)))
      if (n === next) {
        query.append(sql`${values[n - 1] ?? null}`)
        next++
      } else if (n < next) query.append(sql.raw(`$${n}`))
      else throw new Error(`transactionSql: $${n} before $${next}`)
      last = match.index + match[0].length
    }
    query.append(sql.raw(text.slice(last)))
    const result = (await tx.execute(query)) as unknown as { rows?: Array<unknown> } | Array<unknown>
    return { rows: Array.isArray(result) ? result : result.rows ?? [] }
  }
})
