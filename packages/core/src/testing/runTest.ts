import { Effect, type Scope, TestContext } from "effect"

/**
 * Runs an effect under Effect's TestContext: TestClock instead of the wall clock, so polling and
 * "once per 24 hours" rules are tested by moving time, never by sleeping.
 */
export const runTest = <A, E>(effect: Effect.Effect<A, E, Scope.Scope>): Promise<A> =>
  Effect.runPromise(effect.pipe(Effect.scoped, Effect.provide(TestContext.TestContext)))

/** Like runTest, but resolves with the Exit so failures can be asserted. */
export const runTestExit = <A, E>(effect: Effect.Effect<A, E, Scope.Scope>) =>
  Effect.runPromise(Effect.exit(effect).pipe(Effect.scoped, Effect.provide(TestContext.TestContext)))
