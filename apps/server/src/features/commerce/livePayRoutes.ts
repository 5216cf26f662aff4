import type { Hono } from "hono"
import type { ServerDeps } from "../../platform/deps.js"
import { processLiveNotify } from "./liveTrades.js"

/**
 * The notify endpoint of each configured provider (PUBLIC_URL + its notifyPath; Alipay
 * /api/pay/alipay/notify, WeChat Pay /api/pay/wechat/notify): the raw body as the provider sent it
 * (signatures are over the exact bytes), answered as its docs ask — after the payment is recorded.
 */
export const registerLivePayNotifies = (app: Hono, deps: ServerDeps) => {
  for (const provider of Object.values(deps.livePayments)) {
    if (provider === undefined) continue
    app.post(provider.notifyPath, async (hono) => {
      const body = await hono.req.text()
      const result = await processLiveNotify(deps, provider, { header: (name) => hono.req.header(name), body }, deps.now())
      const answer = provider.answerNotify(result.accepted)
      return new Response(answer.body === "" ? null : answer.body, { status: answer.status, headers: { "content-type": answer.contentType } })
    })
  }
}
