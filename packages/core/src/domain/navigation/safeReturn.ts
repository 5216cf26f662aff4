import { HomePath } from "./routeTable.js"

/**
 * A stand-in origin: the check only needs "same origin as the page", so any origin that can never be a
 * real site works and keeps the function pure (`.invalid` is reserved by RFC 2606).
 */
const StandInOrigin = "https://mido.invalid"

/** C0 controls and DEL: the URL parser drops tabs and newlines, which is how `/\t/evil.com` sneaks through. */
const hasControlCharacter = (text: string): boolean =>
  Array.from(text).some((character) => {
    const code = character.charCodeAt(0)
    return code < 0x20 || code === 0x7f
  })

/** `//host` and `/\host` are network paths to another host; a browser reads both as such. */
const isNetworkPath = (text: string): boolean => /^[/\\][/\\]/.test(text)

const decodeOnce = (raw: string): string | undefined => {
  try {
    return decodeURIComponent(raw)
  } catch {
    return undefined
  }
}

/**
 * NV8 (reliability R13): the in-app address to return to after login, from the raw `ref` query value
 * (still percent-encoded, exactly as in the address bar). Decoded exactly once; only a same-origin path
 * that is not the login page is kept, as `pathname + search + hash` of the parsed URL; anything else,
 * including a malformed escape, gives `/list`.
 */
export const safeReturn = (raw: string | null | undefined): string => {
  if (raw === null || raw === undefined) return HomePath
  const decoded = decodeOnce(raw)
  if (decoded === undefined || !decoded.startsWith("/") || isNetworkPath(decoded)) return HomePath
  if (hasControlCharacter(decoded)) return HomePath
  let url: URL
  try {
    url = new URL(decoded, StandInOrigin)
  } catch {
    return HomePath
  }
  if (url.origin !== StandInOrigin) return HomePath
  const target = `${url.pathname}${url.search}${url.hash}`
  // Dot segments can leave a network path behind: `/.//evil.com` parses to the pathname `//evil.com`.
  if (isNetworkPath(target)) return HomePath
  if (url.pathname.toLowerCase().startsWith("/login")) return HomePath
  return target
}
