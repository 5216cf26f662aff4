import type { AnyRoute, RouteData } from "@mido/core"
import type { Schema } from "effect"

// objects a handler built already in their route's wire form (identity: nothing else is marked)
const inWire = new WeakSet<object>()

/**
 * Data a handler hands back already in its route's wire form — the encoded side of the route's data
 * schema, typically a kept answer encoded once and copied with a few plain fields changed — so the
 * answer skips the per-request Schema encode (implement, contract.ts). On the artwork detail that
 * encode was about a tenth of a request's CPU (issue 30, ADR 0027 "Since, fourth part"). The caller
 * vouches for the form: only fields whose encoded and decoded sides are the same may be changed.
 */
export const inWireForm = <R extends AnyRoute>(_route: R, wire: Schema.Schema.Encoded<R["data"]> & object): RouteData<R> => {
  inWire.add(wire)
  return wire as unknown as RouteData<R>
}

export const isInWireForm = (data: unknown): boolean => typeof data === "object" && data !== null && inWire.has(data)
