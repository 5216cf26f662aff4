import { describe, expect, it } from "vitest"
import { fenToYuanText, yuanTextToFen } from "../adapters/payment/payAmounts.js"
import { ALIPAY_PRODUCTION_GATEWAY, readPaymentConfig, WECHATPAY_PRODUCTION_BASE_URL } from "./paymentConfig.js"

describe("the payment settings (issue 27)", () => {
  it("no variables: no live provider", () => {
    expect(readPaymentConfig({})).toEqual({})
  })

  it("a provider half configured refuses to start and names what is missing", () => {
    expect(() => readPaymentConfig({ ALIPAY_APP_ID: "2021" })).toThrow("ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY must be set too")
    expect(() => readPaymentConfig({ WECHATPAY_MCH_ID: "1900000109", WECHATPAY_API_V3_KEY: "short" })).toThrow(/WECHATPAY_APP_ID, WECHATPAY_CERT_SERIAL/)
  })

  it("defaults to the production gateways; one-line PEMs get their line breaks back", () => {
    const config = readPaymentConfig({
      ALIPAY_APP_ID: "2021", ALIPAY_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\\nAAA\\n-----END PRIVATE KEY-----", ALIPAY_PUBLIC_KEY: "pub",
      WECHATPAY_MCH_ID: "1", WECHATPAY_APP_ID: "wx", WECHATPAY_CERT_SERIAL: "S", WECHATPAY_PRIVATE_KEY: "k", WECHATPAY_API_V3_KEY: "0123456789abcdef0123456789abcdef",
      WECHATPAY_PUBLIC_KEY: "p", WECHATPAY_PUBLIC_KEY_ID: "PUB_KEY_ID_1"
    })
    expect(config.alipay?.gateway).toBe(ALIPAY_PRODUCTION_GATEWAY)
    expect(config.alipay?.privateKey).toBe("-----BEGIN PRIVATE KEY-----\nAAA\n-----END PRIVATE KEY-----")
    expect(config.wechat?.baseUrl).toBe(WECHATPAY_PRODUCTION_BASE_URL)
  })

  it("an APIv3 key that is not 32 characters is refused", () => {
    expect(() => readPaymentConfig({
      WECHATPAY_MCH_ID: "1", WECHATPAY_APP_ID: "wx", WECHATPAY_CERT_SERIAL: "S", WECHATPAY_PRIVATE_KEY: "k", WECHATPAY_API_V3_KEY: "short",
      WECHATPAY_PUBLIC_KEY: "p", WECHATPAY_PUBLIC_KEY_ID: "PUB_KEY_ID_1"
    })).toThrow("WECHATPAY_API_V3_KEY must be the 32-character APIv3 key")
  })

  it("Alipay's yuan strings and Mido's fen", () => {
    expect(fenToYuanText(2691)).toBe("26.91")
    expect(fenToYuanText(5)).toBe("0.05")
    expect(yuanTextToFen("26.9")).toBe(2690)
    expect(yuanTextToFen("30")).toBe(3000)
    expect(yuanTextToFen("-1")).toBeUndefined()
    expect(yuanTextToFen("1.001")).toBeUndefined()
  })
})
