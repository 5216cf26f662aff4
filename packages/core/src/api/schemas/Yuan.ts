import { Schema } from "effect"
import { parseYuan } from "../../domain/money/fen.js"

/**
 * A price on the wire: yuan as a JSON number with at most two decimals (19.9, 168, 0.01), as the
 * payment providers take it. Inside Mido money is integer fen (R31); convert with parseYuan.
 */
export const Yuan = Schema.Number.pipe(
  Schema.finite(),
  Schema.nonNegative(),
  Schema.filter((value) => parseYuan(value) !== undefined, { message: () => "金额最多两位小数" })
).annotations({ description: "yuan, at most 2 decimals (e.g. 29.9); integer fen inside Mido (R31)" })
