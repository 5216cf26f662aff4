import { floorToUnits, parseDecimal } from "./decimal.js"

/** Money inside Mido is integer fen (1 yuan = 100 fen); yuan appear only at the edges (R31). */
export type Fen = number

/**
 * Parses a yuan amount (number or string) into fen with string arithmetic, never `× 100`.
 * Negative amounts, non-numbers and more than two decimals are rejected with `undefined`.
 */
export const parseYuan = (input: number | string): Fen | undefined => {
  const value = parseDecimal(input)
  if (value === undefined || value.units < 0n || value.scale > 2 && value.units % 10n ** BigInt(value.scale - 2) !== 0n) {
    return undefined
  }
  const fen = floorToUnits(value, 2)
  return fen <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(fen) : undefined
}

/** Fen as a yuan string with exactly two decimals: 1990 → "19.90". */
export const formatYuan = (fen: Fen): string => {
  const sign = fen < 0 ? "-" : ""
  const abs = Math.abs(fen)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`
}

/** Fen as a yuan number for display and JSON: 2691 → 26.91. */
export const fenToYuan = (fen: Fen): number => Number(formatYuan(fen))
