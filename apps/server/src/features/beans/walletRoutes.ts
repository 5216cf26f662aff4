import { Api } from "@mido/core/contract"
import type { Hono } from "hono"
import { beanBalance, hasConsumed, ledgerPage, todayConsumed } from "./beans.js"
import { chinaDateTime } from "../../platform/chinaTime.js"
import { implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { badInput } from "../../platform/failure.js"

/** The ledger dialog pages by 50 (spec §9); larger pages are refused. */
export const LEDGER_PAGE_MAX = 50

/** user/points and user/coin/list: the caller's beans (spec §3 balance info, ledger entry; R31–R33). */
export const registerWallet = (app: Hono, deps: ServerDeps) => {
  implementAuthed(app, deps, Api.user.points, async (_input, { uid }) => ({
    balance: await beanBalance(deps.db, uid),
    today_consumed: await todayConsumed(deps.db, uid, deps.now()),
    has_consumed: await hasConsumed(deps.db, uid)
  }))

  implementAuthed(app, deps, Api.user.coinList, async (input, { uid }) => {
    if (input.size > LEDGER_PAGE_MAX) throw badInput(`每页最多 ${LEDGER_PAGE_MAX} 条`)
    const { rows, total } = await ledgerPage(deps.db, uid, input.type, input.page, input.size)
    return {
      list: rows.map((row) => ({ id: row.id, remark: row.remark, created_at_str: chinaDateTime(row.createdAt), action_amount: row.actionAmount })),
      total
    }
  })
}
