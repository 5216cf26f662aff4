import type { Db } from "../../db/database.js"
import { createMessage } from "../messages/messages.js"

/**
 * What the system message of a credit says (spec §2 message drawer, 系统 tab): every bean a user is
 * given arrives with a message naming why, how many and the balance after. `reason` is the why, a
 * clause such as "你邀请的好友米豆用户1234完成了首次购买"; the amount and the balance are added here.
 */
export interface CreditNotice {
  readonly title: string
  readonly reason: string
  /** a same-site path to what caused it (MS2) */
  readonly jumpUrl?: string
}

/**
 * A credit's message: the caller's notice, or one from the ledger remark when it gave none. `false`
 * is only for a caller that sends its own message about this very credit in the same transaction (a
 * fulfilled order's notice, the welcome that names the sign-up grant).
 */
export type CreditNoticeChoice = CreditNotice | false | undefined

export const creditNoticeContent = (reason: string, amount: number, balanceAfter: number): string =>
  `${reason}：${amount} 米豆已存入你的账户，当前余额 ${balanceAfter} 米豆。`

/** The default when a credit names no notice: the ledger's own words. */
const fromRemark = (remark: string): CreditNotice => ({ title: "米豆到账", reason: remark })

/**
 * Sends the credit's message in the credit's transaction, keyed by the movement (credit:<kind>:<ref>),
 * so a credit that happens once says so once; creditBeans calls it only after the ledger row went in.
 */
export const sendCreditNotice = async (
  tx: Db,
  credit: { readonly uid: number; readonly amount: number; readonly balanceAfter: number; readonly remark: string; readonly kind: string; readonly ref?: string | undefined; readonly now?: Date | undefined },
  choice: CreditNoticeChoice
): Promise<void> => {
  if (choice === false) return
  const notice = choice ?? fromRemark(credit.remark)
  await createMessage(tx, {
    uid: credit.uid,
    type: "system",
    ...(credit.ref !== undefined ? { dedupeKey: `credit:${credit.kind}:${credit.ref}` } : {}),
    ...(credit.now !== undefined ? { createdAt: credit.now } : {}),
    content: {
      title: notice.title,
      content: creditNoticeContent(notice.reason, credit.amount, credit.balanceAfter),
      sub_content: `米豆明细：${credit.remark}`,
      ...(notice.jumpUrl !== undefined ? { jump_url: notice.jumpUrl } : {})
    }
  })
}
