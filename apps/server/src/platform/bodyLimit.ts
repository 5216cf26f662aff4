import { fail } from "@mido/core"
import type { MiddlewareHandler } from "hono"
import { bodyLimit } from "hono/body-limit"
import { Codes } from "./failure.js"

/**
 * The most a request body may carry (R12, R38), unless its route has a limit of its own. The largest
 * valid JSON input of the contract, an artwork's SD parameters with every text at its maximum in
 * Chinese (3 bytes a character), is about 130 KB; 256 KiB leaves room for escapes and keeps a body
 * that could only be an attack from being read and parsed at all.
 */
export const BODY_LIMIT_BYTES = 256 * 1024

export const BODY_TOO_LARGE_MESSAGE = "请求内容过大"

/**
 * Caps every request body at BODY_LIMIT_BYTES before anything reads it, except on the paths named in
 * `ownLimits` (the upload forms, which cap at their own size). A declared Content-Length over the cap
 * is refused at once without reading a byte; a chunked body is counted as it arrives and refused the
 * moment it passes the cap. The answer is HTTP 413 with the envelope (code 413), which the web app
 * shows like any refusal; the connection is closed after it (`Connection: close`).
 */
export const requestBodyLimit = (ownLimits: ReadonlySet<string>): MiddlewareHandler => {
  const capped = bodyLimit({
    maxSize: BODY_LIMIT_BYTES,
    onError: (hono) => {
      // the rest of the body is never read: the connection cannot carry another request, and says so
      hono.header("Connection", "close")
      return hono.json(fail(Codes.tooLarge, BODY_TOO_LARGE_MESSAGE), 413)
    }
  })
  // A GET or HEAD carries no body (the Fetch standard; @hono/node-server gives it none), and asking
  // hono's bodyLimit would build the full Request for nothing: ~0.03 ms of CPU on every read of the
  // API (ADR 0027 "Since, fourth part").
  return (hono, next) => (hono.req.method === "GET" || hono.req.method === "HEAD" || ownLimits.has(hono.req.path) ? next() : capped(hono, next))
}
