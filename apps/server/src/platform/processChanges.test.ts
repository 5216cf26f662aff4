import { describe, expect, it } from "vitest"
import type { DatabaseNotifications } from "../db/notifications.js"
import { makeAnswerCache } from "./answerCache.js"
import { makeKeyedSignal } from "./keyedSignal.js"
import { silentLog } from "./log.js"
import { shareChangesAcrossProcesses } from "./processChanges.js"
import { makeSessionCache } from "./sessionCache.js"
import { makeViewerFlagCache } from "./viewerFlagCache.js"

/**
 * One channel in memory that behaves as PostgreSQL's NOTIFY does for Mido's listeners: every
 * listening process gets every payload, the sender's own included (the NOTIFY reference page:
 * "the notifying session ... will receive it too" when it listens).
 */
const memoryChannel = () => {
  const listeners = new Set<{ onPayload: (payload: string) => void; onReconnect: () => void }>()
  const notifications: DatabaseNotifications = {
    notify: async (_channel, payload) => {
      await Promise.resolve()
      for (const listener of listeners) listener.onPayload(payload)
    },
    listen: async (_channel, onPayload, onReconnect) => {
      const listener = { onPayload, onReconnect }
      listeners.add(listener)
      return { close: async () => void listeners.delete(listener) }
    }
  }
  return { notifications, reconnectAll: () => listeners.forEach((listener) => listener.onReconnect()) }
}

const countingProcess = async (notifications: DatabaseNotifications | undefined) => {
  const feedCache = makeAnswerCache({ ttlMs: 60_000 })
  let invalidations = 0
  const counted = { ...feedCache, invalidate: () => (invalidations++, feedCache.invalidate()) }
  const shared = await shareChangesAcrossProcesses({ feedCache: counted, taskChanges: makeKeyedSignal() }, notifications, silentLog)
  return { shared, invalidations: () => invalidations }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10))

describe("sharing the feed cache and task wake-ups between processes", () => {
  it("one process's invalidation clears every other's, and its own once (its echo is skipped)", async () => {
    const channel = memoryChannel()
    const [one, two, three] = await Promise.all([1, 2, 3].map(() => countingProcess(channel.notifications)))
    one!.shared.feedCache.invalidate()
    await settle()
    expect([one!.invalidations(), two!.invalidations(), three!.invalidations()]).toEqual([1, 1, 1])
  })

  it("a task notified in one process wakes its waiters in another; other tasks sleep on", async () => {
    const channel = memoryChannel()
    const [worker, api] = await Promise.all([countingProcess(channel.notifications), countingProcess(channel.notifications)])
    let otherWoken = false
    void api.shared.taskChanges.wait("other", 200).then(() => (otherWoken = true))
    const started = Date.now()
    const woken = api.shared.taskChanges.wait("42", 5_000)
    worker.shared.taskChanges.notify("42")
    await woken
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(otherWoken).toBe(false)
  })

  it("a listener that reconnects clears its cache (what was notified meanwhile is lost); stop stops listening", async () => {
    const channel = memoryChannel()
    const process = await countingProcess(channel.notifications)
    channel.reconnectAll()
    expect(process.invalidations()).toBe(1)
    await process.shared.stop()
    const sender = await countingProcess(channel.notifications)
    sender.shared.feedCache.invalidate()
    await settle()
    expect(process.invalidations()).toBe(1)
  })

  it("an edit of the moderation word list in one process clears every process's copy (issue 29)", async () => {
    const channel = memoryChannel()
    const processes = await Promise.all([1, 2].map(() => shareChangesAcrossProcesses({ feedCache: makeAnswerCache({ ttlMs: 60_000 }), taskChanges: makeKeyedSignal(), moderationWords: makeAnswerCache({ ttlMs: 60_000 }) }, channel.notifications, silentLog)))
    const [editor, other] = processes as [typeof processes[0], typeof processes[0]]
    await other.moderationWords.answer("words", async () => "[]")
    expect(other.moderationWords.size()).toBe(1)
    editor.moderationWords.invalidate()
    await settle()
    expect(other.moderationWords.size()).toBe(0)
  })

  it("a user's sessions forgotten in one process (logout, ban) are forgotten in every other; a reconnect forgets all (R7, issue 30)", async () => {
    const channel = memoryChannel()
    const processes = await Promise.all([1, 2].map(() => shareChangesAcrossProcesses({ feedCache: makeAnswerCache({ ttlMs: 60_000 }), taskChanges: makeKeyedSignal(), sessions: makeSessionCache({ ttlMs: 60_000 }) }, channel.notifications, silentLog)))
    const [api, other] = processes as [typeof processes[0], typeof processes[0]]
    const live = async () => ({ uid: 7, expiresAt: new Date(Date.now() + 86_400_000) })
    const someoneElse = async () => ({ uid: 8, expiresAt: new Date(Date.now() + 86_400_000) })
    await other.sessions.uidOf("seven", new Date(), live)
    await other.sessions.uidOf("eight", new Date(), someoneElse)
    expect(other.sessions.size()).toBe(2)
    api.sessions.forgetUser(7)
    await settle()
    expect(other.sessions.size()).toBe(1)
    channel.reconnectAll()
    expect(other.sessions.size()).toBe(0)
  })

  it("a member's kept flags forgotten in one process (their like, collect, follow) are forgotten in every other; a reconnect forgets all (issue 30)", async () => {
    const channel = memoryChannel()
    const processes = await Promise.all([1, 2].map(() => shareChangesAcrossProcesses({ feedCache: makeAnswerCache({ ttlMs: 60_000 }), taskChanges: makeKeyedSignal(), viewerFlags: makeViewerFlagCache() }, channel.notifications, silentLog)))
    const [api, other] = processes as [typeof processes[0], typeof processes[0]]
    const page = {}
    await other.viewerFlags.flagsOf(7, "p1", page, async () => [{ is_like: false }])
    await other.viewerFlags.flagsOf(8, "p1", page, async () => [{ is_like: true }])
    expect(other.viewerFlags.size()).toBe(2)
    api.viewerFlags.forgetUser(7)
    await settle()
    expect(other.viewerFlags.size()).toBe(1)
    channel.reconnectAll()
    expect(other.viewerFlags.size()).toBe(0)
  })

  it("without notifications (PGlite) the process's own cache and signal are used as they are", async () => {
    const single = await countingProcess(undefined)
    single.shared.feedCache.invalidate()
    expect(single.invalidations()).toBe(1)
  })
})
