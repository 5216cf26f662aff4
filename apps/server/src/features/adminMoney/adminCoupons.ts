import { count, desc, eq } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { couponRedemptions, coupons, orders } from "../../db/schema/commerce.js"
import { users } from "../../db/schema/users.js"
import { maskPhone } from "../../platform/maskPhone.js"
import { normaliseCode } from "../commerce/coupons.js"
import type { RecordAudit } from "../commerce/refundTakeBack.js"
import { refuse, wholeIn } from "./moneyAdminRefusal.js"

/**
 * Coupons from the console (spec §4/§5 coupon fields, 0200_commerce.sql's checks): created with every
 * field validated here first, so the operator reads why (the table's checks stay the last word);
 * disabled (a disabled code is indistinguishable from an unknown one to buyers, coupons.ts); their uses
 * listed from coupon_redemptions with the order and the buyer.
 */
export interface NewCoupon {
  readonly code: string
  readonly type: string
  readonly scope: string
  /** threshold: yuan off; discount and invite: the rate paid (0.8 = 20% off) */
  readonly discountAmount: number
  /** threshold only: the price in yuan from which it applies */
  readonly minimumAmount: number | null
  readonly validFrom: Date
  readonly validTo: Date
  readonly maxUses: number | null
  readonly ownerUid: number | null
}

const TYPES = ["threshold", "discount", "invite"]
const SCOPES = ["points", "plan", "plan,points"]
const cents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6

export const validateCoupon = (input: NewCoupon): NewCoupon => {
  const code = normaliseCode(input.code)
  if (!/^[A-Z0-9]{4,32}$/.test(code)) refuse("优惠码须为 4–32 位字母或数字")
  if (!TYPES.includes(input.type)) refuse("优惠券类型须为满减、折扣或邀请折扣")
  if (!SCOPES.includes(input.scope)) refuse("适用范围须为会员、米豆或两者")
  if (input.type === "threshold") {
    if (!(input.discountAmount > 0 && input.discountAmount <= 10_000 && cents(input.discountAmount))) refuse("减免金额须在 0.01–10000 元之间，最多两位小数")
    if (input.minimumAmount === null || !(input.minimumAmount >= input.discountAmount && input.minimumAmount <= 100_000 && cents(input.minimumAmount))) {
      refuse("满减门槛须不低于减免金额，最多两位小数")
    }
  } else {
    if (!(input.discountAmount > 0 && input.discountAmount < 1) || !Number.isInteger(Math.round(input.discountAmount * 10_000))) refuse("折扣须在 0 与 1 之间（如 0.8 表示八折）")
    if (input.minimumAmount !== null) refuse("折扣券没有满减门槛")
  }
  if (Number.isNaN(input.validFrom.getTime()) || Number.isNaN(input.validTo.getTime()) || input.validTo <= input.validFrom) refuse("结束时间须晚于开始时间")
  if (input.maxUses !== null) wholeIn(input.maxUses, 1, 1_000_000, "可用次数")
  if (input.ownerUid !== null) wholeIn(input.ownerUid, 1, Number.MAX_SAFE_INTEGER, "指定用户")
  return { ...input, code }
}

const couponView = (row: typeof coupons.$inferSelect) => ({ ...row, discountAmount: Number(row.discountAmount), minimumAmount: row.minimumAmount === null ? null : Number(row.minimumAmount) })
export type AdminCoupon = ReturnType<typeof couponView>

export const createCoupon = async (db: Db, audit: RecordAudit, actorUid: number, raw: NewCoupon): Promise<AdminCoupon> => {
  const input = validateCoupon(raw)
  return db.transaction(async (tx) => {
    if (input.ownerUid !== null && (await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, input.ownerUid)).limit(1)).length === 0) refuse("指定的用户不存在")
    const [row] = await tx
      .insert(coupons)
      .values({
        code: input.code, type: input.type, scope: input.scope, discountAmount: String(input.discountAmount),
        minimumAmount: input.minimumAmount === null ? null : String(input.minimumAmount), ownerUid: input.ownerUid,
        validFrom: input.validFrom, validTo: input.validTo, maxUses: input.maxUses
      })
      .onConflictDoNothing()
      .returning()
    if (row === undefined) return refuse("优惠码已存在")
    const view = couponView(row)
    await audit(tx, { actorId: actorUid, action: "coupon.create", targetType: "coupon", targetId: row.code, before: null, after: view })
    return view
  })
}

export const disableCoupon = async (db: Db, audit: RecordAudit, actorUid: number, code: string): Promise<AdminCoupon> =>
  db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.code, normaliseCode(code))).limit(1).for("update")
    if (before === undefined) return refuse("优惠码不存在")
    const [after] = await tx.update(coupons).set({ disabled: true }).where(eq(coupons.id, before.id)).returning()
    await audit(tx, { actorId: actorUid, action: "coupon.disable", targetType: "coupon", targetId: before.code, before: { disabled: before.disabled }, after: { disabled: true } })
    return couponView(after ?? before)
  })

export const listCoupons = async (db: Db, page: number, size: number) => {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.id)).limit(size).offset((page - 1) * size)
  const [total] = await db.select({ n: count() }).from(coupons)
  return { list: rows.map(couponView), total: total?.n ?? 0 }
}

/** A coupon's uses: each buyer's redemption (locked while its order is open, used once paid). */
export const couponUses = async (db: Db, code: string, page: number, size: number) => {
  const [coupon] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, normaliseCode(code))).limit(1)
  if (coupon === undefined) return refuse("优惠码不存在")
  const rows = await db
    .select({ uid: couponRedemptions.uid, state: couponRedemptions.state, createdAt: couponRedemptions.createdAt, tradeNo: orders.tradeNo, payableFen: orders.payableFen, nickname: users.nickname, phone: users.phone })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .innerJoin(users, eq(users.uid, couponRedemptions.uid))
    .where(eq(couponRedemptions.couponId, coupon.id))
    .orderBy(desc(couponRedemptions.createdAt))
    .limit(size)
    .offset((page - 1) * size)
  const [total] = await db.select({ n: count() }).from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id))
  return { list: rows.map((row) => ({ ...row, phone: maskPhone(row.phone) })), total: total?.n ?? 0 }
}
