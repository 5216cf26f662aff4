import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { toOutTradeNo } from "../../server/src/adapters/payment/wechatPaySigning"
import { qrMatrix } from "../../server/src/platform/qrSvg"
import { startWechatPayFake, type WechatPayFake } from "../../server/test/payFakes/wechatPayApi"
import { openApp } from "./support/browser"
import { callApi, newPhone } from "./support/devServer"
import { artifactsDir } from "./support/paths"
import { type RunningServer, startServer } from "./support/startServer"

// Issue 27: the purchase dialog against a real provider's API — WeChat Pay v3 Native, played by the
// fake in apps/server/test/payFakes (it verifies Mido's signatures and signs its answers and notify).
// The run's shared server keeps the sandbox, so this file starts its own server configured for the
// fake (no demo seed: the catalogue is enough) and sends the app's API calls to it; the app itself
// still comes from the run's server.

let wechat: WechatPayFake
let server: RunningServer
const workDir = mkdtempSync(join(tmpdir(), "mido-e2e-live-"))

const untilAnswer = async <T>(read: () => Promise<T>): Promise<T> => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await read()
    } catch (error) {
      if (attempt > 50) throw error
      await new Promise((resolveWait) => setTimeout(resolveWait, 200))
    }
  }
}

/** The login page's calls (captcha, SMS from the dev sink, login) against this file's server. */
const loginOn = async (base: string) => {
  const phone = newPhone()
  await callApi("/api/v1/open/base/captcha", { base, query: { phone } })
  const { answer } = await untilAnswer(() => callApi<{ answer: string }>("/api/dev/captcha", { base, query: { phone } }))
  await callApi("/api/v1/open/base/send_verify_sms", { base, json: { phone, captcha_code: answer } })
  const { code } = await untilAnswer(() => callApi<{ code: string }>("/api/dev/sms", { base, query: { phone } }))
  const { token } = await callApi<{ token: string }>("/api/v1/open/base/login", { base, json: { phone, code } })
  return { token, nickname: `米豆用户${phone.slice(-4)}` }
}

/** The QR's modules as the server draws them (platform/qrSvg.ts), to compare with the dialog's picture. */
const qrPath = (text: string) => qrMatrix(text).flatMap((row, y) => row.map((dark, x) => (dark ? `M${x + 4} ${y + 4}h1v1h-1z` : ""))).join("")
const svgPath = (dataUrl: string) => /<path d="([^"]*)"/.exec(Buffer.from(dataUrl.split(",")[1] ?? "", "base64").toString())?.[1]

beforeAll(async () => {
  wechat = await startWechatPayFake()
  server = await startServer({
    dataDir: join(workDir, "data"),
    webDist: join(workDir, "no-web"),
    logFile: join(artifactsDir, "server-live-pay.log"),
    env: {
      SEED_DEMO: "false",
      WECHATPAY_MCH_ID: wechat.mchId,
      WECHATPAY_APP_ID: wechat.appId,
      WECHATPAY_CERT_SERIAL: wechat.certSerial,
      WECHATPAY_PRIVATE_KEY: wechat.merchantPrivateKey,
      WECHATPAY_API_V3_KEY: wechat.apiV3Key,
      WECHATPAY_PUBLIC_KEY: wechat.platformPublicKey,
      WECHATPAY_PUBLIC_KEY_ID: wechat.publicKeyId,
      WECHATPAY_BASE_URL: wechat.server.url
    }
  })
}, 300_000)

afterAll(async () => {
  await server?.stop()
  await wechat?.close()
  rmSync(workDir, { recursive: true, force: true })
})

describe("the purchase dialog with WeChat Pay (issue 27)", () => {
  it("shows WeChat Pay's code_url as the QR and completes on WeChat Pay's notify", async () => {
    const account = await loginOn(server.baseUrl)
    const page = await openApp("/list", { width: 1280 })
    // the app's API calls go to this file's server
    await page.context().route("**/api/**", async (route) => {
      const url = new URL(route.request().url())
      await route.fulfill({ response: await route.fetch({ url: `${server.baseUrl}${url.pathname}${url.search}` }) })
    })
    await page.goto(`/list?token=${encodeURIComponent(account.token)}`)
    await page.getByRole("button", { name: account.nickname }).waitFor()

    await page.getByTestId("membership-badge").click()
    const dialog = page.getByTestId("purchase-dialog")
    await dialog.getByRole("tab", { name: "米豆套餐" }).click()
    await dialog.getByRole("radio", { name: /^600 米豆/ }).click()
    await dialog.getByRole("radio", { name: "微信支付" }).click()
    await dialog.getByRole("checkbox").check()
    await dialog.getByRole("button", { name: "立即支付" }).click()
    await page.locator("[data-testid=purchase-dialog][data-phase=paying]").waitFor()
    const tradeNo = (await page.getByTestId("trade-no").innerText()).replace("订单号", "").trim()

    const trade = wechat.trades.get(toOutTradeNo(tradeNo))
    expect(trade?.total).toBe(600)
    const src = (await page.getByTestId("pay-qr").locator("img").getAttribute("src")) ?? ""
    expect(svgPath(src)).toBe(qrPath(trade!.codeUrl))

    await wechat.pay(toOutTradeNo(tradeNo), { notifyBase: server.baseUrl })
    expect(wechat.notifies.at(-1)?.answer.status).toBe(204)
    await page.locator("[data-testid=purchase-dialog][data-phase=success]").waitFor({ timeout: 30_000 })
    expect(await callApi<{ status: string }>("/api/v1/order/check", { base: server.baseUrl, token: account.token, query: { trade_no: tradeNo } })).toMatchObject({ status: "success" })
  })
})
