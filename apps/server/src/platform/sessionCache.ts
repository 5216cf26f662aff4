import type { AnswerCacheOptions } from "./answerCache.js"

/**
 * Which user each live session token belongs to, as this process last read it (issue 30, ADR 0027
 * "Since"): a logged-in request's session look-up is a statement on the database, and the member's
 * square page ran two (the session, the hearts) where a visitor's ran none.
 *
 * R7 still holds because every way a session ends clears it here first:
 * - logout, 退出所有设备, a phone change, a ban and the console's 结束会话 call `forgetUser(uid)`
 *   after their write committed; in this process the very next request reads the row again, and on
 *   PostgreSQL every other process forgets the user when the `sessions <uid>` wake-up arrives
 *   (processChanges.ts, ADR 0019); a lost listening connection forgets everyone when it comes back;
 * - a read that began before a forget is answered but not kept (it may have seen the row before the
 *   revoke committed);
 * - a session's own end (`expires_at`, 30 days) is kept with the entry and checked against the
 *   request's clock, so an expired token is refused at its expiry, not up to `ttlMs` later;
 * - only live sessions are kept; an unknown or dead token is read every time (a flood of made-up
 *   tokens cannot push real ones out).
 * What no wake-up reaches — a session row changed by hand in SQL, or a NOTIFY that failed to leave
 * (logged) — lags `ttlMs` at most: SESSION_CACHE_MS, 5 s, the same lag the feed cache already asks
 * operators to accept, while a member who loads a page (five to ten requests within a second or two)
 * reads their session once.
 */
export interface SessionCache {
  /**
   * The uid of this token hash's live session at `now`: kept, or read by `read` (which answers the
   * session's uid and its end, or undefined when there is no live one) and kept for `ttlMs`.
   */
  readonly uidOf: (tokenHash: string, now: Date, read: () => Promise<LiveSession | undefined>) => Promise<number | undefined>
  /** Forgets every kept session of this user (and reads in flight): call it after a session of theirs ended. */
  readonly forgetUser: (uid: number) => void
  /** Forgets every kept session. */
  readonly forgetAll: () => void
  /** How many sessions are kept now (tests read it). */
  readonly size: () => number
  readonly ttlMs: number
}

export interface LiveSession {
  readonly uid: number
  /** When the session ends by itself (sessions.expires_at). */
  readonly expiresAt: Date
}

/** The feed cache's options: a lifetime, a bound (at most this many sessions kept, the oldest kept go first), a clock. */
export type SessionCacheOptions = AnswerCacheOptions

/** How long a live session is kept without a wake-up (see above). */
export const SESSION_CACHE_MS = 5_000
/** About 1 MB at ~100 bytes an entry; more members active within 5 s than this only read more often. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000

interface Kept {
  readonly uid: number
  readonly keptUntil: number
  readonly sessionEndsAt: number
}

export const makeSessionCache = ({ ttlMs, maxEntries = SESSION_CACHE_MAX_ENTRIES, now = () => performance.now() }: SessionCacheOptions): SessionCache => {
  if (!Number.isFinite(ttlMs) || ttlMs < 0) throw new Error(`session cache: ttlMs must be 0 or more, not ${ttlMs}`)
  const kept = new Map<string, Kept>()
  // every forget moves it: a read that started before any forget is not kept (simpler than per user, and forgets are rare)
  let generation = 0

  const keep = (tokenHash: string, entry: Kept) => {
    kept.delete(tokenHash)
    while (kept.size >= maxEntries) {
      const oldest = kept.keys().next()
      if (oldest.done === true) break
      kept.delete(oldest.value)
    }
    kept.set(tokenHash, entry)
  }

  return {
    ttlMs,
    uidOf: async (tokenHash, at, read) => {
      const hit = kept.get(tokenHash)
      if (hit !== undefined) {
        if (hit.keptUntil > now() && hit.sessionEndsAt > at.getTime()) return hit.uid
        kept.delete(tokenHash)
      }
      const startedIn = generation
      const started = now()
      const session = await read()
      if (session === undefined) return undefined
      if (ttlMs > 0 && generation === startedIn) keep(tokenHash, { uid: session.uid, keptUntil: started + ttlMs, sessionEndsAt: session.expiresAt.getTime() })
      return session.uid
    },
    forgetUser: (uid) => {
      generation++
      for (const [tokenHash, entry] of kept) if (entry.uid === uid) kept.delete(tokenHash)
    },
    forgetAll: () => {
      generation++
      kept.clear()
    },
    size: () => kept.size
  }
}
