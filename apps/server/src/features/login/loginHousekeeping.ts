import { lt, or, isNotNull } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { loginCaptchas, phoneChangeTickets, smsCodes, smsSendLog, wechatQrKeys } from "../../db/schema/login.js"
import { wechatMpEvents } from "../../db/schema/wechatMp.js"

/** Rows older than this are no longer read by any check (the longest window is the SMS day limit). */
export const LOGIN_STATE_RETENTION_MS = 2 * 86_400_000

/**
 * Deletes login state no check reads any more: captchas, codes, QR keys and tickets past their expiry
 * (or used) and SMS log rows older than the retention. Safe to run from any process at any time; meant
 * for the periodic jobs runner.
 */
export const purgeLoginState = async (db: Db, now: Date): Promise<void> => {
  const cutoff = new Date(now.getTime() - LOGIN_STATE_RETENTION_MS)
  await db.delete(loginCaptchas).where(or(lt(loginCaptchas.expiresAt, now), isNotNull(loginCaptchas.usedAt)))
  await db.delete(smsCodes).where(lt(smsCodes.createdAt, cutoff))
  await db.delete(smsSendLog).where(lt(smsSendLog.sentAt, cutoff))
  await db.delete(wechatQrKeys).where(lt(wechatQrKeys.expiresAt, now))
  // a replay older than this finds its QR key long expired (120 s), so it still changes nothing
  await db.delete(wechatMpEvents).where(lt(wechatMpEvents.receivedAt, cutoff))
  await db.delete(phoneChangeTickets).where(lt(phoneChangeTickets.expiresAt, now))
}
