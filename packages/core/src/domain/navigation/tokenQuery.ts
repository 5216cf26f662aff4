/** The query parameter that may carry a login token (spec §2). */
export const TokenParam = "token"

export type TokenQuery =
  | { readonly kind: "valid"; readonly token: string }
  | { readonly kind: "invalid" }
  | { readonly kind: "absent" }

/**
 * The shape a login token must have: 16 to 512 characters of letters, digits and `. _ ~ + / = -`
 * (enough for JWTs, base64 and base64url); whitespace and control characters can never appear.
 */
export const TokenShape = /^[A-Za-z0-9._~+/=-]{16,512}$/

interface QueryPair {
  readonly raw: string
  readonly key: string | undefined
  readonly value: string | undefined
}

const decodeOnce = (text: string): string | undefined => {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}

/** Splits a query string (with or without its "?") into its `&`-separated pairs, keeping each raw. */
const queryPairs = (search: string): ReadonlyArray<QueryPair> =>
  search
    .replace(/^\?/, "")
    .split("&")
    .filter((raw) => raw !== "")
    .map((raw) => {
      const separator = raw.indexOf("=")
      const key = decodeOnce(separator === -1 ? raw : raw.slice(0, separator))
      return { raw, key, value: separator === -1 ? undefined : raw.slice(separator + 1) }
    })

/**
 * NV9 (reliability R8): reads the `token` query parameter. The value is percent-decoded exactly once
 * (`+` stays `+`, since base64 tokens use it) and must have TokenShape. A token given twice, without a
 * value, with a malformed escape or of the wrong shape is invalid; the caller clears it.
 */
export const readTokenQuery = (search: string): TokenQuery => {
  const tokens = queryPairs(search).filter((pair) => pair.key === TokenParam)
  if (tokens.length === 0) return { kind: "absent" }
  const [only] = tokens
  if (tokens.length > 1 || only === undefined || only.value === undefined) return { kind: "invalid" }
  const token = decodeOnce(only.value)
  return token !== undefined && TokenShape.test(token) ? { kind: "valid", token } : { kind: "invalid" }
}

/**
 * NV9 (R8): the query string with every `token` parameter removed (the rest kept byte for byte, in
 * order), so the address bar can be rewritten before anything else runs. `""` when nothing is left.
 */
export const withoutTokenQuery = (search: string): string => {
  const kept = queryPairs(search).filter((pair) => pair.key !== TokenParam).map((pair) => pair.raw)
  return kept.length === 0 ? "" : `?${kept.join("&")}`
}
