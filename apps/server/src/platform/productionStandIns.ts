/**
 * Issue 27: a production start (NODE_ENV=production) refuses to run on a stand-in where a real
 * service is needed: the sandbox payment provider, the SMS development outbox (in production a sink
 * that refuses every send), the simulated WeChat scan. Each can be allowed on purpose by a setting
 * whose name says so (a closed beta without payments, say). Local disk storage is no stand-in: a
 * single host may keep its files there. docs/deploy.md "Doctor and production start".
 */
export interface StandIn {
  /** what is missing, for the operator */
  readonly service: "payments" | "sms" | "wechat_login"
  /** the variables that would configure the real service (one group of them is enough for payments) */
  readonly missing: ReadonlyArray<string>
  /** the setting that allows the stand-in anyway */
  readonly allowedBy: string
}

const set = (env: NodeJS.ProcessEnv, name: string) => (env[name] ?? "").trim() !== ""
const allowed = (env: NodeJS.ProcessEnv, name: string) => env[name] === "1" || env[name] === "true"
const unset = (env: NodeJS.ProcessEnv, names: ReadonlyArray<string>) => names.filter((name) => !set(env, name))

const ALIPAY = ["ALIPAY_APP_ID", "ALIPAY_PRIVATE_KEY", "ALIPAY_PUBLIC_KEY"]
const WECHATPAY = ["WECHATPAY_MCH_ID", "WECHATPAY_APP_ID", "WECHATPAY_CERT_SERIAL", "WECHATPAY_PRIVATE_KEY", "WECHATPAY_API_V3_KEY", "WECHATPAY_PUBLIC_KEY", "WECHATPAY_PUBLIC_KEY_ID"]
const ALIYUN_SMS = ["ALIYUN_SMS_ACCESS_KEY_ID", "ALIYUN_SMS_ACCESS_KEY_SECRET", "ALIYUN_SMS_SIGN_NAME", "ALIYUN_SMS_TEMPLATE_CODE"]
const WECHAT_MP = ["WECHAT_MP_APP_ID", "WECHAT_MP_APP_SECRET", "WECHAT_MP_TOKEN"]

/** The stand-ins this environment would run on (none outside production, none allowed on purpose). */
export const standInsOf = (env: NodeJS.ProcessEnv): ReadonlyArray<StandIn> => {
  if (env.NODE_ENV !== "production") return []
  const found: Array<StandIn> = []
  if (!set(env, "ALIPAY_APP_ID") && !set(env, "WECHATPAY_MCH_ID") && !allowed(env, "MIDO_ALLOW_SANDBOX_PAY")) {
    found.push({ service: "payments", missing: [...unset(env, ALIPAY), ...unset(env, WECHATPAY)], allowedBy: "MIDO_ALLOW_SANDBOX_PAY=1" })
  }
  if ((env.MIDO_SMS ?? "").trim() !== "aliyun" && !allowed(env, "MIDO_ALLOW_DEV_SMS")) {
    found.push({ service: "sms", missing: ["MIDO_SMS=aliyun", ...unset(env, ALIYUN_SMS)], allowedBy: "MIDO_ALLOW_DEV_SMS=1" })
  }
  if (!set(env, "WECHAT_MP_APP_ID") && !allowed(env, "MIDO_ALLOW_SIMULATED_WECHAT")) {
    found.push({ service: "wechat_login", missing: unset(env, WECHAT_MP), allowedBy: "MIDO_ALLOW_SIMULATED_WECHAT=1" })
  }
  return found
}

const WHAT: Readonly<Record<StandIn["service"], string>> = {
  payments: "payments would go to the sandbox provider: set Alipay (ALIPAY_*) or WeChat Pay (WECHATPAY_*)",
  sms: "SMS codes would go nowhere (development outbox)",
  wechat_login: "WeChat login would wait for a simulated scan"
}

/** One line per stand-in, naming the variables to set and the setting that allows it. */
export const describeStandIn = (standIn: StandIn): string =>
  `${WHAT[standIn.service]}; missing ${standIn.missing.join(", ")} (or allow it with ${standIn.allowedBy})`

/** Throws, before anything opens, when a production start would run on a stand-in. */
export const refuseStandInsInProduction = (env: NodeJS.ProcessEnv): void => {
  const found = standInsOf(env)
  if (found.length === 0) return
  throw new Error(`NODE_ENV=production refuses to start on stand-ins:\n${found.map((standIn) => `- ${describeStandIn(standIn)}`).join("\n")}`)
}
