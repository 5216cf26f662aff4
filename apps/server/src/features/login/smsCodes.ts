import { randomInt } from "node:crypto"
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { smsCodes, type SmsPurpose } from "../../db/schema/login.js"
import { sameHash, secretHash } from "./loginSecrets.js"

/** R3: a code is valid 5 minutes. */
export const SMS_CODE_TTL_SECONDS = 300
/** R4: the fifth wrong try burns the code. */
export const MAX_WRONG_PER_CODE = 5
/** R4/R37: after 10 failures within an hour the phone is locked for the rest of the window. */
export const MAX_FAILURES_PER_PHONE_HOUR = 10
export const PHONE_LOCK_WINDOW_SECONDS = 3600

/** R3: 6 digits from a secure random source. */
export const newSmsCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, "0")

/** R3: only an HMAC of the code, bound to the phone and the purpose, is stored. */
const codeHash = (secret: string, phone: string, purpose: SmsPurpose, code: string) => secretHash(secret, "sms", phone, purpose, code)

/**
 * Stores a new code for (phone, purpose) inside the caller's transaction; the previous live code for
 * the same pair stops working (R3: "a new code invalidates the previous one").
 */
export const storeSmsCode = async (tx: Db, secret: string, phone: string, purpose: SmsPurpose, code: string, now: Date) => {
  await tx.update(smsCodes).set({ usedAt: now }).where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt)))
  await tx.insert(smsCodes).values({
    phone,
    purpose,
    codeHash: codeHash(secret, phone, purpose, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000)
  })
}

export interface PhoneLock {
  readonly locked: boolean
  /** When locked: seconds until the failures of the last hour drop below the limit (Retry-After). */
  readonly retryAfterSeconds: number
}

/**
 * R4/R37: the phone is locked while the wrong tries on its codes of the last hour (any purpose) reach
 * MAX_FAILURES_PER_PHONE_HOUR, for the rest of that window: until the code that brought the count to
 * the limit is an hour old. Failures are dated by their code's creation (a code lives 5 minutes).
 */
export const phoneLock = async (db: Db, phone: string, now: Date): Promise<PhoneLock> => {
  const rows = await db
    .select({ createdAt: smsCodes.createdAt, failures: smsCodes.failedAttempts })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, new Date(now.getTime() - PHONE_LOCK_WINDOW_SECONDS * 1000)), gt(smsCodes.failedAttempts, 0)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
  let newer = 0
  for (const row of rows) {
    newer += row.failures
    if (newer >= MAX_FAILURES_PER_PHONE_HOUR) {
      return { locked: true, retryAfterSeconds: Math.max(1, Math.ceil((row.createdAt.getTime() + PHONE_LOCK_WINDOW_SECONDS * 1000 - now.getTime()) / 1000)) }
    }
  }
  return { locked: false, retryAfterSeconds: 0 }
}

export type CodeCheck =
  | { readonly ok: true; readonly id: number }
  | { readonly ok: false; readonly reason: "locked"; readonly retryAfterSeconds: number }
  | { readonly ok: false; readonly reason: "expired" | "wrong" }

/**
 * Checks a code against the live one for (phone, purpose) without using it up. A wrong code counts a
 * failure in a conditional update that also burns the code on the fifth (R4); that write stays even
 * though the request fails. A right code must then be taken with `consumeSmsCode` in the transaction
 * that acts on it. The reasons are for the log only: the caller answers every failure but the lock
 * with one message (R4: an unknown phone and a wrong code look the same).
 */
export const checkSmsCode = async (
  db: Db,
  secret: string,
  attempt: { readonly phone: string; readonly purpose: SmsPurpose; readonly code: string },
  now: Date
): Promise<CodeCheck> => {
  const lock = await phoneLock(db, attempt.phone, now)
  if (lock.locked) return { ok: false, reason: "locked", retryAfterSeconds: lock.retryAfterSeconds }
  const [live] = await db
    .select({ id: smsCodes.id, codeHash: smsCodes.codeHash })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, attempt.phone), eq(smsCodes.purpose, attempt.purpose), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
    .orderBy(desc(smsCodes.id))
    .limit(1)
  if (live === undefined) return { ok: false, reason: "expired" }
  if (sameHash(live.codeHash, codeHash(secret, attempt.phone, attempt.purpose, attempt.code))) return { ok: true, id: live.id }
  const stamp = sql`${now.toISOString()}::timestamptz`
  await db
    .update(smsCodes)
    .set({
      failedAttempts: sql`${smsCodes.failedAttempts} + 1`,
      usedAt: sql`case when ${smsCodes.failedAttempts} + 1 >= ${MAX_WRONG_PER_CODE} then ${stamp} else ${smsCodes.usedAt} end`
    })
    .where(and(eq(smsCodes.id, live.id), isNull(smsCodes.usedAt)))
  return { ok: false, reason: "wrong" }
}

/** R3: using a code is one conditional update; false when it was used, burned or expired meanwhile. */
export const consumeSmsCode = async (tx: Db, id: number, now: Date): Promise<boolean> => {
  const taken = await tx
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
    .returning({ id: smsCodes.id })
  return taken.length === 1
}
