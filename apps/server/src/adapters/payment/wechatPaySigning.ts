import { createDecipheriv, createSign, createVerify, randomBytes } from "node:crypto"

/**
 * WeChat Pay API v3's signatures, with node:crypto (no official Node SDK; ADR 0016). Strings as in
 * wechatpay-apiv3/wechatpay-go core/auth/signer (SHA256WithRSASigner) and core/auth/validators
 * (WechatPayResponseValidator), and the docs pay.weixin.qq.com/wiki/doc/apiv3/wechatpay/wechatpay4_0
 * (签名生成), wechatpay4_1 (签名验证), wechatpay4_2 (回调报文解密).
 */
export const AUTH_SCHEMA = "WECHATPAY2-SHA256-RSA2048"
/** wechatpay-go validators: an answer or notify whose timestamp is more than 5 minutes off is refused (replay). */
export const SIGNATURE_MAX_SKEW_S = 300

/** 签名串: method, the URL's path and query, timestamp, nonce, body — each followed by "\n". */
export const requestMessage = (method: string, pathAndQuery: string, timestamp: string, nonce: string, body: string) =>
  `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`

/** 验签串 of an answer or a notify: timestamp, nonce, body — each followed by "\n". */
export const answerMessage = (timestamp: string, nonce: string, body: string) => `${timestamp}\n${nonce}\n${body}\n`

export const rsaSign = (privateKey: string, message: string): string => createSign("RSA-SHA256").update(message, "utf8").sign(privateKey, "base64")

export const rsaVerify = (publicKey: string, message: string, signature: string): boolean => {
  try {
    return createVerify("RSA-SHA256").update(message, "utf8").verify(publicKey, signature, "base64")
  } catch {
    return false
  }
}

export interface SignedRequest {
  readonly authorization: string
}

/** The Authorization header of one request (the merchant's private key, its certificate serial). */
export const authorization = (
  merchant: { readonly mchId: string; readonly certSerial: string; readonly privateKey: string },
  method: string,
  pathAndQuery: string,
  body: string,
  now: Date
): string => {
  const timestamp = String(Math.floor(now.getTime() / 1000))
  const nonce = randomBytes(16).toString("hex")
  const signature = rsaSign(merchant.privateKey, requestMessage(method, pathAndQuery, timestamp, nonce, body))
  return `${AUTH_SCHEMA} mchid="${merchant.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${merchant.certSerial}"`
}

export type SignatureCheck = "ok" | "missing" | "wrong_serial" | "stale" | "bad_signature"

/**
 * Checks the Wechatpay-* headers of an answer or a notify against the 微信支付公钥: the serial must be
 * the configured public key id (public-key mode), the timestamp within 5 minutes, the signature valid.
 */
export const checkWechatpaySignature = (
  header: (name: string) => string | undefined,
  body: string,
  key: { readonly publicKey: string; readonly publicKeyId: string },
  now: Date
): SignatureCheck => {
  const timestamp = header("wechatpay-timestamp")
  const nonce = header("wechatpay-nonce")
  const signature = header("wechatpay-signature")
  const serial = header("wechatpay-serial")
  if (timestamp === undefined || nonce === undefined || signature === undefined || serial === undefined) return "missing"
  if (serial !== key.publicKeyId) return "wrong_serial"
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now.getTime() / 1000 - Number(timestamp)) > SIGNATURE_MAX_SKEW_S) return "stale"
  return rsaVerify(key.publicKey, answerMessage(timestamp, nonce, body), signature) ? "ok" : "bad_signature"
}

export interface EncryptedResource {
  readonly algorithm?: string
  readonly ciphertext?: string
  readonly associated_data?: string
  readonly nonce?: string
}

/** AEAD_AES_256_GCM with the APIv3 key: the ciphertext is base64 of the encrypted bytes followed by the 16-byte tag. */
export const decryptResource = (apiV3Key: string, resource: EncryptedResource): string | undefined => {
  if (resource.algorithm !== "AEAD_AES_256_GCM" || resource.ciphertext === undefined || resource.nonce === undefined) return undefined
  try {
    const bytes = Buffer.from(resource.ciphertext, "base64")
    if (bytes.length <= 16) return undefined
    const decipher = createDecipheriv("aes-256-gcm", Buffer.from(apiV3Key, "utf8"), Buffer.from(resource.nonce, "utf8"))
    decipher.setAAD(Buffer.from(resource.associated_data ?? "", "utf8"))
    decipher.setAuthTag(bytes.subarray(bytes.length - 16))
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString("utf8")
  } catch {
    return undefined
  }
}

/**
 * Mido's trade numbers are 36 characters (MD + 14 digits of China time + 20 hex digits) and WeChat
 * Pay's out_trade_no at most 32: the 14 digits are written as 12 hex digits (10^14 < 16^12), so
 * MD20260115103000<20 hex> ↔ <12 hex><20 hex>, 32 lowercase hex characters, reversible. Any other
 * trade number of ≤ 32 characters passes unchanged (it never is 32 lowercase hex characters).
 */
export const toOutTradeNo = (tradeNo: string): string => {
  const match = /^MD(\d{14})([0-9a-f]{20})$/.exec(tradeNo)
  if (match === null) {
    if (tradeNo.length > 32) throw new Error(`trade number ${tradeNo} cannot be a WeChat Pay out_trade_no`)
    return tradeNo
  }
  return `${Number(match[1]).toString(16).padStart(12, "0")}${match[2]}`
}

export const fromOutTradeNo = (outTradeNo: string): string => {
  const match = /^([0-9a-f]{12})([0-9a-f]{20})$/.exec(outTradeNo)
  if (match === null) return outTradeNo
  return `MD${String(parseInt(match[1]!, 16)).padStart(14, "0")}${match[2]}`
}
