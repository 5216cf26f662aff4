import { fail } from "@mido/core"
import type { Context } from "hono"
import { Codes } from "./failure.js"

/**
 * R37: the wait a 429 names when its limit cannot say when it frees up (a count such as queued tasks
 * or open uploads, not a time window).
 */
export const DEFAULT_RETRY_AFTER_SECONDS = 60

/** Whole seconds, at least 1 (RFC 9110 delay-seconds). */
export const retryAfterHeader = (seconds: number | undefined): string => String(Math.max(1, Math.ceil(seconds ?? DEFAULT_RETRY_AFTER_SECONDS)))

/**
 * The one place a refusal becomes an answer: the envelope, and for every 429 the `Retry-After`
 * header that docs/security-decisions.md promises for each limit (R37), so no limit can forget it.
 */
export const answerFailure = (hono: Context, code: number, msg: string, retryAfterSeconds?: number): Response => {
  if (code === Codes.tooMany) hono.header("Retry-After", retryAfterHeader(retryAfterSeconds))
  return hono.json(fail(code, msg))
}
