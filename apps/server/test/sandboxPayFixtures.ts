import { eq } from "drizzle-orm"
import { expect } from "vitest"
import { sandboxTrades } from "../src/db/schema/reconciliation.js"
import type { TestServer } from "./testServer.js"

export const PAY = "模拟支付成功"
export const PAY_NO_NOTIFY = "已付款但通知丢失（测试对账）"

/** The sandbox pay page's buttons, as a buyer's phone would press them after scanning the QR code. */
export const sandboxPayFixtures = (server: () => TestServer) => {
  /** The hidden fields of the pay page's form whose button says `label`. */
  const formOf = async (tradeNo: string, label: string): Promise<Record<string, string>> => {
    const html = await (await fetch(`${server().url}/api/sandbox/pay?trade_no=${tradeNo}`)).text()
    const form = html.split("<form").find((part) => part.includes(label))
    if (form === undefined) throw new Error(`no form with ${label}`)
    expect(form).toContain('action="/api/sandbox/pay"')
    return Object.fromEntries([...form.matchAll(/name="([a-z_]+)" value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]))
  }
  const press = async (fields: Record<string, string>) =>
    fetch(`${server().url}/api/sandbox/pay`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() })

  /** Pays at the provider from the pay page without the notify reaching the server (R28). */
  const payWithoutNotify = async (tradeNo: string) => {
    const response = await press(await formOf(tradeNo, PAY_NO_NOTIFY))
    expect(response.status).toBe(200)
    expect(await response.text()).toContain("未通知商户")
  }

  /** The trade's state in the provider's own books (sandbox_trades). */
  const providerState = async (tradeNo: string) =>
    (await server().deps.db.select().from(sandboxTrades).where(eq(sandboxTrades.tradeNo, tradeNo)))[0]?.state

  return { formOf, press, payWithoutNotify, providerState }
}
