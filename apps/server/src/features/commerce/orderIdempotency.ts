import { createHash } from "node:crypto"
import type { OrderCreatePayload } from "@mido/core"
import { and, eq, lt } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { orderIdempotencyKeys } from "../../db/schema/orderRequests.js"

/**
 * R45 / R30: the Idempotency-Key of order create, scoped to the user. The key row is written first in
 * the create transaction, so a concurrent request with the same key waits for it and then sees the
 * order; the row disappears with a refused create (nothing written). Keys live a day.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key"
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000
/** Visible ASCII, as the IETF draft's examples (UUIDs, random tokens). */
const KEY_FORMAT = /^[\x21-\x7e]{8,255}$/

export const IdempotencyMessages = {
  badKey: "Idempotency-Key 格式不正确（8–255 个可见字符）",
  mismatch: "同一请求标识已用于内容不同的订单，请刷新页面后重新下单"
} as const

export const validIdempotencyKey = (key: string) => KEY_FORMAT.test(key)

/** The request's fingerprint: the fields that decide what is bought, in a fixed order. */
export const orderRequestHash = (input: OrderCreatePayload): string =>
  createHash("sha256")
    .update(JSON.stringify([input.type, input.type_id, input.pay_method, input.coupon_code?.trim().toUpperCase() ?? null]))
    .digest("hex")

export type KeyClaim =
  | { readonly kind: "new" }
  | { readonly kind: "replay"; readonly orderId: number }
  | { readonly kind: "mismatch" }

/** Inside the create transaction: takes the key for this request, or finds the order it already made. */
export const claimIdempotencyKey = async (tx: Db, uid: number, key: string, requestHash: string, now: Date): Promise<KeyClaim> => {
  const inserted = await tx
    .insert(orderIdempotencyKeys)
    .values({ uid, key, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: orderIdempotencyKeys.key })
  if (inserted.length === 1) return { kind: "new" }
  const [existing] = await tx
    .select()
    .from(orderIdempotencyKeys)
    .where(and(eq(orderIdempotencyKeys.uid, uid), eq(orderIdempotencyKeys.key, key)))
    .limit(1)
  if (existing === undefined || existing.orderId === null) throw new Error("idempotency key without its order")
  return existing.requestHash === requestHash ? { kind: "replay", orderId: existing.orderId } : { kind: "mismatch" }
}

export const attachIdempotencyKey = async (tx: Db, uid: number, key: string, orderId: number): Promise<void> => {
  await tx.update(orderIdempotencyKeys).set({ orderId }).where(and(eq(orderIdempotencyKeys.uid, uid), eq(orderIdempotencyKeys.key, key)))
}

export const purgeIdempotencyKeys = async (db: Db, now: Date): Promise<number> =>
  (await db
    .delete(orderIdempotencyKeys)
    .where(lt(orderIdempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ key: orderIdempotencyKeys.key })).length
