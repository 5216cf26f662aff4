/** Aliyun 内容安全 (Green 2022-03-02) as the operator configured it; docs/deploy.md "Going live". */
export interface AliyunGreenSettings {
  readonly accessKeyId: string
  readonly accessKeySecret: string
  /** cn-shanghai, cn-beijing, cn-hangzhou, cn-shenzhen (the regions Aliyun lists for TextModeration) */
  readonly region: string
  /** host[:port] of the API */
  readonly endpoint: string
  /** https, or http for a loopback fake only */
  readonly protocol: "https" | "http"
}

/** Who gives moderation's second opinion (MIDO_MODERATION): none beyond the word list, or Aliyun. */
export type ModerationSettings = { readonly kind: "builtin" } | ({ readonly kind: "aliyun" } & AliyunGreenSettings)

export const ALIYUN_GREEN_DEFAULT_REGION = "cn-shanghai"

const REQUIRED = ["ALIYUN_GREEN_ACCESS_KEY_ID", "ALIYUN_GREEN_ACCESS_KEY_SECRET"] as const

/** ALIYUN_GREEN_ENDPOINT: a host (https) or an http(s) URL; unset: the region's public endpoint green-cip.<region>.aliyuncs.com. */
const endpointOf = (given: string | undefined, region: string): { readonly endpoint: string; readonly protocol: "https" | "http" } => {
  const value = (given ?? "").trim() === "" ? `green-cip.${region}.aliyuncs.com` : (given ?? "").trim()
  if (!value.includes("://")) return { endpoint: value.replace(/\/+$/, ""), protocol: "https" }
  const url = new URL(value)
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`ALIYUN_GREEN_ENDPOINT must be a host or an http(s) URL, got ${value}`)
  return { endpoint: url.host, protocol: url.protocol === "http:" ? "http" : "https" }
}

/**
 * Reads MIDO_MODERATION and the ALIYUN_GREEN_* variables. MIDO_MODERATION=aliyun with a key missing
 * stops the start naming it; any other value than builtin or aliyun is refused too.
 */
export const readModerationSettings = (env: NodeJS.ProcessEnv): ModerationSettings => {
  const kind = (env.MIDO_MODERATION ?? "").trim()
  if (kind === "" || kind === "builtin") return { kind: "builtin" }
  if (kind !== "aliyun") throw new Error(`MIDO_MODERATION must be builtin or aliyun, got ${kind}`)
  const missing = REQUIRED.filter((name) => (env[name] ?? "").trim() === "")
  if (missing.length > 0) throw new Error(`MIDO_MODERATION=aliyun needs ${missing.join(", ")}`)
  const region = (env.ALIYUN_GREEN_REGION ?? "").trim() || ALIYUN_GREEN_DEFAULT_REGION
  return {
    kind: "aliyun",
    accessKeyId: (env.ALIYUN_GREEN_ACCESS_KEY_ID ?? "").trim(),
    accessKeySecret: (env.ALIYUN_GREEN_ACCESS_KEY_SECRET ?? "").trim(),
    region,
    ...endpointOf(env.ALIYUN_GREEN_ENDPOINT, region)
  }
}
