/**
 * The raw (still percent-encoded) `ref` value of a query, as the core's safeReturn wants it: decoding
 * here would let an encoded "//evil" or "\" slip past its checks (NV8).
 */
export const rawRef = (search: string): string | null => {
  const pair = search.replace(/^\?/, "").split("&").find((part) => part.split("=")[0] === "ref")
  return pair === undefined ? null : pair.slice(pair.indexOf("=") + 1 || pair.length)
}
