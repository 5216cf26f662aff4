import type { Coupon } from "@mido/core"
import { and, count, eq, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { couponAttempts, couponRedemptions, coupons } from "../../db/schema/commerce.js"
import { users } from "../../db/schema/users.js"
import { windowRowsWait } from "../../platform/windowRows.js"

/**
 * Coupons (spec §4, §5; R22, R36). A code is looked up for one buyer: someone else's coupon, a
 * disabled one or one not yet valid is indistinguishable from an unknown code (never revealed). The
 * status is the buyer's: used once they redeemed it (or when its global uses ran out), expired after
 * valid_to. A redemption row (unique per coupon and buyer) reserves the coupon for one order; closing
 * or timing out the order releases it, paying consumes it.
 */
export type CouponRow = typeof coupons.$inferSelect

/** A coupon's terms for one buyer; scope is text here (an unknown scope is the core rule's business). */
export interface BuyerCouponTerms extends Omit<Coupon, "scope"> {
  readonly scope: string
}

export interface BuyerCoupon {
  readonly row: CouponRow
  readonly terms: BuyerCouponTerms
}

const SCOPES: ReadonlyArray<string> = ["points", "plan", "plan,points"]

/** The terms as the check calls answer them, or undefined when the scope is one the app does not know. */
export const wireCoupon = (terms: BuyerCouponTerms): Coupon | undefined =>
  SCOPES.includes(terms.scope) ? { ...terms, scope: terms.scope as Coupon["scope"] } : undefined

/** numeric columns arrive as text ("0.9000"): the shortest decimal text of the same value */
const decimalNumber = (text: string): number => Number(text)

export const normaliseCode = (code: string) => code.trim().toUpperCase()

/** The id of the coupon with this code, whoever may use it (internal only, never answered). */
export const couponIdByCode = async (db: Db, code: string): Promise<number | undefined> =>
  (await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, normaliseCode(code))).limit(1))[0]?.id

/** The coupon `code` as `uid` (or a visitor) sees it; undefined when it is not usable by them at all. */
export const couponForBuyer = async (db: Db, code: string, uid: number | undefined, now: Date): Promise<BuyerCoupon | undefined> => {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, normaliseCode(code))).limit(1)
  if (row === undefined || row.disabled || now < row.validFrom) return undefined
  if (row.ownerUid !== null && row.ownerUid !== uid) return undefined
  let redeemed = false
  if (uid !== undefined) {
    if (row.type === "invite") {
      // invite coupons are the invited users' member discount (spec §2 fixed notice, dialog variant 2)
      const [buyer] = await db.select({ invitedBy: users.invitedBy }).from(users).where(eq(users.uid, uid)).limit(1)
      if (buyer?.invitedBy === null || buyer?.invitedBy === undefined || buyer.invitedBy === uid) return undefined
    }
    const [mine] = await db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, row.id), eq(couponRedemptions.uid, uid)))
    redeemed = (mine?.n ?? 0) > 0
  }
  const exhausted = row.maxUses !== null && row.usedCount >= row.maxUses
  const status = redeemed ? "used" : now > row.validTo ? "expired" : exhausted ? "used" : "unused"
  return {
    row,
    terms: {
      code: row.code,
      discount_amount: decimalNumber(row.discountAmount),
      minimum_amount: row.minimumAmount === null ? null : decimalNumber(row.minimumAmount),
      status,
      scope: row.scope,
      type: row.type as Coupon["type"]
    }
  }
}

/**
 * R36: reserves the coupon for an order, atomically and once: the redemption insert is refused for
 * a second live order of the same buyer, the conditional `used_count` update for an exhausted code.
 * Returns false when it cannot be reserved; the caller rolls its transaction back.
 */
export const reserveCoupon = async (db: Db, coupon: CouponRow, uid: number, orderId: number, now: Date): Promise<boolean> => {
  const inserted = await db
    .insert(couponRedemptions)
    .values({ couponId: coupon.id, uid, orderId, state: "locked", createdAt: now })
    .onConflictDoNothing()
    .returning({ orderId: couponRedemptions.orderId })
  if (inserted.length === 0) return false
  if (coupon.maxUses === null) return true
  const counted = await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(and(eq(coupons.id, coupon.id), sql`${coupons.usedCount} < ${coupons.maxUses}`))
    .returning({ id: coupons.id })
  return counted.length > 0
}

/** Releases the coupon an unpaid order reserved (close, timeout, fail). */
export const releaseCoupon = async (db: Db, orderId: number): Promise<void> => {
  const released = await db
    .delete(couponRedemptions)
    .where(and(eq(couponRedemptions.orderId, orderId), eq(couponRedemptions.state, "locked")))
    .returning({ couponId: couponRedemptions.couponId })
  for (const { couponId } of released) {
    await db
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} - 1` })
      .where(and(eq(coupons.id, couponId), sql`${coupons.maxUses} is not null`, sql`${coupons.usedCount} > 0`))
  }
}

/** The order was paid: its reserved coupon is used for good. */
export const consumeCoupon = async (db: Db, orderId: number): Promise<void> => {
  await db.update(couponRedemptions).set({ state: "used" }).where(eq(couponRedemptions.orderId, orderId))
}

/** R37 coupon look-ups: 10 a minute per actor, 30 invalid an hour. */
export const COUPON_CHECKS_PER_MINUTE = 10
export const COUPON_INVALID_PER_HOUR = 30

/**
 * When the actor (user:uid or ip:addr) is over a coupon limit: the seconds until it may look up again
 * (the caller answers 429 with them as Retry-After); undefined when under both limits.
 */
export const couponLimitWait = async (db: Db, actor: string, now: Date): Promise<number | undefined> => {
  const limitThNewest = (windowMs: number, limit: number, onlyInvalid: boolean) => {
    const where = and(eq(couponAttempts.actor, actor), onlyInvalid ? eq(couponAttempts.ok, false) : undefined)
    return windowRowsWait(db, { table: couponAttempts, at: couponAttempts.createdAt, where, limit, windowMs }, now)
  }
  const waits = [await limitThNewest(60_000, COUPON_CHECKS_PER_MINUTE, false), await limitThNewest(3_600_000, COUPON_INVALID_PER_HOUR, true)]
    .filter((wait): wait is number => wait !== undefined)
  return waits.length === 0 ? undefined : Math.max(...waits)
}

export const recordCouponAttempt = async (db: Db, actor: string, ok: boolean, now: Date): Promise<void> => {
  await db.insert(couponAttempts).values({ actor, ok, createdAt: now })
}
