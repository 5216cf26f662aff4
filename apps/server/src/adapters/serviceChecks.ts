import { aliyunSmsServiceCheck } from "./sms/aliyunSmsSink.js"
import { paymentServiceChecks } from "./payment/livePayments.js"
import { s3ServiceCheck } from "./storage/s3Client.js"
import { wechatMpServiceCheck } from "./wechat/wechatMpClient.js"
import { aliyunGreenServiceCheck } from "./moderation/aliyunGreenModeration.js"
import { readWechatMpSettings } from "../platform/wechatMpConfig.js"
import type { ServerConfig } from "../platform/config.js"
import { databaseServiceCheck, localStorageServiceCheck } from "../platform/localServiceChecks.js"
import { describeStandIn, standInsOf } from "../platform/productionStandIns.js"
import type { ServiceCheck } from "../platform/serviceCheck.js"

const smsCheck = (config: ServerConfig): ServiceCheck => {
  const sms = config.sms ?? { kind: "outbox" }
  if (sms.kind === "aliyun") return aliyunSmsServiceCheck(sms)
  return {
    name: "sms",
    check: async () => ({ ok: !config.production, detail: config.production ? "no SMS provider (MIDO_SMS unset): SMS login fails" : "development outbox: nothing is sent (GET /api/dev/sms reads it)" })
  }
}

/** Moderation (ADR 0024): Aliyun 内容安全 answers a TextModeration, or the built-in word list alone is said plainly. */
const moderationCheck = (config: ServerConfig): ServiceCheck => {
  if (config.moderation?.kind === "aliyun") return aliyunGreenServiceCheck(config.moderation)
  return { name: "moderation", check: async () => ({ ok: true, detail: "built-in word list only (MIDO_MODERATION unset): images are published unchecked" }) }
}

/** Whether a production start would refuse a stand-in (platform/productionStandIns.ts). */
const standInCheck = (env: NodeJS.ProcessEnv): ServiceCheck => ({
  name: "production",
  check: async () => {
    const found = standInsOf(env)
    if (env.NODE_ENV !== "production") return { ok: true, detail: "NODE_ENV is not production: stand-ins are allowed" }
    return found.length === 0 ? { ok: true, detail: "no stand-in in use (or each allowed on purpose)" } : { ok: false, detail: found.map(describeStandIn).join("; ") }
  }
})

const wechatMpChecks = (env: NodeJS.ProcessEnv): ReadonlyArray<ServiceCheck> => {
  const settings = readWechatMpSettings(env)
  return settings === undefined ? [] : [wechatMpServiceCheck(settings)]
}

/**
 * Every outside service this configuration uses, each with a harmless call, for the doctor command
 * (src/doctor.ts). A real adapter adds its check here (payments: a query of a trade that does not
 * exist; object storage: a bucket head; WeChat: an access_token fetch), chosen by the same settings
 * the composition root reads.
 */
export const serviceChecksOf = (config: ServerConfig, env: NodeJS.ProcessEnv = process.env): ReadonlyArray<ServiceCheck> => [
  standInCheck(env),
  databaseServiceCheck(config),
  config.s3 === undefined ? localStorageServiceCheck(config) : s3ServiceCheck(config.s3),
  smsCheck(config),
  moderationCheck(config),
  ...paymentServiceChecks(config),
  ...wechatMpChecks(env)
]
