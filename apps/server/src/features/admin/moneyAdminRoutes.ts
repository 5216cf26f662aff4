import { moneyRoutes } from "@mido/core/admin"
import type { Hono } from "hono"
import { chinaDateTime, chinaDayStart } from "../../platform/chinaTime.js"
import type { ServerDeps } from "../../platform/deps.js"
import { badInput } from "../../platform/failure.js"
import { implementAdmin } from "./adminAccess.js"
import { recordAdminAudit } from "./adminAudit.js"
import { refundOrder, RefundRefusal } from "../commerce/orderRefunds.js"
import type { RecordAudit } from "../commerce/refundTakeBack.js"
import { listBreaks, resolveBreak } from "../adminMoney/adminBreaks.js"
import { editConfig, editPackage, editPlan, listCatalog, type PackageRow, type PlanRow } from "../adminMoney/adminCatalog.js"
import { type AdminCoupon, couponUses, createCoupon, disableCoupon, listCoupons } from "../adminMoney/adminCoupons.js"
import { searchOrders } from "../adminMoney/adminOrders.js"
import { MoneyAdminRefusal } from "../adminMoney/moneyAdminRefusal.js"

/**
 * The money pages' routes (issue 29, ADR 0026): each checks the caller's role (implementAdmin) and each
 * write records its audit row in the transaction that makes the change. Refusals answer code 400 with
 * the service's Chinese message.
 */
const DAY_MS = 86_400_000
const time = (at: Date | null) => (at === null ? null : chinaDateTime(at))

/** Runs a console write; its refusal becomes the 400 answer. */
const refusing = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work()
  } catch (error) {
    if (error instanceof MoneyAdminRefusal || error instanceof RefundRefusal) throw badInput(error.message)
    throw error
  }
}

const couponWire = (coupon: AdminCoupon) => ({
  code: coupon.code, type: coupon.type, scope: coupon.scope, discount_amount: coupon.discountAmount, minimum_amount: coupon.minimumAmount,
  owner_uid: coupon.ownerUid, valid_from_str: chinaDateTime(coupon.validFrom), valid_to_str: chinaDateTime(coupon.validTo),
  max_uses: coupon.maxUses, used_count: coupon.usedCount, disabled: coupon.disabled
})
const planWire = (plan: PlanRow) => ({
  id: plan.id, code: plan.code, name: plan.name, level: plan.level, price_fen: plan.priceFen, original_price_fen: plan.originalPriceFen,
  duration_days: plan.durationDays, bonus_beans: plan.bonusBeans, description: plan.description, content: plan.content, exclusive: plan.exclusive,
  active: plan.active, sort_order: plan.sortOrder
})
const packageWire = (pack: PackageRow) => ({ id: pack.id, code: pack.code, points: pack.points, bonus: pack.bonus, price_fen: pack.priceFen, active: pack.active, sort_order: pack.sortOrder })

