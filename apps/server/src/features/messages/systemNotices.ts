import type { Db } from "../../db/database.js"
import { chinaDateTime } from "../../platform/chinaTime.js"
import { createMessage } from "./messages.js"

/**
 * The system messages the server sends on its own (spec §2 message drawer, 系统 tab): a welcome when
 * an account is created (naming its sign-up grant) and a notice when a paid order is fulfilled; every
 * other credit of beans sends its own (features/beans/creditNotice.ts). Each is keyed (dedupe_key per
 * recipient), so a retried transaction or a repeated event sends it once; callers pass the
 * transaction of the event, so the message stays or goes with it.
 */

export const WELCOME_TITLE = "欢迎来到米豆AI"

/** The welcome's text: with a sign-up grant it says how many beans arrived and what they are for. */
export const welcomeContent = (grant: number): string =>
  grant > 0
    ? `注册成功！新用户礼包 ${grant} 米豆已到账，可以先在 AI 创作中免费画几张试试；发布作品还能领取米豆奖励。`
    : "注册成功！去灵感广场看看大家的作品，或者在 AI 创作中画出你的第一张图；发布作品还能领取米豆奖励。"

/**
 * The new account's first message: where to start (a same-site link, MS2) and the sign-up grant's
 * beans when there were any (their credit sends no message of its own, so this is the one).
 */
export const sendWelcome = (tx: Db, uid: number, now: Date, grant = 0): Promise<number | undefined> =>
  createMessage(tx, {
    uid,
    type: "system",
    dedupeKey: "welcome",
    createdAt: now,
    content: {
      title: WELCOME_TITLE,
      content: welcomeContent(grant),
      ...(grant > 0 ? { sub_content: `米豆明细：新用户注册赠送 +${grant}` } : {}),
      jump_url: grant > 0 ? "/aigc" : "/list"
    }
  })

/** What a fulfilled order gave, as its system message says it. */
export type FulfilledItem =
  | { readonly kind: "plan"; readonly name: string; readonly bonusBeans: number; readonly expiresAt: Date | null }
  | { readonly kind: "points"; readonly beans: number }

/** The buyer's notice of a fulfilled order (once per trade_no), pointing at what it granted. */
export const sendOrderFulfilled = (tx: Db, order: { readonly uid: number; readonly tradeNo: string }, item: FulfilledItem, now: Date): Promise<number | undefined> => {
  const content = item.kind === "plan"
    ? `您已成功开通${item.name}${item.expiresAt === null ? "" : `，有效期至 ${chinaDateTime(item.expiresAt)}`}${item.bonusBeans > 0 ? `，赠送的 ${item.bonusBeans} 米豆已到账` : ""}。`
    : `您购买的 ${item.beans} 米豆已到账，快去创作吧。`
  return createMessage(tx, {
    uid: order.uid,
    type: "system",
    dedupeKey: `order:${order.tradeNo}`,
    createdAt: now,
    content: {
      title: item.kind === "plan" ? "会员开通成功" : "米豆到账",
      content,
      sub_content: `订单号 ${order.tradeNo}`,
      jump_url: "/aigc"
    }
  })
}
