import { randomBytes } from "node:crypto"
import type { DatabaseNotifications } from "../db/notifications.js"
import { type AnswerCache, makeAnswerCache } from "./answerCache.js"
import type { KeyedSignal } from "./keyedSignal.js"
import type { Log } from "./log.js"
import { makeSessionCache, type SessionCache } from "./sessionCache.js"
import { makeViewerFlagCache, type ViewerFlagCache } from "./viewerFlagCache.js"

/** The one channel of Mido's wake-ups; a payload is "<origin> feed", "<origin> words", "<origin> task <id>", "<origin> sessions <uid>" or "<origin> flags <uid>". */
export const CHANGES_CHANNEL = "mido_changes"

export interface ProcessChanges {
  /** This process's feed cache; `invalidate()` clears every process's. */
  readonly feedCache: AnswerCache
  /** This process's task wake-ups; `notify(id)` wakes that task's streams in every process. */
  readonly taskChanges: KeyedSignal
  /** This process's copy of the moderation word list (features/moderation/wordList.ts); `invalidate()` clears every process's. */
  readonly moderationWords: AnswerCache
  /** This process's kept sessions (sessionCache.ts); `forgetUser(uid)` forgets that user's in every process (R7). */
  readonly sessions: SessionCache
  /** This process's members' flags on shared pages (viewerFlagCache.ts); `forgetUser(uid)` forgets that member's in every process. */
  readonly viewerFlags: ViewerFlagCache
  readonly stop: () => Promise<void>
}

/** A cache of per-user entries: sessions (sessionCache.ts), members' flags (viewerFlagCache.ts). */
interface ForgetsUsers {
  readonly forgetUser: (uid: number) => void
  readonly forgetAll: () => void
}

/** Another process's "<kind> <uid>": a uid that does not parse forgets everyone (a session must never outlive its end for a typo). */
const forgetFromMessage = (cache: ForgetsUsers, key: string | undefined): void => {
  const uid = Number(key)
  if (Number.isSafeInteger(uid)) cache.forgetUser(uid)
  else cache.forgetAll()
}

/** The cache whose forgets act here at once and are sent to every other process as "<kind> <uid>" / "<kind> all". */
const forgettingEverywhere = <Cache extends ForgetsUsers>(cache: Cache, kind: string, send: (message: string) => void): Cache => ({
  ...cache,
  forgetUser: (uid: number) => {
    cache.forgetUser(uid)
    send(`${kind} ${uid}`)
  },
  forgetAll: () => {
    cache.forgetAll()
    send(`${kind} all`)
  }
})

/**
 * The feed cache and the task wake-ups of one process, shared with the other processes on the same
 * PostgreSQL (ADR 0019): a local change acts here at once and is sent as a NOTIFY; a notification
 * from another process acts here only (its origin is not ours; our own are skipped, they acted
 * already). The callers already invalidate and notify after their writes committed, so whoever
 * wakes reads the change. A lost listening connection clears the feed cache when it comes back (the
 * invalidations in between are lost); task streams re-read their row on their timer anyway.
 * Without notifications (PGlite: one process) the local cache and signal are returned as they are.
 */
export const shareChangesAcrossProcesses = async (
  local: { readonly feedCache: AnswerCache; readonly taskChanges: KeyedSignal; readonly moderationWords?: AnswerCache; readonly sessions?: SessionCache; readonly viewerFlags?: ViewerFlagCache },
  notifications: DatabaseNotifications | undefined,
  log: Log
): Promise<ProcessChanges> => {
  // a caller without a word list (older tests) gets one that keeps nothing
  const words = local.moderationWords ?? makeAnswerCache({ ttlMs: 0 })
  const sessions = local.sessions ?? makeSessionCache({ ttlMs: 0 })
  const viewerFlags = local.viewerFlags ?? makeViewerFlagCache({ enabled: false })
  if (notifications === undefined) return { ...local, moderationWords: words, sessions, viewerFlags, stop: async () => {} }
  const origin = randomBytes(6).toString("hex")
  const send = (message: string) => {
    // a wake-up that does not leave only delays the others to their own timers (TTL, stream poll)
    notifications.notify(CHANGES_CHANNEL, `${origin} ${message}`).catch((error: unknown) => {
      log.warn("cross-process notify failed", { error: error instanceof Error ? error.message : String(error) })
    })
  }
  const receive = (payload: string) => {
    const [from, kind, key] = payload.split(" ")
    if (from === origin) return
    if (kind === "feed") local.feedCache.invalidate()
    else if (kind === "words") words.invalidate()
    else if (kind === "task" && key !== undefined && key !== "") local.taskChanges.notify(key)
    // a session ended elsewhere (R7); a member's like or follow elsewhere: their next page here reads their flags again
    else if (kind === "sessions") forgetFromMessage(sessions, key)
    else if (kind === "flags") forgetFromMessage(viewerFlags, key)
  }
  const listening = await notifications.listen(CHANGES_CHANNEL, receive, () => {
    local.feedCache.invalidate()
    words.invalidate()
    // the sessions ended meanwhile in other processes are unknown here: read every one again
    sessions.forgetAll()
    viewerFlags.forgetAll()
  })
  return {
    feedCache: {
      ...local.feedCache,
      invalidate: () => {
        local.feedCache.invalidate()
        send("feed")
      }
    },
    taskChanges: {
      ...local.taskChanges,
      notify: (key) => {
        local.taskChanges.notify(key)
        send(`task ${key}`)
      }
    },
    moderationWords: {
      ...words,
      invalidate: () => {
        words.invalidate()
        send("words")
      }
    },
    sessions: forgettingEverywhere(sessions, "sessions", send),
    viewerFlags: forgettingEverywhere(viewerFlags, "flags", send),
    stop: () => listening.close()
  }
}
