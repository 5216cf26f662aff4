export type MessageLink =
  | { readonly kind: "external"; readonly href: string }
  | { readonly kind: "internal"; readonly path: string }
  | { readonly kind: "none" }

const NONE: MessageLink = { kind: "none" }
const WEB_PROTOCOLS: ReadonlySet<string> = new Set(["http:", "https:"])
/** A placeholder origin to resolve relative paths against; .invalid can never be a real host. */
const PROBE_ORIGIN = "https://mido.invalid"

const parse = (text: string, base?: string): URL | undefined => {
  try {
    return new URL(text, base)
  } catch {
    return undefined
  }
}

const isAbsolute = (text: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(text)

/**
 * A path on this site: starts with one "/" (not "//" or "/\", which browsers read as another host)
 * and, after the parser drops tabs and newlines and turns "\" into "/", still resolves to this origin.
 */
const sitePath = (text: string): MessageLink => {
  if (!text.startsWith("/") || text.startsWith("//") || text.startsWith("/\\")) return NONE
  const url = parse(text, PROBE_ORIGIN)
  if (url === undefined || url.origin !== PROBE_ORIGIN) return NONE
  return { kind: "internal", path: `${url.pathname}${url.search}${url.hash}` }
}

/**
 * MS2 (R14): where a message's jump url may lead. The spec's test, "contains ://", lets
 * `javascript://%0aalert(1)` through, so instead: an absolute URL counts only when the URL parser
 * reads its protocol as http: or https: (so case, leading spaces and encodings cannot hide another
 * scheme) and it carries no user name or password (`https://mido.com@evil.com` misleads the reader);
 * a relative one only when it is a path on this site. With allowedHosts, an external link must also
 * point at one of those hosts. Links use the normalised href or path returned here, never the raw text.
 */
export const messageLink = (jumpUrl: unknown, allowedHosts?: ReadonlyArray<string>): MessageLink => {
  const text = typeof jumpUrl === "string" ? jumpUrl.trim() : ""
  if (text === "") return NONE
  if (!isAbsolute(text)) return sitePath(text)
  const url = parse(text)
  if (url === undefined || !WEB_PROTOCOLS.has(url.protocol) || url.hostname === "") return NONE
  if (url.username !== "" || url.password !== "") return NONE
  if (allowedHosts !== undefined && !allowedHosts.some((host) => host.toLowerCase() === url.hostname)) return NONE
  return { kind: "external", href: url.href }
}

export const isClickableJumpUrl = (jumpUrl: unknown, allowedHosts?: ReadonlyArray<string>): boolean =>
  messageLink(jumpUrl, allowedHosts).kind !== "none"
