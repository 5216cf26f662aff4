import { dailyPostRewardCap } from "@mido/core"
import { chinaDayRange } from "../../platform/chinaTime.js"
import { and, count, desc, eq, gt, gte, lt, sql, sum } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { beanLedger, wallets } from "../../db/schema/commerce.js"
import { ConfigKeys, configWholeNumbers } from "../appConfig/appConfig.js"
import { type CreditNoticeChoice, sendCreditNotice } from "./creditNotice.js"
import { appendLedgerEntry, type NewLedgerEntry } from "./ledgerAppend.js"

/**
 * The beans (米豆) ledger: a balance per user that never goes below zero (R33) and an append-only
 * ledger of signed movements (R32). Every change is the wallet update and the ledger row in ONE
 * transaction; `(kind, ref)` is unique when `ref` is given, so a movement keyed by a ref happens once.
 * Each row stores balance_after and is chained and signed (ledgerAppend.ts); auditLedger
 * (ledgerAudit.ts) verifies a user's chain; corrections are reversal entries (reverseBeanEntry).
 * Other modules call creditBeans / spendBeans / awardPostReward, never the tables. Every credit sends
 * its owner a system message in the same transaction (creditNotice.ts), so no bean arrives unannounced.
 */
export interface BeanMovement {
  readonly uid: number
  /** whole beans, > 0; the ledger stores +amount for a credit and -amount for a spend */
  readonly amount: number
  /** shown in the 米豆明细 dialog, e.g. 购买月度会员赠送, AI绘画消耗 */
  readonly remark: string
  /** what kind of movement: order, invite_reward, post_reward, gen_hold, gen_refund, … */
  readonly kind: string
  /** the idempotency key within the kind (task id, trade number…); omit for repeatable movements */
  readonly ref?: string
  /** when it happened; the database clock's now when absent */
  readonly now?: Date
  /**
   * A credit's system message (creditNotice.ts): the why, title and link; absent → one from the
   * remark; false only when the caller sends its own message about this credit in its transaction.
   * Spends ignore it.
   */
  readonly notice?: CreditNoticeChoice
}

/** Thrown inside a transaction to roll it back when (kind, ref) was already recorded. */
class AlreadyRecorded extends Error {}

const assertWhole = (amount: number) => {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`bean amounts are whole and positive, got ${amount}`)
}

const newEntry = (movement: BeanMovement, delta: number, balanceAfter: number): NewLedgerEntry => ({
  uid: movement.uid,
  delta,
  balanceAfter,
  remark: movement.remark,
  kind: movement.kind,
  ref: movement.ref ?? null,
  createdAt: movement.now ?? new Date()
})

/**
 * Adds beans and tells the user (the movement's notice, keyed by kind and ref). Returns true when
 * credited, false when this (kind, ref) was credited before (nothing written, no second message).
 * May run inside a caller's transaction (it nests as a savepoint).
 */
export const creditBeans = async (db: Db, ledgerKey: string, movement: BeanMovement): Promise<boolean> => {
  assertWhole(movement.amount)
  try {
    return await db.transaction(async (tx) => {
      await tx.insert(wallets).values({ uid: movement.uid }).onConflictDoNothing()
      const [wallet] = await tx
        .update(wallets)
        .set({ balance: sql`${wallets.balance} + ${movement.amount}` })
        .where(eq(wallets.uid, movement.uid))
        .returning({ balance: wallets.balance })
      if (wallet === undefined) throw new Error(`no wallet for uid ${movement.uid}`)
      if (!(await appendLedgerEntry(tx, ledgerKey, newEntry(movement, movement.amount, wallet.balance)))) throw new AlreadyRecorded()
      await sendCreditNotice(tx, { ...movement, balanceAfter: wallet.balance }, movement.notice)
      return true
    })
  } catch (error) {
    if (error instanceof AlreadyRecorded) return false
    throw error
  }
}

/**
 * Spends beans (R33): one conditional `update wallets set balance = balance - $1 where uid = $2 and
 * balance >= $1` and the ledger row, in one transaction. Returns false when the balance is short
 * (nothing written). A repeated (kind, ref) is not charged again and answers true.
 */
export const spendBeans = async (db: Db, ledgerKey: string, movement: BeanMovement): Promise<boolean> => {
  assertWhole(movement.amount)
  try {
    return await db.transaction(async (tx) => {
      if (movement.ref !== undefined) {
        const [seen] = await tx.select({ id: beanLedger.id }).from(beanLedger).where(and(eq(beanLedger.kind, movement.kind), eq(beanLedger.ref, movement.ref))).limit(1)
        if (seen !== undefined) return true
      }
      const [wallet] = await tx
        .update(wallets)
        .set({ balance: sql`${wallets.balance} - ${movement.amount}` })
        .where(and(eq(wallets.uid, movement.uid), gte(wallets.balance, movement.amount)))
        .returning({ balance: wallets.balance })
      if (wallet === undefined) return false
      if (!(await appendLedgerEntry(tx, ledgerKey, newEntry(movement, -movement.amount, wallet.balance)))) throw new AlreadyRecorded()
      return true
    })
  } catch (error) {
    if (error instanceof AlreadyRecorded) return true
    throw error
  }
}

