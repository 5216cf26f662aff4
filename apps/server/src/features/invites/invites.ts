import type { InvitedUser, InviteDiscount, InviterCard, InviteSummary } from "@mido/core/account"
import { and, asc, count, desc, eq, gt, isNull, lte, or, sql, sum } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { beanLedger, coupons } from "../../db/schema/commerce.js"
import { users } from "../../db/schema/users.js"
import { chinaDateTime } from "../../platform/chinaTime.js"
import { ConfigKeys, configWholeNumbers } from "../appConfig/appConfig.js"
import { INVITE_REWARD_KIND } from "../commerce/payments.js"
import { hitRateWindow } from "../commerce/rateWindows.js"
import { notFound, tooMany } from "./inviteRefusal.js"

/**
 * The invite programme's reads (/invite-info, /invited). The relation is users.invited_by, set once
 * at sign-up (features/login/loginAccounts.ts); rewards are the inviter's `invite_reward` ledger
 * entries, one per invitee keyed `invitee:<uid>` (R35, features/commerce/payments.ts). Every query
 * of the caller's data filters by the caller's uid itself (R11).
 */

/** My code, how many joined with it, and what it earned (the invite_reward ledger total). */
export const inviteSummary = async (db: Db, uid: number): Promise<InviteSummary> => {
  const [me] = await db.select({ inviteCode: users.inviteCode }).from(users).where(eq(users.uid, uid)).limit(1)
  if (me === undefined) throw notFound("用户不存在")
  const [invited] = await db.select({ n: count() }).from(users).where(and(eq(users.invitedBy, uid), sql`${users.uid} <> ${uid}`))
  const [rewards] = await db
    .select({ n: count(), total: sum(beanLedger.actionAmount) })
    .from(beanLedger)
    .where(and(eq(beanLedger.uid, uid), eq(beanLedger.kind, INVITE_REWARD_KIND)))
  const config = await configWholeNumbers(db, { [ConfigKeys.inviteReward]: 0 })
  return {
    invite_code: me.inviteCode,
    invited_count: invited?.n ?? 0,
    rewarded_count: rewards?.n ?? 0,
    reward_total: Number(rewards?.total ?? 0),
    reward_per_invitee: config[ConfigKeys.inviteReward] ?? 0
  }
}

/** A page of the users who joined with my code, newest first, with the reward each earned me. */
export const invitedUsers = async (db: Db, uid: number, page: number, size: number): Promise<{ list: Array<InvitedUser>; total: number }> => {
  const mine = and(eq(users.invitedBy, uid), sql`${users.uid} <> ${uid}`)
  const [counted] = await db.select({ n: count() }).from(users).where(mine)
  const rows = await db
    .select({ uid: users.uid, nickname: users.nickname, avatar: users.avatar, createdAt: users.createdAt, reward: beanLedger.actionAmount })
    .from(users)
    // the reward of an invitee's first paid order is the inviter's entry with ref invitee:<uid> (payments.ts)
    .leftJoin(
      beanLedger,
      and(eq(beanLedger.uid, uid), eq(beanLedger.kind, INVITE_REWARD_KIND), eq(beanLedger.ref, sql`'invitee:' || ${users.uid}::text`))
    )
    .where(mine)
    .orderBy(desc(users.createdAt), desc(users.uid))
    .limit(size)
    .offset((page - 1) * size)
  return {
    list: rows.map((row) => ({
      uid: row.uid,
      nickname: row.nickname,
      avatar: row.avatar,
      joined_at_str: chinaDateTime(row.createdAt),
      reward: Math.max(0, Number(row.reward ?? 0))
    })),
    total: counted?.n ?? 0
  }
}

/** R37: open inviter lookups per client address and minute (an invite link is opened once or twice). */
export const INVITER_LOOKUPS_PER_MINUTE = 30

/** The invited users' member discount: the best active invite coupon open to everyone invited. */
const inviteDiscount = async (db: Db, now: Date): Promise<InviteDiscount | null> => {
  const [row] = await db
    .select({ code: coupons.code, rate: coupons.discountAmount, scope: coupons.scope })
    .from(coupons)
    .where(and(
      eq(coupons.type, "invite"),
      eq(coupons.disabled, false),
      isNull(coupons.ownerUid),
      lte(coupons.validFrom, now),
      gt(coupons.validTo, now),
      or(isNull(coupons.maxUses), sql`${coupons.usedCount} < ${coupons.maxUses}`)
    ))
    .orderBy(asc(coupons.discountAmount), asc(coupons.id))
    .limit(1)
  if (row === undefined) return null
  const rate = Number(row.rate)
  const scope = row.scope
  if (!(rate > 0 && rate < 1) || (scope !== "points" && scope !== "plan" && scope !== "plan,points")) return null
  return { coupon_code: row.code, discount_amount: rate, scope }
}

/**
 * Who invites with `code` (open, for /invited): the public nickname and avatar only, never the uid,
 * phone or anything else (R11, R12), and the invite discount. Unknown codes answer 邀请码无效; the
 * lookups are limited per client address (R37), so codes cannot be walked through.
 */
export const inviterByCode = async (db: Db, code: string, ip: string, now: Date): Promise<InviterCard> => {
  if ((await hitRateWindow(db, `invite-lookup:${ip}`, 60_000, now)) > INVITER_LOOKUPS_PER_MINUTE) throw tooMany("查询过于频繁，请稍后再试")
  const wanted = code.trim()
  const [inviter] = await db
    .select({ inviteCode: users.inviteCode, nickname: users.nickname, avatar: users.avatar })
    .from(users)
    .where(or(eq(users.inviteCode, wanted), eq(users.inviteCode, wanted.toUpperCase())))
    .limit(1)
  if (inviter === undefined) throw notFound("邀请码无效")
  return { invite_code: inviter.inviteCode, nickname: inviter.nickname, avatar: inviter.avatar, discount: await inviteDiscount(db, now) }
}
