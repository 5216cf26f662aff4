import { randomBytes } from "node:crypto"
import type { OrderCreatePayload, PurchaseKind } from "@mido/core"
import { applyCoupon } from "@mido/core/account"
import { and, eq, or } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { membershipPlans, orders, pointsPackages } from "../../db/schema/commerce.js"
import { type BuyerCoupon, couponForBuyer, couponIdByCode, releaseCoupon, reserveCoupon } from "./coupons.js"
import { attachIdempotencyKey, claimIdempotencyKey, IdempotencyMessages, orderRequestHash } from "./orderIdempotency.js"
import { fulfilOrder, type OrderRow } from "./payments.js"
import { chinaDateTime } from "../../platform/chinaTime.js"
import { windowRowsWait } from "../../platform/windowRows.js"

/**
 * Orders (spec §3, §4): created with a server price in fen and the core's coupon rule (R22), the
 * coupon reserved once (R36), a random trade number, 15 minutes to pay; a payable of 0 completes at
 * once as a claim (R23). Every read and write of an order is by (uid, trade_no) (R11). Closing,
 * timing out and reconciling with the provider: orderClosing.ts and the jobs (R27, R28).
 */
export const ORDER_TTL_MS = 15 * 60_000
/** R30: order creates per user per hour. */
export const ORDER_CREATES_PER_HOUR = 20

/** Thrown for business refusals; the http layer turns it into a code ≠ 0 with this message. */
export class OrderRefusal extends Error {
  /** `retryAfterSeconds`: for "tooMany", when the hour's limit lets the user order again (R37). */
  constructor(readonly kind: "badInput" | "tooMany" | "keyReused", message: string, readonly retryAfterSeconds?: number) {
    super(message)
  }
}

export interface PurchaseItemRow {
  readonly kind: PurchaseKind
  readonly id: number
  readonly name: string
  readonly priceFen: number
}

/** The active plan or package a buyer chose, priced by the server. */
export const loadPurchaseItem = async (db: Db, kind: PurchaseKind, id: number): Promise<PurchaseItemRow | undefined> => {
  if (kind === "plan") {
    const [plan] = await db.select().from(membershipPlans).where(and(eq(membershipPlans.id, id), eq(membershipPlans.active, true))).limit(1)
    return plan && { kind, id: plan.id, name: plan.name, priceFen: plan.priceFen }
  }
  const [pack] = await db.select().from(pointsPackages).where(and(eq(pointsPackages.id, id), eq(pointsPackages.active, true))).limit(1)
  return pack && { kind, id: pack.id, name: `${pack.points}米豆`, priceFen: pack.priceFen }
}

/** 20260115 103000 + 20 random hex digits: sortable by eye, unguessable. */
export const newTradeNo = (now: Date): string =>
  `MD${chinaDateTime(now).replace(/\D/g, "")}${randomBytes(10).toString("hex")}`

/**
 * Closes the buyer's paying orders for the same item or holding the same coupon (R30: one open order),
 * freeing their coupons, and answers them: the caller closes them at the provider once the new order
 * is committed (R44), so a refused create closes nothing.
 */
const closeSuperseded = async (tx: Db, uid: number, item: PurchaseItemRow, couponId: number | undefined, now: Date): Promise<Array<OrderRow>> => {
  const sameItem = and(eq(orders.itemType, item.kind), eq(orders.itemId, item.id))
  const closed = await tx
    .update(orders)
    .set({ status: "closed", closedAt: now })
    .where(and(eq(orders.uid, uid), eq(orders.status, "paying"), couponId === undefined ? sameItem : or(sameItem, eq(orders.couponId, couponId))))
    .returning()
  for (const { id } of closed) await releaseCoupon(tx, id)
  return closed
}

export interface CreatedOrder {
  readonly order: OrderRow
  /** The buyer's open orders this one replaced, closed here but not yet at the provider. */
  readonly superseded: ReadonlyArray<OrderRow>
}

/**
 * Creates an order in one transaction: nothing is written when it is refused. Returns the row; a
 * claim (payable 0) is already success and granted. With an Idempotency-Key (R45, R30) the same key
 * from the same user answers the order it made before — no second order, coupon hold or grant — and
 * the key with another payload is refused.
 */
