import type { Schema } from "effect"

export type HttpMethod = "GET" | "POST"

/** How the input travels: as the query string, a JSON body, or a multipart form. */
export type InputEncoding = "query" | "json" | "multipart"

/** none: open to visitors; optional: personalised when logged in; required: -401 without a token. */
export type RouteAuth = "none" | "optional" | "required"

/**
 * One call of the contract (spec §7). The web app's client and the reference server both use this:
 * the client encodes `input` and decodes `data`; the server decodes `input` and encodes `data`.
 */
export interface Route<
  Name extends string = string,
  In = unknown,
  InWire = unknown,
  Out = unknown,
  OutWire = unknown
> {
  readonly name: Name
  readonly method: HttpMethod
  readonly path: `/${string}`
  readonly auth: RouteAuth
  readonly encoding: InputEncoding
  readonly input: Schema.Schema<In, InWire>
  readonly data: Schema.Schema<Out, OutWire>
  readonly summary: string
}

/* eslint-disable @typescript-eslint/no-explicit-any -- `any` here is type-level variance for "some route" */
export type AnyRoute = Route<string, any, any, any, any>
export type RouteInput<R> = R extends Route<string, infer In, any, any, any> ? In : never
export type RouteData<R> = R extends Route<string, any, any, infer Out, any> ? Out : never
/** The input as it travels (the encoded side of the input schema). */
export type RouteInputWire<R> = R extends Route<string, any, infer InWire, any, any> ? InWire : never
/** The data as it travels (the encoded side of the data schema). */
export type RouteDataWire<R> = R extends Route<string, any, any, any, infer OutWire> ? OutWire : never
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Types come from the schemas. Examples live apart (api/examples/), so the browser bundle ships none. */
export const defineRoute = <const Name extends string, In, InWire, Out, OutWire>(
  route: Route<Name, In, InWire, Out, OutWire>
): Route<Name, In, InWire, Out, OutWire> => route

/**
 * A realistic sample of one route in WIRE form (what travels: the encoded input and data), used by
 * docs/api.md and the decode tests. Kept out of the route objects: only tests and scripts import them.
 */
export interface RouteExample<R> {
  readonly input: RouteInputWire<R>
  readonly data: RouteDataWire<R>
}

/** One example per route of a group, keyed by the route's short name: a missing or extra key is a type error. */
export type RouteExamples<G extends Readonly<Record<string, AnyRoute>>> = { readonly [K in keyof G]: RouteExample<G[K]> }
