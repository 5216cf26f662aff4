import { Context, Effect, Layer, Option } from "effect"
import type { CallError } from "../api/ApiErrors.js"
import type { AnyRoute, RouteData, RouteInput } from "../api/Route.js"
import { Http } from "../ports/Http.js"
import { AuthToken } from "./AuthToken.js"
import { schemaCodeOnFirstUse } from "./schemaCodeOnFirstUse.js"

/** Per-call extras: request headers such as `Idempotency-Key` (R45). */
export interface CallOptions {
  readonly headers?: Readonly<Record<string, string>>
}

export interface ApiClientShape {
  /** Calls one route of the contract and gives its decoded `data`, or a typed error. */
  readonly call: <R extends AnyRoute>(route: R, input: RouteInput<R>, options?: CallOptions) => Effect.Effect<RouteData<R>, CallError>
}

export class ApiClient extends Context.Tag("@mido/core/ApiClient")<ApiClient, ApiClientShape>() {}

export const REQUEST_TIMEOUT_MS = 15_000

/** The headers every call carries: the source (spec §7) and, when logged in, the token as a Bearer. */
export const apiHeaders = (token: Option.Option<string>, extra?: CallOptions["headers"]): Record<string, string> => {
  const headers: Record<string, string> = { ...extra, source: "PC" }
  if (Option.isSome(token)) headers.Authorization = `Bearer ${token.value}`
  return headers
}

/**
 * The calls' code (apiClientImplementation.ts: Schema's encode and decode) comes with the first call
 * (ADR 0032), made once over the Http and AuthToken of the runtime. A call made while the code cannot
 * be fetched fails with a NetworkError (route "code:Schema"), as a call that cannot reach the server.
 */
export const ApiClientLive = Layer.effect(
  ApiClient,
  Effect.gen(function* () {
    const http = yield* Http
    const auth = yield* AuthToken
    let client: ApiClientShape | undefined
    const loaded = Effect.map(schemaCodeOnFirstUse, (code) => (client ??= code.makeApiClient(http, auth)))
    return {
      call: <R extends AnyRoute>(route: R, input: RouteInput<R>, options?: CallOptions): Effect.Effect<RouteData<R>, CallError> =>
        Effect.flatMap(loaded, (loadedClient) => loadedClient.call(route, input, options))
    }
  })
)
