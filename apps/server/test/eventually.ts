import { expect } from "vitest"

/**
 * Polls `read` until it answers `expected`, then asserts it: for a change that reaches this process
 * through the database (a LISTEN/NOTIFY wake-up, another process's write), not through the call that
 * caused it. `ms` stays far below any cache lifetime the caller checks, so a pass proves the wake-up.
 */
export const eventually = async <T>(read: () => Promise<T>, expected: T, ms = 5_000) => {
  const until = Date.now() + ms
  let last = await read()
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25))
    last = await read()
  }
  expect(last).toEqual(expected)
}
