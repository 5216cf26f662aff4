import { Schema } from "effect"
import { defineRoute } from "../../Route.js"
import { Balance } from "../../schemas/Balance.js"
import { Page } from "../../schemas/common.js"
import { LedgerEntry, LedgerQuery } from "../../schemas/LedgerEntry.js"

/** The bean balance and ledger: the Wallet service's calls (the top bar shows the balance at start). */
export const beanRoutes = {
  points: defineRoute({
    name: "user.points",
    method: "GET",
    path: "/api/v1/user/points",
    auth: "required",
    encoding: "query",
    input: Schema.Struct({}),
    data: Balance,
    summary: "The bean balance of the top bar and the beans spent today."
  }),
  coinList: defineRoute({
    name: "user.coinList",
    method: "GET",
    path: "/api/v1/user/coin/list",
    auth: "required",
    encoding: "query",
    input: LedgerQuery,
    data: Page(LedgerEntry),
    summary: "The bean ledger (米豆明细), newest first, filtered by income, expense or all (\"\"); the dialog pages by 50."
  })
} as const
