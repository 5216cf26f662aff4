import { generateKeyPairSync } from "node:crypto"
import { describe, expect, it } from "vitest"
import { answerMessage, checkWechatpaySignature, rsaSign } from "./wechatPaySigning.js"

/** The checks of an answer's or notify's Wechatpay-* headers (R25): key, serial and a recent timestamp. */
const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048, publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: "pkcs8", format: "pem" } })
const key = { publicKey, publicKeyId: "PUB_KEY_ID_1" }
const now = new Date("2026-11-27T12:00:00Z")

const headers = (timestamp: number, serial = "PUB_KEY_ID_1", body = "{}") => {
  const values: Record<string, string> = {
    "wechatpay-timestamp": String(timestamp), "wechatpay-nonce": "abc", "wechatpay-serial": serial,
    "wechatpay-signature": rsaSign(privateKey, answerMessage(String(timestamp), "abc", body))
  }
  return (name: string) => values[name]
}

describe("Wechatpay-Signature checks", () => {
  const seconds = now.getTime() / 1000
  it("a fresh signature under the configured public key id verifies", () => {
    expect(checkWechatpaySignature(headers(seconds), "{}", key, now)).toBe("ok")
  })
  it("a replayed notify (timestamp over 5 minutes old) is refused", () => {
    expect(checkWechatpaySignature(headers(seconds - 301), "{}", key, now)).toBe("stale")
  })
  it("another serial, a changed body or no headers are refused", () => {
    expect(checkWechatpaySignature(headers(seconds, "PUB_KEY_ID_2"), "{}", key, now)).toBe("wrong_serial")
    expect(checkWechatpaySignature(headers(seconds), '{"amount":1}', key, now)).toBe("bad_signature")
    expect(checkWechatpaySignature(() => undefined, "{}", key, now)).toBe("missing")
  })
})
