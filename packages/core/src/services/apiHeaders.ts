import { Option } from "effect"

/** Per-call extras: request headers such as `Idempotency-Key` (R45). */
export interface CallOptions {
  readonly headers?: Readonly<Record<string, string>>
}

export const REQUEST_TIMEOUT_MS = 15_000

/** The headers every call carries: the source (spec §7) and, when logged in, the token as a Bearer. */
export const apiHeaders = (token: Option.Option<string>, extra?: CallOptions["headers"]): Record<string, string> => {
  const headers: Record<string, string> = { ...extra, source: "PC" }
  if (Option.isSome(token)) headers.Authorization = `Bearer ${token.value}`
  return headers
}
