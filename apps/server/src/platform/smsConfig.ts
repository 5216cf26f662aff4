/** The public Dysms endpoint (Aliyun's SDK endpoint map for dysmsapi: one central endpoint). */
export const ALIYUN_SMS_DEFAULT_ENDPOINT = "dysmsapi.aliyuncs.com"

/** Aliyun SMS (Dysms SendSms) as the operator configured it; docs/deploy.md "SMS and captcha". */
export interface AliyunSmsSettings {
  readonly accessKeyId: string
  readonly accessKeySecret: string
  /** 短信签名, approved in the Aliyun console */
  readonly signName: string
  /** the verification-code template; its one variable is ${code} */
  readonly templateCode: string
  /** the phone-change notice template (R6), variable ${phone}; without it the notice is skipped with a log */
  readonly noticeTemplateCode?: string
  /** host[:port] of the API */
  readonly endpoint: string
  /** https, or http for a loopback fake only (ALIYUN_SMS_ENDPOINT=http://127.0.0.1:…) */
  readonly protocol: "https" | "http"
}

/** Where SMS go: the development outbox (default outside production) or Aliyun SMS (MIDO_SMS=aliyun). */
export type SmsSettings = { readonly kind: "outbox" } | ({ readonly kind: "aliyun" } & AliyunSmsSettings)

const REQUIRED = ["ALIYUN_SMS_ACCESS_KEY_ID", "ALIYUN_SMS_ACCESS_KEY_SECRET", "ALIYUN_SMS_SIGN_NAME", "ALIYUN_SMS_TEMPLATE_CODE"] as const

/** ALIYUN_SMS_ENDPOINT: a host (https), or a URL whose scheme says http or https. */
const endpointOf = (given: string | undefined): { readonly endpoint: string; readonly protocol: "https" | "http" } => {
  const value = given === undefined || given.trim() === "" ? ALIYUN_SMS_DEFAULT_ENDPOINT : given.trim()
  if (!value.includes("://")) return { endpoint: value.replace(/\/+$/, ""), protocol: "https" }
  const url = new URL(value)
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`ALIYUN_SMS_ENDPOINT must be a host or an http(s) URL, got ${value}`)
  return { endpoint: url.host, protocol: url.protocol === "http:" ? "http" : "https" }
}

/**
 * Reads MIDO_SMS and the ALIYUN_SMS_* variables. MIDO_SMS=aliyun with a variable missing stops the
 * start with every missing name; any other MIDO_SMS value than aliyun or outbox is refused too.
 */
export const readSmsSettings = (env: NodeJS.ProcessEnv): SmsSettings => {
  const kind = (env.MIDO_SMS ?? "").trim()
  if (kind === "" || kind === "outbox") return { kind: "outbox" }
  if (kind !== "aliyun") throw new Error(`MIDO_SMS must be aliyun (or unset for the development outbox), got ${kind}`)
  const missing = REQUIRED.filter((name) => (env[name] ?? "").trim() === "")
  if (missing.length > 0) throw new Error(`MIDO_SMS=aliyun needs ${missing.join(", ")}`)
  const notice = (env.ALIYUN_SMS_NOTICE_TEMPLATE_CODE ?? "").trim()
  return {
    kind: "aliyun",
    accessKeyId: (env.ALIYUN_SMS_ACCESS_KEY_ID ?? "").trim(),
    accessKeySecret: (env.ALIYUN_SMS_ACCESS_KEY_SECRET ?? "").trim(),
    signName: (env.ALIYUN_SMS_SIGN_NAME ?? "").trim(),
    templateCode: (env.ALIYUN_SMS_TEMPLATE_CODE ?? "").trim(),
    ...(notice === "" ? {} : { noticeTemplateCode: notice }),
    ...endpointOf(env.ALIYUN_SMS_ENDPOINT)
  }
}
