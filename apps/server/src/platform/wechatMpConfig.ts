/**
 * The WeChat Official Account (公众号) that shows the login QR (issue 27, docs/deploy.md "WeChat login").
 * All of WECHAT_MP_APP_ID, WECHAT_MP_APP_SECRET and WECHAT_MP_TOKEN, or none: a half-configured
 * account would hand out QR codes whose scans never arrive, so the start stops and names what is missing.
 */
export interface WechatMpSettings {
  readonly appId: string
  readonly appSecret: string
  /** The 令牌 (Token) entered in the MP console's server configuration: signs every callback. */
  readonly token: string
  /** https://api.weixin.qq.com unless WECHAT_MP_API_BASE names another (a test's fake, a proxy). */
  readonly apiBase: string
}

export const WECHAT_MP_DEFAULT_API_BASE = "https://api.weixin.qq.com"

const NAMES = ["WECHAT_MP_APP_ID", "WECHAT_MP_APP_SECRET", "WECHAT_MP_TOKEN"] as const

export const readWechatMpSettings = (env: NodeJS.ProcessEnv): WechatMpSettings | undefined => {
  const given = NAMES.filter((name) => (env[name] ?? "") !== "")
  if (given.length === 0) return undefined
  const missing = NAMES.filter((name) => !given.includes(name))
  if (missing.length > 0) throw new Error(`WeChat login: ${missing.join(", ")} must be set too (or none of ${NAMES.join(", ")})`)
  const token = env.WECHAT_MP_TOKEN ?? ""
  // the MP console accepts 3 to 32 letters and digits as the Token
  if (!/^[A-Za-z0-9]{3,32}$/.test(token)) throw new Error("WECHAT_MP_TOKEN must be 3 to 32 letters or digits, as the MP console requires")
  const apiBase = (env.WECHAT_MP_API_BASE || WECHAT_MP_DEFAULT_API_BASE).replace(/\/$/, "")
  if (!/^https?:\/\//.test(apiBase)) throw new Error(`WECHAT_MP_API_BASE must be an http(s) address, got ${apiBase}`)
  return { appId: env.WECHAT_MP_APP_ID ?? "", appSecret: env.WECHAT_MP_APP_SECRET ?? "", token, apiBase }
}
