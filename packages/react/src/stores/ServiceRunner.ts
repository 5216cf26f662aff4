import type { CoreRuntime, CoreServices } from "@mido/core"
import { Cause, type Effect, Exit, Fiber, Runtime } from "effect"

/** What a store call gives back: the value, or nothing when it failed (the failure is already reported). */
export type Attempt<A> = { readonly ok: true; readonly value: A } | { readonly ok: false }

/** How a failed call is reported: `error` is the typed failure, or the defect with `defect` true. */
export type FailureReporter = (error: unknown, defect: boolean) => void

/**
 * The one way stores reach the core (docs/ARCHITECTURE.md, Conventions): `runtime.runPromiseExit` inside a lifetime that
 * `begin()` opens and `end()` closes. Ending interrupts every call still running, so a disposed root
 * store leaves no fibers, pollers or timers behind (R9); an interrupted call is never reported.
 */
export class ServiceRunner {
  readonly #runtime: CoreRuntime
  readonly #report: FailureReporter
  #lifetime = new AbortController()

  constructor(runtime: CoreRuntime, report: FailureReporter) {
    this.#runtime = runtime
    this.#report = report
  }

  /** Opens a new lifetime after `end()`; calls run from now on belong to it. */
  begin(): void {
    if (this.#lifetime.signal.aborted) this.#lifetime = new AbortController()
  }

  /** Interrupts every call of the current lifetime. */
  end(): void {
    this.#lifetime.abort()
  }

  /** Runs `effect` and resolves with its Exit; `signal` may interrupt it earlier than the lifetime. */
  exit<A, E>(effect: Effect.Effect<A, E, CoreServices>, signal?: AbortSignal): Promise<Exit.Exit<A, unknown>> {
    const lifetime = this.#lifetime.signal
    if (signal === undefined) return this.#runtime.runPromiseExit(effect, { signal: lifetime })
    // either signal interrupts the call; the listeners go with it, so none pile up on the lifetime
    const both = new AbortController()
    const abort = () => both.abort()
    if (lifetime.aborted || signal.aborted) abort()
    lifetime.addEventListener("abort", abort, { once: true })
    signal.addEventListener("abort", abort, { once: true })
    return this.#runtime.runPromiseExit(effect, { signal: both.signal }).finally(() => {
      lifetime.removeEventListener("abort", abort)
      signal.removeEventListener("abort", abort)
    })
  }

  /** Runs `effect`; a failure goes through the error policy (toast or -401), an interruption is silent. */
  async attempt<A, E>(effect: Effect.Effect<A, E, CoreServices>, signal?: AbortSignal): Promise<Attempt<A>> {
    const exit = await this.exit(effect, signal)
    if (Exit.isSuccess(exit)) return { ok: true, value: exit.value }
    this.reportCause(exit.cause)
    return { ok: false }
  }

  /** Reports a failure that did not come out of a call of this runner (a payment wait's error). */
  report(error: unknown): void {
    this.#report(error, false)
  }

  /** Reports a failed Exit's cause by the error policy; interruptions are not failures. */
  reportCause(cause: Cause.Cause<unknown>): void {
    if (Cause.isInterruptedOnly(cause)) return
    const failure = Cause.failureOption(cause)
    if (failure._tag === "Some") this.#report(failure.value, false)
    else this.#report(Cause.squash(cause), true)
  }

  /** Runs clean-up work (closing scopes) outside any lifetime, so an ended lifetime cannot stop it. */
  cleanup(effect: Effect.Effect<void, never, CoreServices>): void {
    this.#runtime.runFork(effect)
  }

  /**
   * Runs `effect` at once when the ports answer synchronously (web storage, memory: the stores are
   * ready before the first paint), otherwise waits for it. Used to read what the stores start from.
   */
  now<A>(effect: Effect.Effect<A, never, CoreServices>): A | Promise<A> {
    const exit = this.#runtime.runSyncExit(effect)
    if (Exit.isSuccess(exit)) return exit.value
    const defect = Cause.squash(exit.cause)
    if (Runtime.isAsyncFiberException(defect)) {
      return this.#runtime.runPromise(Fiber.join(defect.fiber as Fiber.RuntimeFiber<A>))
    }
    throw defect
  }
}
