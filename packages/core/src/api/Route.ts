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
  /** A realistic sample, wire form, used by docs/api.md and the decode tests. */
  readonly example: { readonly input: InWire; readonly data: OutWire }
}

/* eslint-disable @typescript-eslint/no-explicit-any -- `any` here is type-level variance for "some route" */
export type AnyRoute = Route<string, any, any, any, any>
export type RouteInput<R> = R extends Route<string, infer In, any, any, any> ? In : never
export type RouteData<R> = R extends Route<string, any, any, infer Out, any> ? Out : never
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Types come from the schemas; the example is checked against them, not used to infer them. */
export const defineRoute = <const Name extends string, In, InWire, Out, OutWire>(
  route: Omit<Route<Name, In, InWire, Out, OutWire>, "example"> & {
    readonly example: { readonly input: NoInfer<InWire>; readonly data: NoInfer<OutWire> }
  }
): Route<Name, In, InWire, Out, OutWire> => route
