import { Effect, type Option, Schema } from "effect"
import { ApiError, type CallError, DecodeError, NetworkError, RequestError, Unauthorized } from "../api/ApiErrors.js"
import { Envelope, SUCCESS_CODE, UNAUTHORIZED_CODE } from "../api/Envelope.js"
import type { AnyRoute, RouteData, RouteInput } from "../api/Route.js"
import type { FormField, HttpRequest, HttpShape, QueryValue } from "../ports/Http.js"
import type { ApiClientShape } from "./ApiClient.js"
import { apiHeaders, type CallOptions, REQUEST_TIMEOUT_MS } from "./apiHeaders.js"
import type { AuthTokenShape } from "./AuthToken.js"
import { firstIssue } from "./firstIssue.js"

const formFields = (wire: unknown): ReadonlyArray<FormField> =>
  Object.entries((wire ?? {}) as Record<string, unknown>).flatMap(([name, value]): Array<FormField> => {
    if (value === undefined || value === null) return []
    if (typeof Blob !== "undefined" && value instanceof Blob) {
      const fileName = "name" in value && typeof value.name === "string" ? value.name : name
      return [{ name, file: value, fileName }]
    }
    return [{ name, value: typeof value === "string" ? value : JSON.stringify(value) }]
  })

const toRequest = (route: AnyRoute, wire: unknown, token: Option.Option<string>, extra: CallOptions["headers"]): HttpRequest => {
  const headers = apiHeaders(token, extra)
  const base = { method: route.method, url: route.path, headers, timeoutMs: REQUEST_TIMEOUT_MS }
  switch (route.encoding) {
    case "query":
      return { ...base, query: (wire ?? {}) as Record<string, QueryValue> }
    case "json":
      return { ...base, body: { kind: "json", value: wire ?? {} } }
    case "multipart":
      return { ...base, body: { kind: "form", fields: formFields(wire) } }
  }
}

/**
 * The client's calls: encode the input with the route's schema, send, read the envelope, decode the
 * data. Loaded with the first call (ApiClient.ts, ADR 0032): this is where the app first needs Schema.
 */
export const makeApiClient = (http: HttpShape, auth: AuthTokenShape): ApiClientShape => ({
  call: <R extends AnyRoute>(route: R, input: RouteInput<R>, options?: CallOptions): Effect.Effect<RouteData<R>, CallError> =>
    Effect.gen(function* () {
      const name = route.name
      const wire = yield* Schema.encode(route.input)(input).pipe(
        Effect.mapError((error) => new RequestError({ route: name, ...firstIssue(error) }))
      )
      const response = yield* http.request(toRequest(route, wire, yield* auth.get, options?.headers)).pipe(
        Effect.mapError((failure) => new NetworkError({ route: name, reason: failure.reason }))
      )
      const envelope = yield* Schema.decodeUnknown(Envelope)(response.body).pipe(
        Effect.mapError(() => new NetworkError({ route: name, reason: `HTTP ${response.status}: not an API answer` }))
      )
      if (envelope.code === UNAUTHORIZED_CODE) {
        // R9: any -401 logs out, whichever call saw it
        yield* auth.clear
        return yield* new Unauthorized({ route: name, msg: envelope.msg })
      }
      if (envelope.code !== SUCCESS_CODE) return yield* new ApiError({ route: name, code: envelope.code, msg: envelope.msg })
      return yield* Schema.decodeUnknown(route.data)(envelope.data).pipe(
        Effect.mapError((error) => new DecodeError({ route: name, ...firstIssue(error) }))
      ) as Effect.Effect<RouteData<R>, DecodeError>
    })
})
