/** A console write refused for bad input (the message is the operator's, in Chinese); nothing was written. */
export class MoneyAdminRefusal extends Error {}

export const refuse = (message: string): never => {
  throw new MoneyAdminRefusal(message)
}

/** A whole number in [min, max], or the refusal naming the field. */
export const wholeIn = (value: unknown, min: number, max: number, field: string): number => {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > max) refuse(`${field}须为 ${min}–${max} 之间的整数`)
  return value as number
}

/** Trimmed text of 1..max characters (0..max when `optional`). */
export const textOf = (value: unknown, max: number, field: string, optional = false): string => {
  const text = typeof value === "string" ? value.trim() : ""
  if ((!optional && text === "") || text.length > max) refuse(optional ? `${field}不能超过 ${max} 个字` : `请填写${field}（${max}字以内）`)
  return text
}
