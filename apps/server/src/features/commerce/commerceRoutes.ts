import { type Coupon, CouponMessages, fenToYuan, type Order } from "@mido/core"
import { Api } from "@mido/core/contract"
import { asc, eq } from "drizzle-orm"
import type { Hono } from "hono"
import { membershipPlans, pointsPackages, tools } from "../../db/schema/commerce.js"
import { readAppConfig } from "../appConfig/appConfig.js"
import { couponForBuyer, couponLimitWait, recordCouponAttempt, wireCoupon } from "./coupons.js"
import { closeIfExpired, closeOwnOrder, closeSupersededAtProvider } from "./orderClosing.js"
import { IDEMPOTENCY_KEY_HEADER, IdempotencyMessages, validIdempotencyKey } from "./orderIdempotency.js"
import { createOrder, findOwnOrder, OrderRefusal } from "./orders.js"
import type { OrderRow } from "./payments.js"
import { sanitizePlanHtml } from "./planHtml.js"
import { qrSvgDataUrl } from "../../platform/qrSvg.js"
import { orderCheckWait } from "./rateWindows.js"
import { taskCost } from "../artworks/taskPricing.js"
import { implement, implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { ApiFailure, badInput, notFound, tooMany } from "../../platform/failure.js"
import { registerSandboxPay, sandboxPayUrl } from "./sandboxPayRoutes.js"
import { openTrade } from "./liveTrades.js"
import { registerLivePayNotifies } from "./livePayRoutes.js"

/** The order as create, check and close answer it: the pay QR is the provider's (Alipay qr_code, WeChat Pay code_url) or opens the sandbox pay page. */
const orderView = (row: OrderRow, publicUrl: string): Order => ({
  trade_no: row.tradeNo,
  data: row.claim ? "" : qrSvgDataUrl(row.payQr ?? sandboxPayUrl(publicUrl, row.tradeNo), `扫码支付 ¥${fenToYuan(row.payableFen).toFixed(2)}`),
  status: row.status as Order["status"],
  payable: fenToYuan(row.payableFen),
  claim: row.claim
})

const ORDER_NOT_FOUND = "订单不存在"

/**
 * Config and commerce (spec §7): app config, tools, plans, packages, coupon checks, orders and the
 * task cost preview. Prices are the server's, in fen (R22); the sandbox provider lives in sandboxPay.
 */
export const registerCommerce = (app: Hono, deps: ServerDeps) => {
  const { db } = deps

  implement(app, deps, Api.commerce.appConfig, async () => ({ list: await readAppConfig(db) }))

  implement(app, deps, Api.commerce.tools, async () => ({
    list: await db
      .select({ key: tools.key, name: tools.name, description: tools.description, cover: tools.cover, path: tools.path })
      .from(tools)
      .orderBy(asc(tools.sortOrder), asc(tools.key))
  }))

  implement(app, deps, Api.commerce.membershipPlans, async () => {
    const rows = await db.select().from(membershipPlans).where(eq(membershipPlans.active, true)).orderBy(asc(membershipPlans.sortOrder), asc(membershipPlans.id))
    return {
      list: rows.map((plan) => ({
        id: plan.id,
        name: plan.name,
        price: fenToYuan(plan.priceFen),
        original_price: plan.originalPriceFen === null ? null : fenToYuan(plan.originalPriceFen),
        description: plan.description,
        level: plan.level as 1 | 2 | 3,
        // R15: sanitized on write, and again here in case a row was edited by hand
        content: sanitizePlanHtml(plan.content),
        exclusive: sanitizePlanHtml(plan.exclusive),
        duration_days: plan.durationDays
      }))
    }
  })

  implement(app, deps, Api.commerce.pointsPackages, async () => {
    const rows = await db.select().from(pointsPackages).where(eq(pointsPackages.active, true)).orderBy(asc(pointsPackages.sortOrder), asc(pointsPackages.id))
    return { list: rows.map((pack) => ({ id: pack.id, points: pack.points, price: fenToYuan(pack.priceFen), ...(pack.bonus > 0 ? { bonus: pack.bonus } : {}) })) }
  })

  /** R37: 10 look-ups a minute and 30 invalid an hour per user (or per IP for visitors). */
  const checkCoupon = async (code: string, uid: number | undefined, ip: string): Promise<Coupon> => {
    const now = deps.now()
    const actor = uid === undefined ? `ip:${ip}` : `user:${uid}`
    const wait = await couponLimitWait(db, actor, now)
    if (wait !== undefined) throw tooMany("优惠码验证过于频繁，请稍后再试", wait)
    const found = await couponForBuyer(db, code, uid, now)
    await recordCouponAttempt(db, actor, found?.terms.status === "unused", now)
    // someone else's, disabled or unknown codes all read the same (never revealed, R11)
    if (found === undefined) throw badInput(CouponMessages.unusable)
    const coupon = wireCoupon(found.terms)
    if (coupon === undefined) throw badInput(CouponMessages.unknownScope)
    return coupon
  }

  implement(app, deps, Api.commerce.couponCheck, async (input, { uid, ip }) => checkCoupon(input.code, uid, ip))
  implementAuthed(app, deps, Api.commerce.orderCoupon, async (input, { uid, ip }) => checkCoupon(input.code, uid, ip))

  const closing = { db, provider: deps.paymentProvider, log: deps.log, ledgerKey: deps.ledgerKey }

  /** R45 / R30: an optional Idempotency-Key header; the same key from the same user answers the same order. */
  implementAuthed(app, deps, Api.commerce.orderCreate, async (input, { uid, hono }) => {
    const key = hono.req.header(IDEMPOTENCY_KEY_HEADER)
    if (key !== undefined && !validIdempotencyKey(key)) throw badInput(IdempotencyMessages.badKey)
    try {
      const created = await createOrder(db, deps.ledgerKey, uid, input, deps.now(), key)
      await closeSupersededAtProvider(closing, created.superseded, deps.now())
      const opened = await openTrade({ db, log: deps.log, livePayments: deps.livePayments, production: deps.config.production }, created.order, deps.now())
      return orderView(opened, deps.config.publicUrl)
    } catch (error) {
      if (!(error instanceof OrderRefusal)) throw error
      // R30 (IETF idempotency-key draft): a key reused with another payload is 422
      if (error.kind === "keyReused") throw new ApiFailure(422, error.message)
      throw error.kind === "tooMany" ? tooMany(error.message, error.retryAfterSeconds) : badInput(error.message)
    }
  })

  /**
   * R29: the status poll is a per-user rate-limited read by (uid, trade_no) on the unique trade_no
   * index; it changes no order while the order may still be paid. Payment state never depends on it:
   * the jobs complete and close orders. Only a poll that finds the 15 minutes over, before the job
   * did, runs the job's close step for that order (provider query first, R28), so it never reads a
   * stale "paying".
   */
  implementAuthed(app, deps, Api.commerce.orderCheck, async (input, { uid }) => {
    const now = deps.now()
    const wait = await orderCheckWait(db, uid, now)
    if (wait !== undefined) throw tooMany("查询订单太频繁，请稍后再试", wait)
    const order = await findOwnOrder(db, uid, input.trade_no)
    if (order === undefined) throw notFound(ORDER_NOT_FOUND)
    return orderView(await closeIfExpired(closing, order, now), deps.config.publicUrl)
  })

  /** R27: the provider closes first; an order it reports paid completes instead of closing. */
  implementAuthed(app, deps, Api.commerce.orderClose, async (input, { uid }) => {
    const order = await closeOwnOrder(closing, uid, input.trade_no, deps.now())
    if (order === undefined) throw notFound(ORDER_NOT_FOUND)
    return orderView(order, deps.config.publicUrl)
  })

  implementAuthed(app, deps, Api.commerce.taskPoints, async (input, { uid }) => taskCost(db, uid, input, deps.now()))

  registerSandboxPay(app, deps)
  registerLivePayNotifies(app, deps)
}

