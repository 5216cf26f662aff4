import { Effect, Layer } from "effect"
import { type BinaryResponse, Http, HttpFailure, type HttpRequest, type HttpResponse } from "../ports/Http.js"

export type MemoryHandler = (request: HttpRequest) => HttpResponse | Effect.Effect<HttpResponse, HttpFailure> | undefined

export interface MemoryHttp {
  readonly http: typeof Http.Service
  /** Every request seen, in order, for assertions. */
  readonly requests: Array<HttpRequest>
  /** Files served by `download`, by URL. */
  readonly files: Map<string, BinaryResponse>
}

const notFound: HttpResponse = { status: 404, headers: {}, body: "Not Found" }

/**
 * Http in memory: each request goes to `handler`, which answers like a server would (an unmatched
 * request is a 404 answer, not a transport failure). Downloads come from `files`.
 */
export const makeMemoryHttp = (handler: MemoryHandler): MemoryHttp => {
  const requests: Array<HttpRequest> = []
  const files = new Map<string, BinaryResponse>()
  const http = Http.of({
    request: (request) =>
      Effect.suspend(() => {
        requests.push(request)
        const answer = handler(request) ?? notFound
        const response = Effect.isEffect(answer) ? answer : Effect.succeed(answer)
        return request.timeoutMs === undefined
          ? response
          : Effect.timeoutFail(response, {
            duration: request.timeoutMs,
            onTimeout: () => new HttpFailure({ reason: "timeout", timeout: true })
          })
      }),
    download: (url) =>
      Effect.suspend(() => {
        const file = files.get(url)
        return file === undefined
          ? Effect.fail(new HttpFailure({ reason: `no file at ${url}`, timeout: false }))
          : Effect.succeed(file)
      })
  })
  return { http, requests, files }
}

export const MemoryHttpLayer = (memory: MemoryHttp) => Layer.succeed(Http, memory.http)

/** An API answer in the contract's envelope. */
export const envelope = (code: number, data: unknown = null, msg = code === 0 ? "success" : "error"): HttpResponse => ({
  status: 200,
  headers: { "content-type": "application/json" },
  body: { code, msg, data }
})
