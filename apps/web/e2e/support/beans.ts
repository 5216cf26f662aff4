import { baseUrl } from "./browser"
import { callApi } from "./devServer"

/**
 * Gives an account beans the way a buyer gets them: a points-package order paid on the sandbox
 * provider's page (模拟支付成功, a signed notify). Answers the balance afterwards.
 */
export const buyBeans = async (token: string, packageId = 2): Promise<number> => {
  await payOrder(token, "points", packageId)
  return balanceOf(token)
}

/** Buys a membership plan (1 体验会员, 7 days) and pays it on the sandbox page, as buyBeans does a package. */
export const buyPlan = (token: string, planId = 1): Promise<void> => payOrder(token, "plan", planId)

const payOrder = async (token: string, type: "points" | "plan", typeId: number): Promise<void> => {
  const order = await callApi<{ trade_no: string }>("/api/v1/order/create", { token, json: { type, type_id: typeId, pay_method: "wechat" } })
  const page = await (await fetch(new URL(`/api/sandbox/pay?trade_no=${order.trade_no}`, baseUrl()))).text()
  const form = page.split("<form").find((part) => part.includes("模拟支付成功"))
  if (form === undefined) throw new Error("the sandbox pay page has no 模拟支付成功 form")
  const fields = Object.fromEntries([...form.matchAll(/name="([a-z_]+)" value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]))
  const notified = await fetch(new URL("/api/sandbox/notify", baseUrl()), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString()
  })
  if (!notified.ok) throw new Error(`the sandbox notify answered ${notified.status}`)
}

export const balanceOf = async (token: string): Promise<number> => (await callApi<{ balance: number }>("/api/v1/user/points", { token })).balance
