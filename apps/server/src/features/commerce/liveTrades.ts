import { and, eq, isNull } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { orders, paymentNotifies } from "../../db/schema/commerce.js"
import { orderIdempotencyKeys } from "../../db/schema/orderRequests.js"
import type { LivePaymentProvider, LivePayments, NotifyRequest, PayMethod } from "../../adapters/payment/paymentProviderPort.js"
import type { Log } from "../../platform/log.js"
import { ApiFailure, Codes } from "../../platform/failure.js"
import { endUnpaidOrder } from "./orders.js"
import { markPaid, type NotifyResult, type OrderRow } from "./payments.js"

/**
 * Orders paid through a real provider (issue 27): the trade is opened at the provider of the order's
 * pay method once the order is committed (its QR content stored with the order, 2400_order_provider.sql),
 * and the provider's notify is verified by the provider adapter, then checked here against the order —
 * the provider that took it, the app id, the amount — before markPaid grants it once (R24–R27).
 */
export const PayMessages = {
  notOffered: "该支付方式暂未开通，请选择其他支付方式",
  providerDown: "支付渠道暂时不可用，请稍后再试"
} as const

export interface LiveTradeDeps {
  readonly db: Db
  readonly log: Log
  readonly livePayments: LivePayments
  readonly production: boolean
}

/**
 * Opens the order's trade at its method's provider (once: an order that has a provider keeps it).
 * Without a provider the sandbox takes it outside production; in production the method is not offered.
 * A provider that refuses or fails closes the order locally (its coupon freed, its Idempotency-Key
 * released for a retry under a new trade number, R44) and answers 503.
 */
export const openTrade = async (deps: LiveTradeDeps, order: OrderRow, now: Date): Promise<OrderRow> => {
  if (order.claim || order.status !== "paying" || order.provider !== null) return order
  const provider = deps.livePayments[order.payMethod as PayMethod]
  if (provider === undefined) {
    if (!deps.production) return order
    await endUnpaidOrder(deps.db, order.id, "closed", now)
    throw new ApiFailure(Codes.badInput, PayMessages.notOffered)
  }
  let qr: string
  try {
    qr = await provider.precreate({ tradeNo: order.tradeNo, amountFen: order.payableFen, subject: `米豆AI-${order.itemName}`, expiresAt: order.expiresAt })
  } catch (error) {
    deps.log.error("opening a trade at the payment provider failed", { provider: provider.name, trade_no: order.tradeNo, error: String(error), alert: "provider_precreate_failed" })
    await endUnpaidOrder(deps.db, order.id, "closed", now)
    // R44: the trade number is abandoned (no QR of it was shown); freeing the purchase's Idempotency-Key
    // lets the buyer's retry with the same key (R45) make a new order under a new out_trade_no instead
    // of being answered the closed one
    await deps.db.delete(orderIdempotencyKeys).where(eq(orderIdempotencyKeys.orderId, order.id))
    throw new ApiFailure(Codes.unavailable, PayMessages.providerDown)
  }
  const [opened] = await deps.db
    .update(orders)
    .set({ provider: provider.name, payQr: qr })
    .where(and(eq(orders.id, order.id), isNull(orders.provider)))
    .returning()
  return opened ?? (await deps.db.select().from(orders).where(eq(orders.id, order.id)).limit(1))[0] ?? order
}

/**
 * A provider's notify: verified by the provider (signature, decryption), then the order must exist,
 * have been taken by this provider, and match the app id and the amount; only then is it paid (once,
 * markPaid). Stored raw with its outcome (R38); a refusal is logged with an "alert" field.
 */
export const processLiveNotify = async (
  deps: { readonly db: Db; readonly log: Log; readonly ledgerKey: string },
  provider: LivePaymentProvider,
  request: NotifyRequest,
  now: Date
): Promise<NotifyResult> => {
  const reading = provider.readNotify(request, now)
  let result: NotifyResult
  let tradeNo = ""
  let amountOk = false
  if (reading.kind === "refused") {
    tradeNo = reading.tradeNo
    result = { accepted: false, outcome: reading.reason }
  } else if (reading.kind === "other") {
    // a verified notice of a closed or refunded trade: acknowledged so the provider stops, nothing changes
    tradeNo = reading.tradeNo
    result = { accepted: true, outcome: `ignored_${reading.state.toLowerCase().slice(0, 30)}` }
  } else {
    const notice = reading.notice
    tradeNo = notice.tradeNo
    const [order] = await deps.db.select().from(orders).where(eq(orders.tradeNo, notice.tradeNo)).limit(1)
    amountOk = order !== undefined && notice.amountFen === order.payableFen
    if (order === undefined) result = { accepted: false, outcome: "unknown_order" }
    else if (order.provider !== provider.name) result = { accepted: false, outcome: "other_provider" }
    else if (notice.appId !== provider.appId) result = { accepted: false, outcome: "app_mismatch" }
    else if (!amountOk) result = { accepted: false, outcome: "amount_mismatch" }
    else if (order.claim) result = { accepted: false, outcome: "claim_order" }
    else result = { accepted: true, outcome: await markPaid(deps.db, deps.ledgerKey, order.tradeNo, now, notice.paidAt) }
  }
  const sigOk = !(reading.kind === "refused" && reading.reason === "bad_signature")
  await deps.db.insert(paymentNotifies).values({ tradeNo: tradeNo.slice(0, 64), raw: request.body.slice(0, 4000), sigOk, amountOk, outcome: result.outcome, createdAt: now })
  if (!result.accepted) {
    deps.log.warn("payment notify refused", { provider: provider.name, trade_no: tradeNo.slice(0, 64), outcome: result.outcome, alert: `payment_notify_${result.outcome}` })
  }
  return result
}
