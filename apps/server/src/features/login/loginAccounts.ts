import { randomInt } from "node:crypto"
import { and, eq, isNull, or } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { users } from "../../db/schema/users.js"
import { grantSignupBeans } from "../beans/signupGrant.js"
import { sendWelcome } from "../messages/systemNotices.js"
import { conflict } from "./loginRefusal.js"

/** Uppercase letters and digits without look-alikes (0/O, 1/I). */
const INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

export const newNickname = (phone: string) => `米豆用户${phone.slice(-4)}`
export const newInviteCode = (): string => Array.from({ length: 6 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join("")
/** 米豆号: 8 digits, not starting with 0. */
export const newNid = (): string => String(randomInt(10_000_000, 100_000_000))

export interface LoginAccount {
  readonly uid: number
  readonly created: boolean
}

/** The inviter behind an invite code; unknown codes are ignored, never an error (spec §5). */
export const inviterOf = async (db: Db, inviteCode: string | undefined): Promise<number | undefined> => {
  if (inviteCode === undefined || inviteCode === "") return undefined
  const [row] = await db
    .select({ uid: users.uid })
    .from(users)
    .where(or(eq(users.inviteCode, inviteCode), eq(users.inviteCode, inviteCode.toUpperCase())))
    .limit(1)
  return row?.uid
}

/**
 * Creates an account on first login (is_register): nickname 米豆用户<last 4 digits>, a fresh unique
 * invite code and nid (retried on the rare collision; ON CONFLICT keeps the transaction alive), the
 * sign-up grant (points.signup-grant) and the welcome system message naming it, in the same transaction.
 */
const createAccount = async (tx: Db, ledgerKey: string, identity: { readonly phone: string; readonly openid?: string }, inviteCode: string | undefined, now: Date) => {
  const invitedBy = await inviterOf(tx, inviteCode)
  for (let attempt = 0; attempt < 8; attempt++) {
    const [row] = await tx
      .insert(users)
      .values({
        phone: identity.phone,
        wechatOpenid: identity.openid ?? null,
        nickname: newNickname(identity.phone),
        inviteCode: newInviteCode(),
        nid: newNid(),
        invitedBy: invitedBy ?? null,
        createdAt: now
      })
      .onConflictDoNothing()
      .returning({ uid: users.uid })
    if (row !== undefined) {
      await sendWelcome(tx, row.uid, now, await grantSignupBeans(tx, ledgerKey, row.uid, now))
      return row.uid
    }
    const [taken] = await tx.select({ uid: users.uid }).from(users).where(eq(users.phone, identity.phone)).limit(1)
    if (taken !== undefined) throw conflict("该手机号刚刚完成注册，请重新登录")
    if (identity.openid !== undefined) {
      const [bound] = await tx.select({ uid: users.uid }).from(users).where(eq(users.wechatOpenid, identity.openid)).limit(1)
      if (bound !== undefined) throw conflict("该微信已绑定其他账号")
    }
  }
  throw new Error("could not allocate a unique invite code and nid")
}

/** Phone login: the account with this phone, or a new one with the inviter attached. */
export const accountForPhone = async (tx: Db, ledgerKey: string, phone: string, inviteCode: string | undefined, now: Date): Promise<LoginAccount> => {
  const [existing] = await tx.select({ uid: users.uid }).from(users).where(eq(users.phone, phone)).limit(1)
  if (existing !== undefined) return { uid: existing.uid, created: false }
  return { uid: await createAccount(tx, ledgerKey, { phone }, inviteCode, now), created: true }
}

/**
 * wechat_bind_phone: attaches a WeChat identity to the phone's account, or creates the account.
 * R6: a WeChat identity bound to another account, or a phone whose account has another WeChat, is an
 * error — accounts are never merged.
 */
export const bindWechatToPhone = async (tx: Db, ledgerKey: string, phone: string, openid: string, inviteCode: string | undefined, now: Date): Promise<LoginAccount> => {
  const [owner] = await tx.select({ uid: users.uid, phone: users.phone }).from(users).where(eq(users.wechatOpenid, openid)).limit(1)
  if (owner !== undefined && owner.phone !== phone) throw conflict("该微信已绑定其他账号")
  if (owner !== undefined) return { uid: owner.uid, created: false }
  const [account] = await tx.select({ uid: users.uid, openid: users.wechatOpenid }).from(users).where(eq(users.phone, phone)).limit(1)
  if (account === undefined) return { uid: await createAccount(tx, ledgerKey, { phone, openid }, inviteCode, now), created: true }
  if (account.openid !== null) throw conflict("该手机号已绑定其他微信")
  const bound = await tx
    .update(users)
    .set({ wechatOpenid: openid })
    .where(and(eq(users.uid, account.uid), isNull(users.wechatOpenid)))
    .returning({ uid: users.uid })
  if (bound.length !== 1) throw conflict("该手机号已绑定其他微信")
  return { uid: account.uid, created: false }
}
