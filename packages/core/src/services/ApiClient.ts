import { Context, Effect, Layer } from "effect"
import type { CallError } from "../api/ApiErrors.js"
import type { AnyRoute, RouteData, RouteInput } from "../api/Route.js"
import { Http } from "../ports/Http.js"
import type { CallOptions } from "./apiHeaders.js"
import { AuthToken } from "./AuthToken.js"
import { schemaCodeOnFirstUse } from "./schemaCodeOnFirstUse.js"

export interface ApiClientShape {
  /** Calls one route of the contract and gives its decoded `data`, or a typed error. */
  readonly call: <R extends AnyRoute>(route: R, input: RouteInput<R>, options?: CallOptions) => Effect.Effect<RouteData<R>, CallError>
}

export class ApiClient extends Context.Tag("@mido/core/ApiClient")<ApiClient, ApiClientShape>() {}

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
