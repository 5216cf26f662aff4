import { and, desc, eq, gt, isNull, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { loginCaptchas } from "../../db/schema/login.js"
import { captchaAnswer, captchaSvg } from "./captchaImage.js"
import { randomKey, sameHash, secretHash } from "./loginSecrets.js"

/** R1: a captcha lives 5 minutes and answers one SMS send, right or wrong. */
export const CAPTCHA_TTL_SECONDS = 300
/** R37: captcha pictures one IP may ask for per minute (they cost a row each). */
export const CAPTCHA_PER_IP_PER_MINUTE = 30

/** Who the captcha is for: the phone the next SMS goes to, or the logged-in user (send_user_sms). */
export type CaptchaSubject = `phone:${string}` | `user:${number}`
export const phoneSubject = (phone: string): CaptchaSubject => `phone:${phone}`
export const userSubject = (uid: number): CaptchaSubject => `user:${uid}`

const answerHash = (secret: string, subject: CaptchaSubject, answer: string) => secretHash(secret, "captcha", subject, answer.toUpperCase())

export interface IssuedCaptcha {
  readonly captchaId: string
  readonly answer: string
  readonly image: string
  readonly expireIn: number
}

/** Captchas this IP asked for within the last minute. */
export const recentCaptchasFromIp = async (db: Db, ip: string, now: Date): Promise<number> => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(loginCaptchas)
    .where(and(eq(loginCaptchas.ip, ip), gt(loginCaptchas.createdAt, new Date(now.getTime() - 60_000))))
  return row?.count ?? 0
}

/**
 * Issues a captcha for `subject`; any earlier live one for the same subject is retired, so only the
 * picture on screen counts. Only the keyed hash of the answer is stored.
 */
export const issueCaptcha = async (db: Db, secret: string, subject: CaptchaSubject, ip: string, now: Date): Promise<IssuedCaptcha> => {
  const answer = captchaAnswer()
  const row = await db.transaction(async (tx) => {
    await tx.update(loginCaptchas).set({ usedAt: now }).where(and(eq(loginCaptchas.subject, subject), isNull(loginCaptchas.usedAt)))
    const [inserted] = await tx
      .insert(loginCaptchas)
      .values({ subject, answerHash: answerHash(secret, subject, answer), ip, createdAt: now, expiresAt: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000) })
      .returning({ id: loginCaptchas.id })
    return inserted
  })
  return { captchaId: `cap_${row?.id ?? 0}_${randomKey(3)}`, answer, image: captchaSvg(answer), expireIn: CAPTCHA_TTL_SECONDS }
}

/**
 * R1: consumes the live captcha of `subject` in one conditional update, whatever the answer, then
 * compares. True only for the right answer to an unexpired, unused captcha.
 */
export const consumeCaptcha = async (db: Db, secret: string, subject: CaptchaSubject, answer: string, now: Date): Promise<boolean> => {
  const [live] = await db
    .select({ id: loginCaptchas.id })
    .from(loginCaptchas)
    .where(and(eq(loginCaptchas.subject, subject), isNull(loginCaptchas.usedAt), gt(loginCaptchas.expiresAt, now)))
    .orderBy(desc(loginCaptchas.id))
    .limit(1)
  if (live === undefined) return false
  const [taken] = await db
    .update(loginCaptchas)
    .set({ usedAt: now })
    .where(and(eq(loginCaptchas.id, live.id), isNull(loginCaptchas.usedAt)))
    .returning({ answerHash: loginCaptchas.answerHash })
  return taken !== undefined && sameHash(taken.answerHash, answerHash(secret, subject, answer))
}
