import { parseChinaDateTime } from "../format/chinaTime.js"
import { formatRelativeTime } from "../format/formatRelativeTime.js"

/** How a ledger amount reads: income green, spending red, a zero movement plain. */
export type LedgerTone = "income" | "expense" | "zero"

/** One line of the 米豆明细 dialog as it is shown (docs/spec/ledger.md LG1–LG3). */
export interface LedgerLine {
  /** LG1: the signed whole beans with thousands separators: +1,000 / -8 / 0. */
  readonly amountText: string
  readonly tone: LedgerTone
  /** LG2: how long ago (FM1–FM2) from the server's China-time text; "" when it cannot be read. */
  readonly timeText: string
}

/** LG1: the sign is always written for income and spending; a non-finite amount reads 0. */
export const ledgerAmountText = (amount: number): string => {
  if (!Number.isFinite(amount) || amount === 0) return "0"
  const whole = Math.trunc(amount)
  const digits = Math.abs(whole).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  return whole === 0 ? "0" : `${whole > 0 ? "+" : "-"}${digits}`
}

/** LG1–LG2: the amount, its tone and the time of a ledger entry, at `now` (epoch ms). */
export const ledgerLine = (entry: { readonly action_amount: number; readonly created_at_str: string }, now: number): LedgerLine => {
  const amountText = ledgerAmountText(entry.action_amount)
  const at = parseChinaDateTime(entry.created_at_str)
  return {
    amountText,
    tone: amountText === "0" ? "zero" : amountText.startsWith("+") ? "income" : "expense",
    timeText: at === undefined ? "" : formatRelativeTime(at, now)
  }
}
