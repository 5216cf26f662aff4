import { createHash } from "node:crypto"

/**
 * A short-lived cache of whole answers shared by every anonymous visitor of this process (the
 * square's feed: docs/deploy.md "The feed cache"). An entry is the answer's JSON text and its ETag,
 * built once and sent as is; it lives `ttlMs` at most, so what nobody invalidates (counters, a
 * nickname, another process's writes) lags that long at most. `invalidate()` drops everything at
 * once: the writes that change what a page lists (publish, withdraw, delete) call it after they
 * commit.
 *
 * Concurrent misses of one key share one fill (no stampede on the database when a popular page
 * expires). A fill that began before an invalidation is answered but not kept: it may have read the
 * rows the invalidating write changed. A failed fill (a refusal, an error) is never kept. At most
 * `maxEntries` answers are kept; the oldest go first.
 *
 * A fill may also hand over the answer's data as a value (issue 30, ADR 0027): a logged-in member's
 * answer is built from it with their own flags added, so the page's rows are read once for visitors
 * and members alike. That value is shared by every reader: nobody may change it.
 */
export interface CachedAnswer {
  /** The whole envelope as JSON text. */
  readonly body: string
  /** The same as UTF-8, encoded once: what is sent (a string would be measured and encoded per answer). */
  readonly bytes: Uint8Array<ArrayBuffer>
  /** A strong validator of exactly these bytes: the same body gives the same tag in every process. */
  readonly etag: string
  /** The answer's data as the fill gave it (frozen in spirit: shared by every reader), when it gave one. */
  readonly data?: unknown
}

/** What a fill builds: the JSON text alone, or the text with the data it encodes. */
export type Filled = string | { readonly body: string; readonly data: unknown }

export interface AnswerCache {
  /** The kept answer of `key`, or the one `fill` builds now (shared by every caller until it settles). */
  readonly answer: (key: string, fill: () => Promise<Filled>) => Promise<CachedAnswer>
  /** Forgets every answer and every fill in flight. */
  readonly invalidate: () => void
  /** How many answers are kept now (tests and the bench read it). */
  readonly size: () => number
  /** 0 turns the cache off: every call fills. */
  readonly ttlMs: number
}

export interface AnswerCacheOptions {
  readonly ttlMs: number
  readonly maxEntries?: number
  /** Milliseconds of a monotonic clock (tests move it). */
  readonly now?: () => number
}

export const DEFAULT_MAX_ENTRIES = 500

export const etagOf = (body: string): string => `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`

const answerOf = (filled: Filled): CachedAnswer => {
  const body = typeof filled === "string" ? filled : filled.body
  const answer = { body, bytes: Buffer.from(body, "utf8") as Uint8Array<ArrayBuffer>, etag: etagOf(body) }
  return typeof filled === "string" ? answer : { ...answer, data: filled.data }
}

interface Kept extends CachedAnswer {
  readonly expiresAt: number
}

export const makeAnswerCache = ({ ttlMs, maxEntries = DEFAULT_MAX_ENTRIES, now = () => performance.now() }: AnswerCacheOptions): AnswerCache => {
  if (!Number.isFinite(ttlMs) || ttlMs < 0) throw new Error(`answer cache: ttlMs must be 0 or more, not ${ttlMs}`)
  const kept = new Map<string, Kept>()
  const filling = new Map<string, Promise<CachedAnswer>>()
  let generation = 0

  const keep = (key: string, answer: CachedAnswer, expiresAt: number) => {
    kept.delete(key)
    while (kept.size >= maxEntries) {
      const oldest = kept.keys().next()
      if (oldest.done === true) break
      kept.delete(oldest.value)
    }
    kept.set(key, { ...answer, expiresAt })
  }

  const fillOnce = (key: string, fill: () => Promise<Filled>): Promise<CachedAnswer> => {
    const startedIn = generation
    const started = now()
    const pending = fill().then(
      (filled) => {
        const answer = answerOf(filled)
        if (generation === startedIn) {
          filling.delete(key)
          // the entry's age counts from when its rows were read, not from when the read ended
          keep(key, answer, started + ttlMs)
        }
        return answer
      },
      (error: unknown) => {
        if (generation === startedIn) filling.delete(key)
        throw error
      }
    )
    filling.set(key, pending)
    return pending
  }

  return {
    ttlMs,
    answer: async (key, fill) => {
      if (ttlMs === 0) return answerOf(await fill())
      const hit = kept.get(key)
      if (hit !== undefined && hit.expiresAt > now()) return hit
      return filling.get(key) ?? fillOnce(key, fill)
    },
    invalidate: () => {
      generation++
      kept.clear()
      filling.clear()
    },
    size: () => kept.size
  }
}

/**
 * Whether an If-None-Match header names `etag` (RFC 9110 §13.1.2: weak comparison, a list, or `*`).
 */
export const matchesEtag = (header: string | undefined, etag: string): boolean => {
  if (header === undefined) return false
  const bare = etag.replace(/^W\//, "")
  return header.split(",").some((candidate) => {
    const tag = candidate.trim()
    return tag === "*" || tag.replace(/^W\//, "") === bare
  })
}
