import { eq } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { orders } from "../../db/schema/commerce.js"
import type { LivePayments, PaymentProvider, StatementLine } from "./paymentProviderPort.js"

/**
 * The provider the order jobs and closes talk to (deps.paymentProvider): each trade goes to the
 * provider that took its order (orders.provider, 2400_order_provider.sql), an order without one to the
 * sandbox; the statement is every provider's. With no live provider it is the sandbox itself.
 */
export const routedProvider = (db: Db, sandbox: PaymentProvider, live: LivePayments): PaymentProvider => {
  const providers = Object.values(live).filter((provider) => provider !== undefined)
  if (providers.length === 0) return sandbox
  const providerOf = async (tradeNo: string): Promise<PaymentProvider> => {
    const [order] = await db.select({ provider: orders.provider }).from(orders).where(eq(orders.tradeNo, tradeNo)).limit(1)
    return providers.find((provider) => provider.name === order?.provider) ?? sandbox
  }
  return {
    name: [...providers.map((provider) => provider.name), sandbox.name].join("+"),
    query: async (tradeNo) => (await providerOf(tradeNo)).query(tradeNo),
    close: async (tradeNo, now) => (await providerOf(tradeNo)).close(tradeNo, now),
    refund: async (request, now) => (await providerOf(request.tradeNo)).refund(request, now),
    statement: async (from, to) => {
      const lines: Array<StatementLine> = []
      for (const provider of [...providers, sandbox]) lines.push(...(await provider.statement(from, to)))
      return lines
    }
  }
}
