import { formatYuan, parseYuan } from "@mido/core"
import type { CouponEntry } from "@mido/core/account"

/** What the purchase dialog says about the price of the chosen item (yuan text, two decimals). */
export interface PriceSummary {
  /** The item's list price, "29.90". */
  readonly price: string
  /** What the applied coupon takes off, "2.99"; null without a coupon that applies. */
  readonly discount: string | null
  /** What is to pay with the applied coupon (CP6–CP7, exact decimals, floored to the fen), "26.91". */
  readonly payable: string
}

/**
 * The price lines of the dialog from the item's price (the list's yuan) and the coupon box. The
 * figures are for display: the server prices the order itself and its `payable` is what the QR asks (R22).
 * Null when no item is chosen or its price is not a yuan amount.
 */
export const priceSummary = (priceYuan: number | null, coupon: CouponEntry): PriceSummary | null => {
  if (priceYuan === null) return null
  const priceFen = parseYuan(priceYuan)
  if (priceFen === undefined) return null
  const outcome = coupon.applied?.outcome
  if (outcome === undefined || !outcome.ok) return { price: formatYuan(priceFen), discount: null, payable: formatYuan(priceFen) }
  return { price: formatYuan(priceFen), discount: formatYuan(priceFen - outcome.payableFen), payable: formatYuan(outcome.payableFen) }
}
