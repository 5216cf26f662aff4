import { sql, type SQL } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { smsSendLog, type SmsPurpose } from "../../db/schema/login.js"

/**
 * The login limits in one place (R2, R37; docs/security-decisions.md reads these). All state lives in
 * the database, so several server processes share it.
 */
export interface WindowLimit {
  readonly windowSeconds: number
  readonly max: number
  readonly message: string
}

/** R2: Aliyun's default for verification SMS, per phone: 1 a minute, 5 an hour, 10 a day. */
export const SMS_PHONE_LIMITS: ReadonlyArray<WindowLimit> = [
  { windowSeconds: 60, max: 1, message: "验证码发送太频繁，请稍后再试" },
  { windowSeconds: 3600, max: 5, message: "该手机号发送验证码次数过多，请1小时后再试" },
  { windowSeconds: 86_400, max: 10, message: "该手机号今日验证码发送次数已达上限，请明天再试" }
]
/** R2: per client IP, 20 SMS an hour. */
export const SMS_IP_LIMIT: WindowLimit = { windowSeconds: 3600, max: 20, message: "请求太频繁，请稍后再试" }
/** R2: a warning goes to the log when all SMS of the last 24 hours pass this budget. */
export const SMS_DAILY_BUDGET = 5000
/** The countdown the client shows after a send: the per-minute limit. */
export const SMS_RESEND_SECONDS = 60

/** R37: WeChat QR creation per IP, and polling per key (burst of 10 in any 10 s, i.e. 1 per second). */
export const QR_CREATE_PER_IP_PER_MINUTE = 10
export const QR_POLLS_PER_WINDOW = 10
export const QR_POLL_WINDOW_SECONDS = 10

export type SmsVerdict =
  | { readonly allowed: true; readonly dailyTotal: number }
  | { readonly allowed: false; readonly retryAfter: number; readonly message: string; readonly scope: "phone" | "ip" }

const ts = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`

interface WindowCount {
  readonly count: number
  readonly oldestMs: number | null
}

const countWindow = async (tx: Db, column: SQL, value: string, limit: WindowLimit, now: Date): Promise<WindowCount> => {
  const since = new Date(now.getTime() - limit.windowSeconds * 1000)
  const result = (await tx.execute(sql`
    select count(*)::int as count, (extract(epoch from min(${smsSendLog.sentAt})) * 1000)::float8 as oldest_ms
    from ${smsSendLog} where ${column} = ${value} and ${smsSendLog.sentAt} > ${ts(since)}`)) as unknown as {
    rows: Array<{ count: number; oldest_ms: number | null }>
  }
  const row = result.rows[0]
  return { count: Number(row?.count ?? 0), oldestMs: row?.oldest_ms === null || row?.oldest_ms === undefined ? null : Number(row.oldest_ms) }
}

const retryAfter = (window: WindowCount, limit: WindowLimit, now: Date) =>
  Math.max(1, Math.ceil(((window.oldestMs ?? now.getTime()) + limit.windowSeconds * 1000 - now.getTime()) / 1000))

/**
 * R2: reserves one SMS send inside the caller's transaction. Sends for the same phone and the same IP
 * are serialised by transaction-scoped advisory locks (phone first, then IP, so no deadlock), the log
 * is counted for every window, and the send is recorded only when every limit allows it. Any error
 * here propagates: the caller refuses the send (fail closed).
 */
export const reserveSmsSend = async (
  tx: Db,
  send: { readonly phone: string; readonly ip: string; readonly purpose: SmsPurpose },
  now: Date
): Promise<SmsVerdict> => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-phone:${send.phone}`}))`)
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-ip:${send.ip}`}))`)
  for (const limit of SMS_PHONE_LIMITS) {
    const window = await countWindow(tx, sql`${smsSendLog.phone}`, send.phone, limit, now)
    if (window.count >= limit.max) return { allowed: false, retryAfter: retryAfter(window, limit, now), message: limit.message, scope: "phone" }
  }
  const ipWindow = await countWindow(tx, sql`${smsSendLog.ip}`, send.ip, SMS_IP_LIMIT, now)
  if (ipWindow.count >= SMS_IP_LIMIT.max) {
    return { allowed: false, retryAfter: retryAfter(ipWindow, SMS_IP_LIMIT, now), message: SMS_IP_LIMIT.message, scope: "ip" }
  }
  await tx.insert(smsSendLog).values({ phone: send.phone, ip: send.ip, purpose: send.purpose, sentAt: now })
  const total = (await tx.execute(sql`
    select count(*)::int as count from ${smsSendLog} where ${smsSendLog.sentAt} > ${ts(new Date(now.getTime() - 86_400_000))}`)) as unknown as {
    rows: Array<{ count: number }>
  }
  return { allowed: true, dailyTotal: Number(total.rows[0]?.count ?? 0) }
}
