import { randomBytes } from "node:crypto"
import { and, eq, gte, lt, ne } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { sandboxTrades } from "../../db/schema/reconciliation.js"
import { sandboxRefunds } from "../../db/schema/refunds.js"
import type { PaymentProvider, ProviderCloseOutcome, ProviderTrade, RefundOutcome, RefundRequest, SandboxCashier, SandboxPayOutcome } from "./paymentProviderPort.js"

/**
 * The sandbox payment provider's books (sandbox_trades): what the provider knows, apart from what
 * the merchant was told. Paying records SUCCESS whether or not a notify is then delivered, so the
 * pay page can simulate "paid, notify lost" and reconciliation finds it by query (R28). A closed trade
 * cannot be paid; a paid one cannot be closed (R27: the close answers already_paid).
 */
export const SANDBOX_PROVIDER = "sandbox"

/** The provider takes a payment of `amountFen` for the trade, once. */
export const sandboxRecordPayment = async (db: Db, tradeNo: string, amountFen: number, now: Date): Promise<SandboxPayOutcome> => {
  const paid = await db
    .insert(sandboxTrades)
    .values({ tradeNo, amountFen, state: "SUCCESS", providerTxnId: `SBX${randomBytes(12).toString("hex")}`, paidAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: sandboxTrades.tradeNo,
      set: { state: "SUCCESS", amountFen, paidAt: now, updatedAt: now },
      // a failed attempt may be paid again; a paid or closed trade stays as it is
      setWhere: eq(sandboxTrades.state, "PAYERROR")
    })
    .returning({ tradeNo: sandboxTrades.tradeNo })
  if (paid.length === 1) return "paid"
  const [trade] = await db.select({ state: sandboxTrades.state }).from(sandboxTrades).where(eq(sandboxTrades.tradeNo, tradeNo)).limit(1)
  return trade?.state === "CLOSED" ? "closed" : "already_paid"
}

/** The payer's attempt failed; a paid or closed trade is not changed. */
export const sandboxRecordFailure = async (db: Db, tradeNo: string, amountFen: number, now: Date): Promise<void> => {
  await db
    .insert(sandboxTrades)
    .values({ tradeNo, amountFen, state: "PAYERROR", providerTxnId: `SBX${randomBytes(12).toString("hex")}`, updatedAt: now })
    .onConflictDoNothing()
}

const query = async (db: Db, tradeNo: string): Promise<ProviderTrade> => {
  const [trade] = await db.select().from(sandboxTrades).where(eq(sandboxTrades.tradeNo, tradeNo)).limit(1)
  if (trade === undefined) return { state: "unpaid" }
  if (trade.state === "SUCCESS" && trade.paidAt !== null) {
    return { state: "paid", amountFen: trade.amountFen, paidAt: trade.paidAt, providerTxnId: trade.providerTxnId }
  }
  return { state: trade.state === "CLOSED" ? "closed" : "failed" }
}

const close = async (db: Db, tradeNo: string, now: Date): Promise<ProviderCloseOutcome> => {
  // the amount of a trade never paid is unknown to the provider's close; 1 fen satisfies the check
  const closed = await db
    .insert(sandboxTrades)
    .values({ tradeNo, amountFen: 1, state: "CLOSED", providerTxnId: `SBX${randomBytes(12).toString("hex")}`, updatedAt: now })
    .onConflictDoUpdate({ target: sandboxTrades.tradeNo, set: { state: "CLOSED", updatedAt: now }, setWhere: ne(sandboxTrades.state, "SUCCESS") })
    .returning({ tradeNo: sandboxTrades.tradeNo })
  return closed.length === 1 ? "closed" : "already_paid"
}

/**
 * The sandbox's refund, shaped like the real ones: only a paid trade is refunded, whole; the same refund
 * number again answers the same refund (Alipay out_request_no, WeChat Pay out_refund_no), another number
 * for a trade already refunded is refused. It books at once (no "processing" stage).
 */
const refund = async (db: Db, request: RefundRequest, now: Date): Promise<RefundOutcome> => {
  const [trade] = await db.select().from(sandboxTrades).where(eq(sandboxTrades.tradeNo, request.tradeNo)).limit(1)
  if (trade?.state !== "SUCCESS") return { state: "refused", reason: "交易未支付，无法退款" }
  if (request.amountFen !== trade.amountFen) return { state: "refused", reason: "退款金额与支付金额不一致" }
  await db.insert(sandboxRefunds).values({ refundNo: request.refundNo, tradeNo: request.tradeNo, amountFen: request.amountFen, createdAt: now }).onConflictDoNothing()
  const [booked] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.tradeNo, request.tradeNo)).limit(1)
  return booked?.refundNo === request.refundNo ? { state: "refunded" } : { state: "refused", reason: "该交易已全额退款" }
}

export const sandboxProvider = (db: Db): PaymentProvider => ({
  refund: (request, now) => refund(db, request, now),
  name: SANDBOX_PROVIDER,
  query: (tradeNo) => query(db, tradeNo),
  close: (tradeNo, now) => close(db, tradeNo, now),
  statement: async (from, to) => {
    const rows = await db
      .select({ tradeNo: sandboxTrades.tradeNo, amountFen: sandboxTrades.amountFen, paidAt: sandboxTrades.paidAt })
      .from(sandboxTrades)
      .where(and(eq(sandboxTrades.state, "SUCCESS"), gte(sandboxTrades.paidAt, from), lt(sandboxTrades.paidAt, to)))
    return rows.flatMap((row) => (row.paidAt === null ? [] : [{ tradeNo: row.tradeNo, amountFen: row.amountFen, paidAt: row.paidAt }]))
  }
})

/** The sandbox pay page's hand on the sandbox's books (paymentProviderPort.ts' SandboxCashier). */
export const sandboxCashier = (db: Db): SandboxCashier => ({
  recordPayment: (tradeNo, amountFen, now) => sandboxRecordPayment(db, tradeNo, amountFen, now),
  recordFailure: (tradeNo, amountFen, now) => sandboxRecordFailure(db, tradeNo, amountFen, now)
})