export const POST_REWARD_KIND = "post_reward"

/**
 * Rewards a community post (spec §2 feature prompt, §9): the user's first post ever earns
 * points.first-post beans, later posts points.daily-post, and a China-time day's post rewards never
 * exceed dailyPostRewardCap(first, daily). Once per post (kind post_reward, ref post:<id>). Returns
 * the beans awarded (0 when capped or already rewarded).
 */
export const awardPostReward = async (db: Db, ledgerKey: string, input: { readonly uid: number; readonly postId: number | string; readonly now: Date }): Promise<number> => {
  const config = await configWholeNumbers(db, { [ConfigKeys.firstPost]: 0, [ConfigKeys.dailyPost]: 0 })
  const first = config[ConfigKeys.firstPost] ?? 0
  const daily = config[ConfigKeys.dailyPost] ?? 0
  const cap = dailyPostRewardCap(first, daily)
  const { start, end } = chinaDayRange(input.now)
  return db.transaction(async (tx) => {
    // one user's rewards are decided one at a time: lock the wallet row first
    await tx.insert(wallets).values({ uid: input.uid }).onConflictDoNothing()
    await tx.select({ uid: wallets.uid }).from(wallets).where(eq(wallets.uid, input.uid)).for("update")
    const mine = and(eq(beanLedger.uid, input.uid), eq(beanLedger.kind, POST_REWARD_KIND))
    const [ever] = await tx.select({ n: count() }).from(beanLedger).where(mine)
    const [today] = await tx
      .select({ total: sum(beanLedger.actionAmount) })
      .from(beanLedger)
      .where(and(mine, gte(beanLedger.createdAt, start), lt(beanLedger.createdAt, end)))
    const isFirst = (ever?.n ?? 0) === 0
    const base = isFirst ? first : daily
    const award = Math.max(0, Math.min(base, cap - Number(today?.total ?? 0)))
    if (award <= 0) return 0
    const credited = await creditBeans(tx, ledgerKey, {
      uid: input.uid,
      amount: award,
      remark: isFirst ? "首次发帖奖励" : "每日发帖奖励",
      kind: POST_REWARD_KIND,
      ref: `post:${input.postId}`,
      now: input.now,
      notice: {
        title: "发帖奖励到账",
        reason: isFirst ? "你在设计社区发布了第一篇帖子，获得首次发帖奖励" : "你今天在设计社区发布了帖子，获得每日发帖奖励",
        jumpUrl: `/community-detail/${input.postId}`
      }
    })
    return credited ? award : 0
  })
}

/** The user's balance (0 before the first movement). */
export const beanBalance = async (db: Db, uid: number): Promise<number> => {
  const [wallet] = await db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.uid, uid)).limit(1)
  return wallet?.balance ?? 0
}

/** RM7: whether the user ever spent beans (any debit in the ledger): a balance never spent from is not "running low". */
export const hasConsumed = async (db: Db, uid: number): Promise<boolean> => {
  const [row] = await db.select({ id: beanLedger.id }).from(beanLedger).where(and(eq(beanLedger.uid, uid), lt(beanLedger.actionAmount, 0))).limit(1)
  return row !== undefined
}

/** Beans spent today in China time: the sum of today's negative ledger amounts, as a positive number. */
export const todayConsumed = async (db: Db, uid: number, now: Date): Promise<number> => {
  const { start, end } = chinaDayRange(now)
  const [row] = await db
    .select({ total: sum(beanLedger.actionAmount) })
    .from(beanLedger)
    .where(and(eq(beanLedger.uid, uid), lt(beanLedger.actionAmount, 0), gte(beanLedger.createdAt, start), lt(beanLedger.createdAt, end)))
  return -Number(row?.total ?? 0)
}

export type LedgerFilterKind = "income" | "expense" | ""

/** One page of the user's ledger, newest first (spec §7 coin/list). */
export const ledgerPage = async (db: Db, uid: number, filter: LedgerFilterKind, page: number, size: number) => {
  const where = and(
    eq(beanLedger.uid, uid),
    filter === "income" ? gt(beanLedger.actionAmount, 0) : filter === "expense" ? lt(beanLedger.actionAmount, 0) : undefined
  )
  const rows = await db
    .select({ id: beanLedger.id, remark: beanLedger.remark, createdAt: beanLedger.createdAt, actionAmount: beanLedger.actionAmount })
    .from(beanLedger)
    .where(where)
    .orderBy(desc(beanLedger.id))
    .limit(size)
    .offset((page - 1) * size)
  const [total] = await db.select({ n: count() }).from(beanLedger).where(where)
  return { rows, total: total?.n ?? 0 }
}
