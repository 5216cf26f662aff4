import { sql } from "drizzle-orm"
import type { Db } from "../src/db/database.js"
import { users } from "../src/db/schema/users.js"

/** Helpers for the ledger tests (R32, R33). */

let seq = 0

/** A user row (the ledger and wallets reference users). */
export const ledgerUser = async (db: Db, prefix: string): Promise<number> => {
  seq += 1
  const tag = `${prefix}${process.pid % 1000}${seq}`
  const [row] = await db
    .insert(users)
    .values({ phone: `1320${String(seq).padStart(3, "0")}${String(process.pid % 10_000).padStart(4, "0")}`, nickname: `账本${tag}`, inviteCode: `L${tag}`, nid: `7${tag}` })
    .returning({ uid: users.uid })
  return row!.uid
}

/** Every message in an error's cause chain (drizzle wraps the database's error). */
export const errorText = (error: unknown): string => {
  const parts: Array<string> = []
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    parts.push(cause.message)
    cause = cause.cause
  }
  return parts.join(" | ")
}

/** Runs `edit` the way a superuser would: with the append-only trigger off, always turned on again. */
export const withLedgerTriggerOff = async (db: Db, edit: () => Promise<unknown>) => {
  await db.execute(sql`alter table bean_ledger disable trigger bean_ledger_no_update`)
  try {
    await edit()
  } finally {
    await db.execute(sql`alter table bean_ledger enable trigger bean_ledger_no_update`)
  }
}

/** A small deterministic PRNG (mulberry32), so a failing workload can be replayed from its seed. */
export const prng = (seed: number) => {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), pick: <T>(items: ReadonlyArray<T>): T => items[Math.floor(next() * items.length)]! }
}
