import { parseChinaDateTime } from "@mido/core"

/** Amounts between Mido (integer fen) and the providers: Alipay speaks yuan strings ("12.30"), WeChat Pay fen. */
export const fenToYuanText = (fen: number): string => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, "0")}`

/** "12.3" / "12.30" / "12" → 1230; anything else (a negative, three decimals, text) → undefined. */
export const yuanTextToFen = (text: string | undefined): number | undefined => {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text ?? "")
  if (match === null) return undefined
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"))
}

/** A provider's time ("2026-01-15 10:30:00" China time for Alipay, RFC 3339 for WeChat Pay), or `fallback`. */
export const providerTime = (text: string | undefined, fallback: Date): Date => {
  const ms = text === undefined ? undefined : parseChinaDateTime(text)
  return ms === undefined ? fallback : new Date(ms)
}
