import { Api, type Coupon, CouponMessages, fenToYuan, type Order } from "@mido/core"
import { asc, eq } from "drizzle-orm"
import type { Hono } from "hono"
import { membershipPlans, pointsPackages, tools } from "../db/schema/commerce.js"
import { readAppConfig } from "../domain-services/appConfig.js"
import { couponForBuyer, couponRateExceeded, recordCouponAttempt, wireCoupon } from "../domain-services/coupons.js"
import { closeOwnOrder, createOrder, findOwnOrder, OrderRefusal, timeOutIfDue } from "../domain-services/orders.js"
import type { OrderRow } from "../domain-services/payments.js"
import { sanitizePlanHtml } from "../domain-services/planHtml.js"
import { qrSvgDataUrl } from "../domain-services/qrCode.js"
import { taskCost } from "../domain-services/taskPricing.js"
import { implement, implementAuthed } from "./contract.js"
import type { ServerDeps } from "./deps.js"
import { badInput, notFound, tooMany } from "./failure.js"
import { registerSandboxPay, sandboxPayUrl } from "./sandboxPay.js"

/** The order as create, check and close answer it: the pay QR opens the sandbox pay page. */
const orderView = (row: OrderRow, publicUrl: string): Order => ({
  trade_no: row.tradeNo,
  data: row.claim ? "" : qrSvgDataUrl(sandboxPayUrl(publicUrl, row.tradeNo), `扫码支付 ¥${fenToYuan(row.payableFen).toFixed(2)}`),
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
    if (await couponRateExceeded(db, actor, now)) throw tooMany("优惠码验证过于频繁，请稍后再试")
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

  implementAuthed(app, deps, Api.commerce.orderCreate, async (input, { uid }) => {
    try {
      return orderView(await createOrder(db, uid, input, deps.now()), deps.config.publicUrl)
    } catch (error) {
      if (error instanceof OrderRefusal) throw error.kind === "tooMany" ? tooMany(error.message) : badInput(error.message)
      throw error
    }
  })

  implementAuthed(app, deps, Api.commerce.orderCheck, async (input, { uid }) => {
    const order = await findOwnOrder(db, uid, input.trade_no)
    if (order === undefined) throw notFound(ORDER_NOT_FOUND)
    return orderView(await timeOutIfDue(db, order, deps.now()), deps.config.publicUrl)
  })

  implementAuthed(app, deps, Api.commerce.orderClose, async (input, { uid }) => {
    const order = await closeOwnOrder(db, uid, input.trade_no, deps.now())
    if (order === undefined) throw notFound(ORDER_NOT_FOUND)
    return orderView(order, deps.config.publicUrl)
  })

  implementAuthed(app, deps, Api.commerce.taskPoints, async (input, { uid }) => taskCost(db, uid, input, deps.now()))

  registerSandboxPay(app, deps)
}

