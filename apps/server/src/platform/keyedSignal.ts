/**
 * Process-local wake-ups by key. A task's event stream waits on its task id instead of sleeping out
 * its whole poll interval, and the worker in the same process notifies after every change it writes,
 * so a change reaches the browser at once. On PostgreSQL the workers of other processes wake it too
 * (processChanges.ts, LISTEN/NOTIFY); the stream still reads the row on a timer, so a lost wake-up
 * only delays it.
 */
export interface KeyedSignal {
  readonly notify: (key: string) => void
  /** Resolves at the next notify of `key`, or after `ms`, whichever comes first. */
  readonly wait: (key: string, ms: number) => Promise<void>
}

export const makeKeyedSignal = (): KeyedSignal => {
  const waiting = new Map<string, Set<() => void>>()
  return {
    notify: (key) => {
      const wakes = waiting.get(key)
      if (wakes === undefined) return
      waiting.delete(key)
      for (const wake of wakes) wake()
    },
    wait: (key, ms) =>
      new Promise<void>((resolve) => {
        const wakes = waiting.get(key) ?? new Set<() => void>()
        waiting.set(key, wakes)
        const wake = () => {
          clearTimeout(timer)
          resolve()
        }
        const timer = setTimeout(() => {
          wakes.delete(wake)
          if (wakes.size === 0 && waiting.get(key) === wakes) waiting.delete(key)
          resolve()
        }, ms)
        wakes.add(wake)
      })
  }
}
