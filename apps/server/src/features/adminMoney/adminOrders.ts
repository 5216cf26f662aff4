import { and, count, desc, eq, gte, like, lt, type SQL } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { orders } from "../../db/schema/commerce.js"
import { orderRefunds } from "../../db/schema/refunds.js"
import { users } from "../../db/schema/users.js"
import { maskPhone } from "../../platform/maskPhone.js"

/**
 * The console's order search (issue 29): by trade number (prefix), buyer (uid or phone), state and a
 * date range of creation, newest first, one page at a time. "refunded"/"refunding" are states of the
 * console (order_refunds), the order itself stays success for the buyer's API (ADR 0026).
 */
export type AdminOrderState = "paying" | "success" | "timeout" | "fail" | "closed" | "refunding" | "refunded"

export interface OrderSearch {
  readonly tradeNo?: string
  /** a uid or an 11-digit phone */
  readonly user?: string
  readonly state?: AdminOrderState
  readonly from?: Date
  readonly to?: Date
  readonly page: number
  readonly size: number
}

export interface AdminOrderRow {
  readonly tradeNo: string
  readonly uid: number
  /** masked (R10): the console searches by the full number but never shows it */
  readonly phone: string
  readonly nickname: string
  readonly itemType: string
  readonly itemName: string
  readonly payMethod: string
  readonly provider: string | null
  readonly payableFen: number
  readonly status: string
  readonly refundState: string | null
  readonly refundDetail: string | null
  readonly createdAt: Date
  readonly paidAt: Date | null
}

const stateWhere = (state: AdminOrderState | undefined): SQL | undefined => {
  if (state === undefined) return undefined
  if (state === "refunded") return eq(orderRefunds.state, "refunded")
  if (state === "refunding") return eq(orderRefunds.state, "processing")
  return eq(orders.status, state)
}

export const searchOrders = async (db: Db, search: OrderSearch): Promise<{ readonly list: ReadonlyArray<AdminOrderRow>; readonly total: number }> => {
  const user = search.user?.trim() ?? ""
  const where = and(
    search.tradeNo === undefined || search.tradeNo.trim() === "" ? undefined : like(orders.tradeNo, `${search.tradeNo.trim().replace(/[%_\\]/g, "")}%`),
    user === "" ? undefined : /^1\d{10}$/.test(user) ? eq(users.phone, user) : /^\d{1,15}$/.test(user) ? eq(orders.uid, Number(user)) : eq(users.nickname, user),
    stateWhere(search.state),
    search.from === undefined ? undefined : gte(orders.createdAt, search.from),
    search.to === undefined ? undefined : lt(orders.createdAt, search.to)
  )
  const base = () => db.select().from(orders).innerJoin(users, eq(users.uid, orders.uid)).leftJoin(orderRefunds, eq(orderRefunds.orderId, orders.id))
  const rows = await base().where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(search.size).offset((search.page - 1) * search.size)
  const [total] = await db.select({ n: count() }).from(orders).innerJoin(users, eq(users.uid, orders.uid)).leftJoin(orderRefunds, eq(orderRefunds.orderId, orders.id)).where(where)
  return {
    total: total?.n ?? 0,
    list: rows.map(({ orders: order, users: buyer, order_refunds: refund }) => ({
      tradeNo: order.tradeNo, uid: order.uid, phone: maskPhone(buyer.phone), nickname: buyer.nickname, itemType: order.itemType, itemName: order.itemName,
      payMethod: order.payMethod, provider: order.provider, payableFen: order.payableFen, status: order.status,
      refundState: refund?.state ?? null, refundDetail: refund?.detail ?? null, createdAt: order.createdAt, paidAt: order.paidAt
    }))
  }
}
