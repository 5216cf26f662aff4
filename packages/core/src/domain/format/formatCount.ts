const THOUSAND = 1000
const MILLION = 1_000_000

/** One decimal, rounded down, ".0" dropped: 12345 in thousands is "12.3", 2000 is "2". */
const inUnits = (count: number, unit: number, suffix: string): string => {
  const tenths = Math.floor(count / (unit / 10))
  const whole = Math.floor(tenths / 10)
  const decimal = tenths % 10
  return `${whole}${decimal === 0 ? "" : `.${decimal}`}${suffix}`
}

/**
 * FM3: a like, view or follower count for display. Up to 1000 it is the whole number; above 1000
 * it is thousands with "k" (1500 → 1.5k, 999999 → 999.9k); from one million on it is millions with
 * "m" (1000000 → 1m), so a count never reads "1000k". Negative, NaN or infinite counts are "0", and
 * a fractional count is rounded down first.
 */
export const formatCount = (count: number): string => {
  if (!Number.isFinite(count) || count <= 0) return "0"
  const whole = Math.floor(count)
  if (whole <= THOUSAND) return String(whole)
  if (whole < MILLION) return inUnits(whole, THOUSAND, "k")
  return inUnits(whole, MILLION, "m")
}
