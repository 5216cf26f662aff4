import { Api } from "@mido/core/contract"
import { and, eq, gt, isNull, ne } from "drizzle-orm"
import type { Hono } from "hono"
import type { Db } from "../../db/database.js"
import { phoneChangeTickets } from "../../db/schema/login.js"
import { users } from "../../db/schema/users.js"
import { randomKey, secretHash } from "./loginSecrets.js"
import { consumeSmsCode } from "./smsCodes.js"
import { maskPhone } from "../../platform/maskPhone.js"
import { implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { badInput, conflict } from "../../platform/failure.js"
import { bearerToken, revokeUserSessions } from "../../platform/tokens.js"
import { CODE_EXPIRED, type SmsService } from "./loginSms.js"

/** R6: the proof that the old phone was verified lasts 10 minutes and serves one change. */
export const CHANGE_TICKET_TTL_SECONDS = 600
const TICKET_GONE = "原手机号验证已失效，请重新验证"
const PHONE_TAKEN = "该手机号已绑定其他账号"

const ticketHash = (secret: string, ticket: string) => secretHash(secret, "phone-change", ticket)

const currentPhone = async (db: Db, uid: number): Promise<string> => {
  const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.uid, uid)).limit(1)
  if (row?.phone === null || row?.phone === undefined) throw badInput("当前账号未绑定手机号")
  return row.phone
}

const uniqueViolation = (error: unknown): boolean => {
  for (let cause: unknown = error, depth = 0; cause instanceof Object && depth < 4; depth++) {
    if ((cause as { code?: unknown }).code === "23505") return true
    cause = (cause as { cause?: unknown }).cause
  }
  return false
}

/**
 * user/change_phone/auth and user/change_phone (R6): the old phone's code (send_user_sms) gives a
 * single-use ticket; the ticket plus the new phone's code (send_bind_sms) moves the account to the new
 * phone and ends the account's other sessions (R7). A phone of another account is refused, never
 * merged; the old phone gets a notice.
 */
export const registerChangePhone = (app: Hono, deps: ServerDeps, sms: SmsService) => {
  const { db, config } = deps

  implementAuthed(app, deps, Api.user.changePhoneAuth, async (input, { uid, hono }) => {
    const phone = await currentPhone(db, uid)
    const codeId = await sms.verify(hono, { phone, purpose: "user", code: input.code })
    const now = deps.now()
    const ticket = randomKey(24)
    await db.transaction(async (tx) => {
      if (!(await consumeSmsCode(tx, codeId, now))) throw badInput(CODE_EXPIRED)
      await tx.update(phoneChangeTickets).set({ usedAt: now }).where(and(eq(phoneChangeTickets.uid, uid), isNull(phoneChangeTickets.usedAt)))
      await tx.insert(phoneChangeTickets).values({
        ticketHash: ticketHash(config.secret, ticket),
        uid,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHANGE_TICKET_TTL_SECONDS * 1000)
      })
    })
    return { ticket, expire_in: CHANGE_TICKET_TTL_SECONDS }
  })

  implementAuthed(app, deps, Api.user.changePhone, async (input, { uid, hono }) => {
    const now = deps.now()
    const live = and(
      eq(phoneChangeTickets.ticketHash, ticketHash(config.secret, input.ticket)),
      eq(phoneChangeTickets.uid, uid),
      isNull(phoneChangeTickets.usedAt),
      gt(phoneChangeTickets.expiresAt, now)
    )
    const [ticket] = await db.select({ uid: phoneChangeTickets.uid }).from(phoneChangeTickets).where(live).limit(1)
    if (ticket === undefined) throw badInput(TICKET_GONE)
    const oldPhone = await currentPhone(db, uid)
    if (oldPhone === input.phone) throw badInput("新手机号不能与当前手机号相同")
    const [owner] = await db.select({ uid: users.uid }).from(users).where(and(eq(users.phone, input.phone), ne(users.uid, uid))).limit(1)
    if (owner !== undefined) throw conflict(PHONE_TAKEN)
    const codeId = await sms.verify(hono, { phone: input.phone, purpose: "bind", code: input.code })
    let ended = 0
    try {
      await db.transaction(async (tx) => {
        const taken = await tx.update(phoneChangeTickets).set({ usedAt: now }).where(live).returning({ uid: phoneChangeTickets.uid })
        if (taken.length !== 1) throw badInput(TICKET_GONE)
        if (!(await consumeSmsCode(tx, codeId, now))) throw badInput(CODE_EXPIRED)
        await tx.update(users).set({ phone: input.phone }).where(and(eq(users.uid, uid), eq(users.phone, oldPhone)))
        // the account moved: every other session ends with it (a token taken with the old phone stops), this one stays
        ended = await revokeUserSessions(tx, uid, now, bearerToken(hono.req.header("authorization")))
      })
    } catch (error) {
      if (uniqueViolation(error)) throw conflict(PHONE_TAKEN)
      throw error
    }
    // R7: the other devices' sessions ended with the commit; no process may keep them (sessionCache.ts)
    deps.sessions.forgetUser(uid)
    deps.log.info("phone changed", { uid, from: maskPhone(oldPhone), to: maskPhone(input.phone), sessions_ended: ended })
    // R6: a notice to the old channel
    await sms.sink.sendNotice(oldPhone, `您的米豆账号已将绑定手机号更换为 ${maskPhone(input.phone)}，如非本人操作请立即联系客服。`, { phone: maskPhone(input.phone) }).catch((error: unknown) =>
      deps.log.warn("phone change notice failed", { uid, error: error instanceof Error ? error.message : String(error) }))
    return { phone: maskPhone(input.phone) }
  })
}
