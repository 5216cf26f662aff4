/**
 * Exact decimal numbers for money. A value is `units / 10^scale` with integer `units`, so that
 * 29.9 × 0.9 is 26.91 and never 26.909999… (spec §5 coupon rounding; reliability R31).
 */
export interface Decimal {
  readonly units: bigint
  readonly scale: number
}

const DECIMAL_TEXT = /^([+-]?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i

/** Reads a finite number or a decimal string exactly as written; anything else is `undefined`. */
export const parseDecimal = (input: number | string): Decimal | undefined => {
  if (typeof input === "number" && !Number.isFinite(input)) return undefined
  const text = typeof input === "number" ? String(input) : input.trim()
  const match = DECIMAL_TEXT.exec(text)
  if (match === null) return undefined
  const [, sign = "", whole = "0", fraction = "", exponentText = "0"] = match
  const exponent = Number(exponentText)
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 40) return undefined
  let digits = BigInt(whole + fraction)
  let scale = fraction.length - exponent
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale)
    scale = 0
  }
  return { units: sign === "-" ? -digits : digits, scale }
}

const rescale = (value: Decimal, scale: number): bigint => value.units * 10n ** BigInt(scale - value.scale)

export const subtract = (a: Decimal, b: Decimal): Decimal => {
  const scale = Math.max(a.scale, b.scale)
  return { units: rescale(a, scale) - rescale(b, scale), scale }
}

export const multiply = (a: Decimal, b: Decimal): Decimal => ({ units: a.units * b.units, scale: a.scale + b.scale })

export const compare = (a: Decimal, b: Decimal): -1 | 0 | 1 => {
  const scale = Math.max(a.scale, b.scale)
  const left = rescale(a, scale)
  const right = rescale(b, scale)
  return left < right ? -1 : left > right ? 1 : 0
}

/** Rounds towards negative infinity to a whole number of `10^-places` (2 places: fen). */
export const floorToUnits = (value: Decimal, places: number): bigint => {
  if (value.scale <= places) return rescale(value, places)
  const divisor = 10n ** BigInt(value.scale - places)
  const quotient = value.units / divisor
  return value.units % divisor !== 0n && value.units < 0n ? quotient - 1n : quotient
}

/** The shortest plain text of the value: 100, 99.5, -0.07 (no exponent, no trailing zeros). */
export const formatDecimal = (value: Decimal): string => {
  const negative = value.units < 0n
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, "0")
  const whole = digits.slice(0, digits.length - value.scale)
  const fraction = digits.slice(digits.length - value.scale).replace(/0+$/, "")
  const text = fraction === "" ? whole : `${whole}.${fraction}`
  return negative && text !== "0" ? `-${text}` : text
}
