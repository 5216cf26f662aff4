import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { type QrPurpose, wechatQrKeys } from "../../db/schema/login.js"
import { users } from "../../db/schema/users.js"
import { randomKey, sameHash, secretHash } from "./loginSecrets.js"
import { QR_POLL_WINDOW_SECONDS } from "./rateLimits.js"

/** R5: a QR key lives 2 minutes; after a new WeChat user confirms, 5 minutes to bind a phone. */
export const QR_TTL_SECONDS = 120
export const BIND_PHONE_TTL_SECONDS = 300

export type QrRow = typeof wechatQrKeys.$inferSelect

const keyHash = (secret: string, key: string) => secretHash(secret, "wechat-qr", key)
const nonceHash = (secret: string, nonce: string) => secretHash(secret, "wechat-qr-nonce", nonce)

export const recentQrFromIp = async (db: Db, ip: string, now: Date): Promise<number> => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(wechatQrKeys)
    .where(and(eq(wechatQrKeys.ip, ip), gt(wechatQrKeys.createdAt, new Date(now.getTime() - 60_000))))
  return Number(row?.count ?? 0)
}

/** R5: a 192-bit key, stored as its hash with the browser's nonce hash; bind keys carry the user. */
export const createQrKey = async (
  db: Db,
  secret: string,
  request: { readonly purpose: QrPurpose; readonly uid?: number; readonly nonce?: string; readonly ip: string },
  now: Date
): Promise<string> => {
  const key = randomKey(24)
  await db.insert(wechatQrKeys).values({
    keyHash: keyHash(secret, key),
    purpose: request.purpose,
    uid: request.uid ?? null,
    nonceHash: request.nonce === undefined ? null : nonceHash(secret, request.nonce),
    ip: request.ip,
    createdAt: now,
    expiresAt: new Date(now.getTime() + QR_TTL_SECONDS * 1000)
  })
  return key
}

/** The live key row (any state), or undefined for unknown and expired keys alike. */
export const liveQr = async (db: Db, secret: string, key: string, now: Date): Promise<QrRow | undefined> => {
  const [row] = await db
    .select()
    .from(wechatQrKeys)
    .where(and(eq(wechatQrKeys.keyHash, keyHash(secret, key)), gt(wechatQrKeys.expiresAt, now)))
    .limit(1)
  return row
}

/** The scan page was opened: waiting → scanned. */
export const markScanned = async (db: Db, secret: string, key: string, now: Date) =>
  db
    .update(wechatQrKeys)
    .set({ status: "scanned" })
    .where(and(eq(wechatQrKeys.keyHash, keyHash(secret, key)), eq(wechatQrKeys.status, "waiting"), gt(wechatQrKeys.expiresAt, now)))

export type ConfirmOutcome = "confirmed" | "bind_phone" | "failed" | "expired"

const settle = async (tx: Db, hash: string, changes: Partial<QrRow>, now: Date) => {
  const moved = await tx
    .update(wechatQrKeys)
    .set(changes)
    .where(and(eq(wechatQrKeys.keyHash, hash), inArray(wechatQrKeys.status, ["waiting", "scanned"]), gt(wechatQrKeys.expiresAt, now)))
    .returning({ status: wechatQrKeys.status })
  return moved.length === 1
}

/** The account of this WeChat identity: by openid, else by UnionID (the same person in another app). */
const wechatOwner = async (tx: Db, openid: string, unionid: string | undefined) => {
  const [byOpenid] = await tx.select({ uid: users.uid }).from(users).where(eq(users.wechatOpenid, openid)).limit(1)
  if (byOpenid !== undefined || unionid === undefined) return byOpenid
  const [byUnionid] = await tx.select({ uid: users.uid }).from(users).where(eq(users.wechatUnionid, unionid)).limit(1)
  return byUnionid
}

/**
 * The WeChat user `openid` confirmed on their phone (the scan page in development, the Official
 * Account's scan event in production, with the UnionID when WeChat reports one). Login: a known
 * identity is ready to log in, an unknown one must bind a phone. Bind: the openid is attached to the
 * key's user, unless it belongs to someone else or the user already has another WeChat (R6: never a merge).
 */
export const confirmQr = async (db: Db, secret: string, key: string, openid: string, now: Date, unionid?: string): Promise<ConfirmOutcome> =>
  db.transaction(async (tx) => {
    const row = await liveQr(tx, secret, key, now)
    if (row === undefined || (row.status !== "waiting" && row.status !== "scanned")) return "expired"
    const owner = await wechatOwner(tx, openid, unionid)
    if (row.purpose === "login") {
      const changes: Partial<QrRow> = owner !== undefined
        ? { status: "confirmed", openid, resultUid: owner.uid }
        : { status: "bind_phone", openid, unionid: unionid ?? null, expiresAt: new Date(now.getTime() + BIND_PHONE_TTL_SECONDS * 1000) }
      if (!(await settle(tx, row.keyHash, changes, now))) return "expired"
      if (owner !== undefined && unionid !== undefined) await recordUnionid(tx, owner.uid, unionid)
      return changes.status as ConfirmOutcome
    }
    const uid = row.uid ?? 0
    const [target] = await tx.select({ openid: users.wechatOpenid }).from(users).where(eq(users.uid, uid)).limit(1)
    const error = owner !== undefined && owner.uid !== uid
      ? "该微信已绑定其他账号"
      : target === undefined
        ? "账号不存在"
        : target.openid !== null && target.openid !== openid
          ? "当前账号已绑定其他微信"
          : undefined
    if (error !== undefined) return (await settle(tx, row.keyHash, { status: "failed", openid, error }, now)) ? "failed" : "expired"
    if (!(await settle(tx, row.keyHash, { status: "confirmed", openid, resultUid: uid }, now))) return "expired"
    await tx.update(users).set({ wechatOpenid: openid }).where(eq(users.uid, uid))
    if (unionid !== undefined) await recordUnionid(tx, uid, unionid)
    return "confirmed"
  })

