import { type LedgerLine, ledgerLine } from "@mido/core/account"
import type { LedgerEntry } from "@mido/core"

/**
 * How a bean ledger entry reads in the 米豆明细 dialog (the core's LG1–LG3): signed amount, its tone,
 * how long ago. The rule lives in @mido/core/account, so only the dialog's lazy chunk carries it;
 * WalletStore (first load) keeps the pages.
 */
export const ledgerLineOf = (entry: LedgerEntry, now: number = Date.now()): LedgerLine => ledgerLine(entry, now)
