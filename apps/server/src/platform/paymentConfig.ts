/**
 * The live payment providers' settings (issue 27, docs/deploy.md "Going live → Payments"). A provider
 * is configured when any of its variables is set; then all its required ones must be, and the start
 * names the missing ones. PEM values may come with literal "\n" (one-line environment files).
 */
export const ALIPAY_PRODUCTION_GATEWAY = "https://openapi.alipay.com/gateway.do"
export const WECHATPAY_PRODUCTION_BASE_URL = "https://api.mch.weixin.qq.com"

export interface AlipaySettings {
  readonly appId: string
  /** the app's private key (PEM, PKCS#1 or PKCS#8) */
  readonly privateKey: string
  /** Alipay's public key (PEM): verifies answers and notifies */
  readonly alipayPublicKey: string
  readonly gateway: string
}

export interface WechatPaySettings {
  readonly mchId: string
  readonly appId: string
  /** the serial number of the merchant API certificate whose private key signs requests */
  readonly certSerial: string
  readonly privateKey: string
  /** 32 characters: decrypts the notify's resource (AEAD_AES_256_GCM) */
  readonly apiV3Key: string
  /** 微信支付公钥 (PEM) and its id (PUB_KEY_ID_…): verifies answers and notifies */
  readonly publicKey: string
  readonly publicKeyId: string
  readonly baseUrl: string
}

export interface PaymentConfig {
  readonly alipay?: AlipaySettings
  readonly wechat?: WechatPaySettings
}

const pem = (value: string) => value.replace(/\\n/g, "\n").trim()

const pick = (env: NodeJS.ProcessEnv, names: ReadonlyArray<string>): Record<string, string> | undefined => {
  const given = names.filter((name) => (env[name] ?? "") !== "")
  if (given.length === 0) return undefined
  const missing = names.filter((name) => !given.includes(name))
  if (missing.length > 0) throw new Error(`payment settings incomplete: ${missing.join(", ")} must be set too (docs/deploy.md "Payments")`)
  return Object.fromEntries(names.map((name) => [name, env[name]!.trim()]))
}

const url = (name: string, value: string): string => {
  try {
    return new URL(value).href.replace(/\/$/, "")
  } catch {
    throw new Error(`${name} must be a URL, got ${value}`)
  }
}

export const readPaymentConfig = (env: NodeJS.ProcessEnv): PaymentConfig => {
  const alipay = pick(env, ["ALIPAY_APP_ID", "ALIPAY_PRIVATE_KEY", "ALIPAY_PUBLIC_KEY"])
  const wechat = pick(env, ["WECHATPAY_MCH_ID", "WECHATPAY_APP_ID", "WECHATPAY_CERT_SERIAL", "WECHATPAY_PRIVATE_KEY", "WECHATPAY_API_V3_KEY", "WECHATPAY_PUBLIC_KEY", "WECHATPAY_PUBLIC_KEY_ID"])
  if (wechat !== undefined && Buffer.byteLength(wechat.WECHATPAY_API_V3_KEY!) !== 32) throw new Error("WECHATPAY_API_V3_KEY must be the 32-character APIv3 key")
  return {
    ...(alipay === undefined ? {} : {
      alipay: {
        appId: alipay.ALIPAY_APP_ID!,
        privateKey: pem(alipay.ALIPAY_PRIVATE_KEY!),
        alipayPublicKey: pem(alipay.ALIPAY_PUBLIC_KEY!),
        gateway: url("ALIPAY_GATEWAY", env.ALIPAY_GATEWAY || ALIPAY_PRODUCTION_GATEWAY)
      }
    }),
    ...(wechat === undefined ? {} : {
      wechat: {
        mchId: wechat.WECHATPAY_MCH_ID!,
        appId: wechat.WECHATPAY_APP_ID!,
        certSerial: wechat.WECHATPAY_CERT_SERIAL!,
        privateKey: pem(wechat.WECHATPAY_PRIVATE_KEY!),
        apiV3Key: wechat.WECHATPAY_API_V3_KEY!,
        publicKey: pem(wechat.WECHATPAY_PUBLIC_KEY!),
        publicKeyId: wechat.WECHATPAY_PUBLIC_KEY_ID!,
        baseUrl: url("WECHATPAY_BASE_URL", env.WECHATPAY_BASE_URL || WECHATPAY_PRODUCTION_BASE_URL)
      }
    })
  }
}