export type PollResult =
  | { readonly status: "waiting" | "scanned" | "expired" | "bind_phone" }
  | { readonly status: "too_many" }
  | { readonly status: "confirmed"; readonly uid: number; readonly isRegister: boolean }
  | { readonly status: "failed"; readonly error: string }

/**
 * One poll of a key (R5): unknown, expired, used, another purpose or user, or a missing/wrong nonce all
 * look expired. Polls are counted per key (at most QR_POLLS_PER_WINDOW in any window). A confirmed or
 * failed key is reported once: the conditional update moves it to done, so the token is given once.
 * Run it in a transaction with the token issue.
 */
export const pollQr = async (
  tx: Db,
  secret: string,
  poll: { readonly key: string; readonly nonce?: string; readonly purpose: QrPurpose; readonly uid?: number; readonly maxPolls: number },
  now: Date
): Promise<PollResult> => {
  const row = await liveQr(tx, secret, poll.key, now)
  if (row === undefined || row.purpose !== poll.purpose || (poll.uid !== undefined && row.uid !== poll.uid)) return { status: "expired" }
  if (row.nonceHash !== null && (poll.nonce === undefined || !sameHash(row.nonceHash, nonceHash(secret, poll.nonce)))) return { status: "expired" }
  const windowStart = new Date(now.getTime() - QR_POLL_WINDOW_SECONDS * 1000)
  const stamp = sql`${now.toISOString()}::timestamptz`
  const fresh = sql`(${wechatQrKeys.pollWindowStart} is null or ${wechatQrKeys.pollWindowStart} <= ${windowStart.toISOString()}::timestamptz)`
  const [counted] = await tx
    .update(wechatQrKeys)
    .set({
      pollWindowStart: sql`case when ${fresh} then ${stamp} else ${wechatQrKeys.pollWindowStart} end`,
      pollCount: sql`case when ${fresh} then 1 else ${wechatQrKeys.pollCount} + 1 end`
    })
    .where(eq(wechatQrKeys.keyHash, row.keyHash))
    .returning({ pollCount: wechatQrKeys.pollCount })
  if ((counted?.pollCount ?? 0) > poll.maxPolls) return { status: "too_many" }
  if (row.status === "waiting" || row.status === "scanned" || row.status === "bind_phone") return { status: row.status }
  if (row.status !== "confirmed" && row.status !== "failed") return { status: "expired" }
  const [taken] = await tx
    .update(wechatQrKeys)
    .set({ status: "done" })
    .where(and(eq(wechatQrKeys.keyHash, row.keyHash), eq(wechatQrKeys.status, row.status)))
    .returning({ resultUid: wechatQrKeys.resultUid, isRegister: wechatQrKeys.isRegister, error: wechatQrKeys.error })
  if (taken === undefined) return { status: "expired" }
  if (row.status === "failed") return { status: "failed", error: taken.error ?? "绑定失败" }
  return { status: "confirmed", uid: taken.resultUid ?? 0, isRegister: taken.isRegister }
}

/** wechat_bind_phone, step 1: the WeChat identity waiting for a phone on this key (login keys only). */
export const openidAwaitingPhone = async (db: Db, secret: string, key: string, now: Date): Promise<{ readonly openid: string; readonly unionid?: string } | undefined> => {
  const row = await liveQr(db, secret, key, now)
  if (row?.purpose !== "login" || row.status !== "bind_phone" || row.openid === null) return undefined
  return { openid: row.openid, ...(row.unionid !== null ? { unionid: row.unionid } : {}) }
}

/** The account's UnionID, once: never another account's, never overwriting one it has. */
export const recordUnionid = async (tx: Db, uid: number, unionid: string) => {
  const [taken] = await tx.select({ uid: users.uid }).from(users).where(eq(users.wechatUnionid, unionid)).limit(1)
  if (taken === undefined) await tx.update(users).set({ wechatUnionid: unionid }).where(and(eq(users.uid, uid), isNull(users.wechatUnionid)))
}

/** wechat_bind_phone, in its transaction: takes the key once (bind_phone → done). */
export const takeAwaitingKey = async (tx: Db, secret: string, key: string, now: Date): Promise<boolean> => {
  const taken = await tx
    .update(wechatQrKeys)
    .set({ status: "done" })
    .where(and(eq(wechatQrKeys.keyHash, keyHash(secret, key)), eq(wechatQrKeys.status, "bind_phone"), gt(wechatQrKeys.expiresAt, now)))
    .returning({ status: wechatQrKeys.status })
  return taken.length === 1
}
