import { errorFields } from "./errorFields.js"
import type { Log } from "./log.js"

/**
 * Counts kept in this process and written to the database in one statement every `everyMs`
 * (issue 30: an artwork's detail counted its view with a write on every read, which made a cached
 * detail cost what an uncached one does). What a crash loses is at most one interval of counts: a
 * view count, not money; nothing that must happen once goes through here.
 *
 * A count is "pending" from `add` until the write that carries it has committed; `pendingOf` keeps
 * showing it through the write, so a reader who adds it to the stored figure never sees the figure
 * go down. A failed write puts its counts back for the next one (logged once per failure).
 */
export interface BatchedCounts {
  readonly add: (id: number, by?: number) => void
  /** Added here and not yet committed (waiting or being written). */
  readonly pendingOf: (id: number) => number
  /** Writes what is waiting now (the timer calls it; a stop calls it last). */
  readonly flush: () => Promise<void>
  /** Stops the timer and writes what is left. */
  readonly stop: () => Promise<void>
}

export type CountsWriter = (counts: ReadonlyMap<number, number>) => Promise<void>

export const makeBatchedCounts = (options: { readonly everyMs: number; readonly write: CountsWriter; readonly log: Log; readonly what: string }): BatchedCounts => {
  let waiting = new Map<number, number>()
  let writing = new Map<number, number>()
  // one write at a time: a flush asked during a write runs after it (flushOnce never rejects)
  let chain: Promise<void> = Promise.resolve()

  const flushOnce = async () => {
    if (waiting.size === 0) return
    writing = waiting
    waiting = new Map()
    try {
      await options.write(writing)
    } catch (error) {
      // back into the next write: a database blip delays the counts, it does not lose them
      for (const [id, count] of writing) waiting.set(id, (waiting.get(id) ?? 0) + count)
      options.log.warn("counts not written; kept for the next write", { what: options.what, ids: writing.size, ...errorFields(error) })
    } finally {
      writing = new Map()
    }
  }
  const flush = (): Promise<void> => (chain = chain.then(flushOnce))
  const timer = setInterval(() => void flush(), options.everyMs)
  timer.unref()

  return {
    add: (id, by = 1) => {
      waiting.set(id, (waiting.get(id) ?? 0) + by)
    },
    pendingOf: (id) => (waiting.get(id) ?? 0) + (writing.get(id) ?? 0),
    flush,
    stop: async () => {
      clearInterval(timer)
      await flush()
    }
  }
}
