import type { Context } from "hono"
import { type AnswerCache, type Filled, matchesEtag } from "./answerCache.js"
import type { ItemFlags } from "./flagTemplate.js"

/**
 * The HTTP side of a route whose anonymous answers are shared (platform/answerCache.ts): the
 * headers a CDN or a browser in front can use, and 304 when the client already holds the answer.
 *
 * - anonymous (no Authorization header): `ETag` of the body, `Cache-Control: public, max-age=0,
 *   s-maxage=<the process's ttl>` (a CDN may keep it as long as the process does, a browser asks
 *   again every time, and If-None-Match then costs no body), `Vary: Authorization`;
 * - with an Authorization header: the viewer's own flags (liked, …) are in the answer: never kept
 *   here, `Cache-Control: private, no-store` (R17) and the same Vary, so no shared cache mixes the two.
 *   With `viewerFlags` (issue 30, ADR 0027) a member's answer is the shared one's data with their own
 *   part added by one look-up, built per request and never kept; a dead token gets the visitor's.
 */
export interface SharedAnswers<Input, Data = unknown> {
  readonly cache: AnswerCache
  /** One text per distinct answer: the decoded input's fields that change it, in a fixed order. */
  readonly key: (input: Input) => string
  /**
   * A member's answer is the visitor's (`shared`, never to be changed: every reader holds it) with
   * their own flags on the items of its `list`, read now by `read` (one record per item, in order).
   * The answer is the kept text with the flags written in (flagTemplate.ts), not encoded again.
   */
  readonly viewerFlags?: ViewerFlags<Input, Data>
  /** Whether a member's answer to this input may start from the visitor's at all (default: always). */
  readonly sharesWithViewer?: (input: Input) => boolean
}

export interface ViewerFlags<Input, Data> {
  /** The boolean fields of each list item that are the viewer's own (false in the shared answer). */
  readonly names: ReadonlyArray<string>
  readonly read: (shared: Data, input: Input, viewer: number) => Promise<ItemFlags>
}

export const PRIVATE_CACHE_CONTROL = "private, no-store"

export const sharedCacheControl = (ttlMs: number): string =>
  ttlMs === 0 ? "public, no-cache" : `public, max-age=0, s-maxage=${Math.max(1, Math.floor(ttlMs / 1000))}`

/** Whether this request may be answered from the shared cache: it carries no credentials. */
export const isAnonymous = (hono: Context): boolean => hono.req.header("authorization") === undefined

export const markPrivate = (hono: Context) => {
  hono.header("Cache-Control", PRIVATE_CACHE_CONTROL)
  hono.header("Vary", "Authorization")
}

/** Answers from the cache (or fills it with `fill`, the envelope's JSON text), 304 on a matching If-None-Match. */
export const sharedAnswer = async <Input, Data>(hono: Context, shared: SharedAnswers<Input, Data>, input: Input, fill: () => Promise<Filled>): Promise<Response> => {
  const answer = await shared.cache.answer(shared.key(input), fill)
  const headers = {
    "Content-Type": "application/json",
    ETag: answer.etag,
    "Cache-Control": sharedCacheControl(shared.cache.ttlMs),
    Vary: "Authorization"
  }
  if (matchesEtag(hono.req.header("if-none-match"), answer.etag)) return hono.body(null, 304, headers)
  return hono.body(answer.bytes, 200, headers)
}