export const createOrder = async (db: Db, ledgerKey: string, uid: number, input: OrderCreatePayload, now: Date, idempotencyKey?: string): Promise<CreatedOrder> =>
  db.transaction(async (tx) => {
    if (idempotencyKey !== undefined) {
      const claimed = await claimIdempotencyKey(tx, uid, idempotencyKey, orderRequestHash(input), now)
      if (claimed.kind === "mismatch") throw new OrderRefusal("keyReused", IdempotencyMessages.mismatch)
      if (claimed.kind === "replay") {
        const [before] = await tx.select().from(orders).where(and(eq(orders.id, claimed.orderId), eq(orders.uid, uid))).limit(1)
        if (before === undefined) throw new Error(`idempotency key of uid ${uid} points at a missing order`)
        return { order: before, superseded: [] }
      }
    }
    const created = await insertOrder(tx, ledgerKey, uid, input, now)
    if (idempotencyKey !== undefined) await attachIdempotencyKey(tx, uid, idempotencyKey, created.order.id)
    return created
  })

const insertOrder = async (tx: Db, ledgerKey: string, uid: number, input: OrderCreatePayload, now: Date): Promise<CreatedOrder> => {
  // R30, R37: an hour's orders per user
  const wait = await windowRowsWait(tx, { table: orders, at: orders.createdAt, where: eq(orders.uid, uid), limit: ORDER_CREATES_PER_HOUR, windowMs: 3_600_000 }, now)
  if (wait !== undefined) throw new OrderRefusal("tooMany", "下单太频繁，请稍后再试", wait)
  const item = await loadPurchaseItem(tx, input.type, input.type_id)
  // switching pay method or coupon replaces the open order (and frees its coupon) before pricing
  let superseded: Array<OrderRow> = []
  if (item !== undefined) {
    const couponId = input.coupon_code === undefined ? undefined : await couponIdByCode(tx, input.coupon_code)
    superseded = await closeSuperseded(tx, uid, item, couponId, now)
  }
  let coupon: BuyerCoupon | undefined
  let payableFen = item?.priceFen ?? 0
  if (input.coupon_code !== undefined) {
    coupon = await couponForBuyer(tx, input.coupon_code, uid, now)
    const outcome = applyCoupon({ code: input.coupon_code, item: item === undefined ? null : { kind: item.kind, priceFen: item.priceFen }, coupon: coupon?.terms ?? null })
    if (!outcome.ok) throw new OrderRefusal("badInput", outcome.message)
    payableFen = outcome.payableFen
  }
  if (item === undefined) throw new OrderRefusal("badInput", "请选择购买项!")
  const claim = payableFen <= 0
  const [order] = await tx
    .insert(orders)
    .values({
      tradeNo: newTradeNo(now),
      uid,
      itemType: item.kind,
      itemId: item.id,
      itemName: item.name,
      payMethod: claim ? "none" : input.pay_method,
      priceFen: item.priceFen,
      payableFen,
      couponId: coupon?.row.id ?? null,
      status: claim ? "success" : "paying",
      claim,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ORDER_TTL_MS),
      paidAt: claim ? now : null
    })
    .returning()
  if (order === undefined) throw new Error("order insert returned nothing")
  if (coupon !== undefined && !(await reserveCoupon(tx, coupon.row, uid, order.id, now))) {
    throw new OrderRefusal("badInput", "该优惠码已被使用!")
  }
  // R23: the claim is granted in the same transaction that creates it
  if (claim) await fulfilOrder(tx, ledgerKey, order, now, false)
  return { order, superseded }
}

/** The caller's own order (R11: the uid is in the query itself; trade_no is unique, so one index read). */
export const findOwnOrder = async (db: Db, uid: number, tradeNo: string): Promise<OrderRow | undefined> => {
  const [order] = await db.select().from(orders).where(and(eq(orders.uid, uid), eq(orders.tradeNo, tradeNo))).limit(1)
  return order
}

export const orderById = async (db: Db, id: number): Promise<OrderRow | undefined> => (await db.select().from(orders).where(eq(orders.id, id)).limit(1))[0]

/**
 * Ends a paying order locally as `status` (timeout after its 15 minutes, closed by the user),
 * releasing its coupon: a conditional update, so an order paid meanwhile stays success. Answers the
 * order as it now is. Callers ask the provider first (orderClosing.ts, R27/R28).
 */
export const endUnpaidOrder = async (db: Db, orderId: number, status: "timeout" | "closed", now: Date): Promise<OrderRow | undefined> =>
  db.transaction(async (tx) => {
    const [ended] = await tx
      .update(orders)
      .set({ status, closedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, "paying")))
      .returning()
    if (ended === undefined) return (await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1))[0]
    await releaseCoupon(tx, orderId)
    return ended
  })
