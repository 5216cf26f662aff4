import type { CoreServices, Unsubscribe } from "@mido/core"
import type { Effect } from "effect"

/**
 * What RootStore does with each store it registers, in registry order:
 * - `start()` at RootStore.start(): read persisted state and the services' current values and
 *   subscribe to them; gives back what undoes that (run at dispose). Synchronous ports make it run
 *   at once, so the stores are ready before the first paint.
 * - `reset()` when the user goes (logout, -401; R9): forget whatever was the user's. Required, so each
 *   store says so: a store with nothing of the user (the sidebar, the toasts) resets nothing.
 * - `dispose()` at RootStore.dispose(): stop timers, close scopes, answer open questions.
 */
export interface Store {
  start?(): Effect.Effect<Unsubscribe, never, CoreServices>
  reset(): void
  dispose?(): void
}
