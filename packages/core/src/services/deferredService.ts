import { type Context, Effect, Layer } from "effect"
import type { NetworkError } from "../api/ApiErrors.js"
import { onFirstUse } from "./onFirstUse.js"

/**
 * How one member of a service loaded on first use answers before (or without) the service's code.
 * - `"effect"`: an Effect member; runs the implementation's once it is loaded.
 * - `"call"`: a function member returning an Effect; calls the implementation's once it is loaded.
 *   Both fail with onFirstUse's NetworkError when the code cannot be fetched, so the member's error
 *   type must include NetworkError (the type checks it).
 * - `{ offline }`: a call whose error type has no NetworkError: when the code cannot be fetched it
 *   answers `offline(error, ...args)` instead (a failed-check outcome, an Unchanged update, false …).
 * - `{ atOnce }`: a pure member (a rule, no I/O) that answers without loading anything.
 * - `{ custom }`: anything else, built from the implementation-on-first-use.
 */
export type MemberPlan<S, F> =
  | { readonly atOnce: F }
  | { readonly custom: (implementation: Effect.Effect<S, NetworkError>) => F }
  | (F extends Effect.Effect<infer _A, infer E, never> ? ([NetworkError] extends [E] ? "effect" : never) : never)
  | (F extends (...args: infer P) => Effect.Effect<infer A, infer E, never>
    ? ([NetworkError] extends [E] ? "call" : never) | { readonly offline: (error: NetworkError, ...args: P) => Effect.Effect<A, E> }
    : never)

/** Every member of a service's shape with its plan: a member added to the shape must be planned here. */
export type DeferredMembers<S> = { readonly [K in keyof S]-?: MemberPlan<S, S[K]> }

type AnyEffect = Effect.Effect<unknown, unknown>
type AnyCall = (...args: ReadonlyArray<unknown>) => AnyEffect

/** A plan as the facade reads it at run time, once the types have checked it against the shape. */
type RuntimePlan<S> =
  | "effect"
  | "call"
  | { readonly atOnce: unknown }
  | { readonly custom: (implementation: Effect.Effect<S, NetworkError>) => unknown }
  | { readonly offline: (error: NetworkError, ...args: ReadonlyArray<unknown>) => AnyEffect }

const memberOf = <S>(implementation: Effect.Effect<S, NetworkError>, key: keyof S, plan: RuntimePlan<S>): unknown => {
  const member = (service: S) => service[key] as unknown
  if (plan === "effect") return Effect.flatMap(implementation, (service) => member(service) as AnyEffect)
  if (plan === "call") return (...args: ReadonlyArray<unknown>) => Effect.flatMap(implementation, (service) => (member(service) as AnyCall)(...args))
  if ("atOnce" in plan) return plan.atOnce
  if ("custom" in plan) return plan.custom(implementation)
  const { offline } = plan
  // only a failed load answers offline: the implementation's own failures pass through as they are
  return (...args: ReadonlyArray<unknown>) =>
    Effect.matchEffect(implementation, {
      onFailure: (error) => offline(error, ...args),
      onSuccess: (service) => (member(service) as AnyCall)(...args)
    })
}

/**
 * The service's shape over an implementation loaded on first use (onFirstUse), member by member as
 * `members` plans them.
 */
export const deferredFacade = <S>(members: DeferredMembers<S>, implementation: Effect.Effect<S, NetworkError>): S => {
  const plans = members as unknown as Readonly<Record<keyof S, RuntimePlan<S>>>
  const keys = Object.keys(plans) as Array<keyof S>
  return Object.fromEntries(keys.map((key) => [key, memberOf(implementation, key, plans[key])])) as S
}

/**
 * The live layer of a service whose code is fetched on first use, out of the web app's first load
 * (issue 5): `load` is a dynamic `import()` of the module that builds it, as an Effect over the
 * services it needs. Those are read from the context when the runtime starts, like every service's,
 * and handed to it when it is loaded. Loads once; a failed load (offline) is forgotten and retried,
 * and each member answers it as `members` plans (see onFirstUse, MemberPlan). The code's name in
 * the NetworkError ("code:Checkout") is the tag's last segment.
 */
export const deferredService = <I, S, R>(
  tag: Context.Tag<I, S>,
  members: DeferredMembers<S>,
  load: () => Promise<Effect.Effect<S, never, R>>
): Layer.Layer<I, never, R> =>
  Layer.effect(
    tag,
    Effect.map(Effect.context<R>(), (context) => {
      const name = tag.key.slice(tag.key.lastIndexOf("/") + 1)
      const implementation = onFirstUse(name, async () => Effect.runSync(Effect.provide(await load(), context)))
      return deferredFacade(members, implementation)
    })
  )