export const registerMoneyAdmin = (app: Hono, deps: ServerDeps) => {
  const auditAt = (now: Date): RecordAudit => (tx, entry) => recordAdminAudit(tx, { ...entry, at: now })

  implementAdmin(app, deps, moneyRoutes.orders, async (input) => {
    const page = await searchOrders(deps.db, {
      ...(input.trade_no === undefined ? {} : { tradeNo: input.trade_no }),
      ...(input.user === undefined ? {} : { user: input.user }),
      ...(input.state === undefined ? {} : { state: input.state }),
      ...(input.from === undefined ? {} : { from: chinaDayStart(input.from) }),
      ...(input.to === undefined ? {} : { to: new Date(chinaDayStart(input.to).getTime() + DAY_MS) }),
      page: input.page,
      size: input.size
    })
    return {
      total: page.total,
      list: page.list.map((row) => ({
        trade_no: row.tradeNo, uid: row.uid, phone: row.phone, nickname: row.nickname, item_type: row.itemType, item_name: row.itemName, pay_method: row.payMethod,
        provider: row.provider, payable_fen: row.payableFen, status: row.status, refund_state: row.refundState as "processing" | "refunded" | "failed" | null,
        refund_detail: row.refundDetail, created_at_str: chinaDateTime(row.createdAt), paid_at_str: time(row.paidAt)
      }))
    }
  })

  implementAdmin(app, deps, moneyRoutes.refund, async (input, context) => {
    const now = deps.now()
    const answer = await refusing(() =>
      refundOrder({ db: deps.db, ledgerKey: deps.ledgerKey, provider: deps.paymentProvider, log: deps.log, audit: auditAt(now) }, { tradeNo: input.trade_no, actorUid: context.uid, reason: input.reason }, now))
    return { state: answer.state, detail: answer.detail, beans_taken: answer.beansTaken, vip_days_taken: answer.vipDaysTaken }
  })

  const breakWire = (row: Awaited<ReturnType<typeof listBreaks>>["list"][number]) => ({
    id: row.id, provider: row.provider, business_day: row.businessDay, trade_no: row.tradeNo, kind: row.kind, provider_amount_fen: row.providerAmountFen,
    order_amount_fen: row.orderAmountFen, order_status: row.orderStatus, detail: row.detail, created_at_str: chinaDateTime(row.createdAt),
    resolved_at_str: time(row.resolvedAt), resolution_note: row.resolutionNote
  })
  implementAdmin(app, deps, moneyRoutes.breaks, async (input) => {
    const page = await listBreaks(deps.db, { resolved: input.resolved === "1", page: input.page, size: input.size })
    return { total: page.total, list: page.list.map(breakWire) }
  })
  implementAdmin(app, deps, moneyRoutes.resolveBreak, async (input, context) => {
    const now = deps.now()
    return breakWire(await refusing(() => resolveBreak(deps.db, auditAt(now), { id: input.id, note: input.note, actorUid: context.uid }, now)))
  })

  implementAdmin(app, deps, moneyRoutes.coupons, async (input) => {
    const page = await listCoupons(deps.db, input.page, input.size)
    return { total: page.total, list: page.list.map(couponWire) }
  })
  implementAdmin(app, deps, moneyRoutes.createCoupon, async (input, context) => {
    const coupon = await refusing(() => createCoupon(deps.db, auditAt(deps.now()), context.uid, {
      code: input.code, type: input.type, scope: input.scope, discountAmount: input.discount_amount, minimumAmount: input.minimum_amount,
      validFrom: chinaDayStart(input.valid_from), validTo: new Date(chinaDayStart(input.valid_to).getTime() + DAY_MS - 1000), maxUses: input.max_uses, ownerUid: input.owner_uid
    }))
    return couponWire(coupon)
  })
  implementAdmin(app, deps, moneyRoutes.disableCoupon, async (input, context) => couponWire(await refusing(() => disableCoupon(deps.db, auditAt(deps.now()), context.uid, input.code))))
  implementAdmin(app, deps, moneyRoutes.couponUses, async (input) => {
    const page = await refusing(() => couponUses(deps.db, input.code, input.page, input.size))
    return {
      total: page.total,
      list: page.list.map((use) => ({ uid: use.uid, nickname: use.nickname, phone: use.phone, trade_no: use.tradeNo, payable_fen: use.payableFen, state: use.state, created_at_str: chinaDateTime(use.createdAt) }))
    }
  })

  implementAdmin(app, deps, moneyRoutes.catalog, async () => {
    const catalog = await listCatalog(deps.db)
    return { plans: catalog.plans.map(planWire), packages: catalog.packages.map(packageWire), config: catalog.config.map((entry) => ({ key: entry.key, value: entry.value })) }
  })
  implementAdmin(app, deps, moneyRoutes.editPlan, async (input, context) =>
    planWire(await refusing(() => editPlan(deps.db, auditAt(deps.now()), context.uid, input.id, {
      name: input.name, level: input.level, priceFen: input.price_fen, originalPriceFen: input.original_price_fen, durationDays: input.duration_days,
      bonusBeans: input.bonus_beans, description: input.description, content: input.content, exclusive: input.exclusive, active: input.active, sortOrder: input.sort_order
    }))))
  implementAdmin(app, deps, moneyRoutes.editPackage, async (input, context) =>
    packageWire(await refusing(() => editPackage(deps.db, auditAt(deps.now()), context.uid, input.id, {
      points: input.points, bonus: input.bonus, priceFen: input.price_fen, active: input.active, sortOrder: input.sort_order
    }))))
  implementAdmin(app, deps, moneyRoutes.editConfig, async (input, context) => {
    const entry = await refusing(() => editConfig(deps.db, auditAt(deps.now()), context.uid, input.key, input.value))
    return { key: entry.key, value: entry.value }
  })
}
