import { Effect, Layer, Stream } from "effect"
import { HttpFailure, type QueryValue } from "../ports/Http.js"
import { EventStreamRefused, type ServerEvent, ServerEvents, type ServerEventsRequest, type ServerEventsShape } from "../ports/ServerEvents.js"
import { makeEventStreamParser } from "./eventStreamParser.js"
import { parseBody } from "./responseBody.js"

export interface FetchServerEventsOptions {
  /** Where relative paths go, as for FetchHttp; absent in a browser: the site itself. */
  readonly baseUrl?: string
  /** A fetch to use instead of the global one. */
  readonly fetch?: typeof globalThis.fetch
  /**
   * No byte for this long (not even the server's ping, every 15 s) and the connection counts as dead:
   * an HttpFailure, so a watcher can fall back to polling. Default 45 s.
   */
  readonly idleTimeoutMs?: number
}

export const DEFAULT_IDLE_TIMEOUT_MS = 45_000

const urlOf = (baseUrl: string | undefined, request: ServerEventsRequest): string => {
  const absolute = /^https?:\/\//i.test(request.url)
  const base = absolute || baseUrl === undefined ? "" : baseUrl.replace(/\/+$/, "")
  const query = new URLSearchParams(
    Object.entries(request.query ?? {})
      .filter((entry): entry is [string, Exclude<QueryValue, null | undefined>] => entry[1] !== undefined && entry[1] !== null)
      .map(([key, value]) => [key, String(value)])
  ).toString()
  return `${base}${request.url}${query === "" ? "" : `${request.url.includes("?") ? "&" : "?"}${query}`}`
}

const failure = (error: unknown) => new HttpFailure({ reason: error instanceof Error ? error.message : String(error), timeout: false })

/**
 * Server-sent events over fetch and the response's ReadableStream (browsers, Node 20+), rather than
 * EventSource, which can send no Authorization header and hides the status of a refused answer.
 */
export const makeFetchServerEvents = (options: FetchServerEventsOptions = {}): ServerEventsShape => {
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS
  const open = (request: ServerEventsRequest): Stream.Stream<ServerEvent, HttpFailure | EventStreamRefused> =>
    Stream.unwrapScoped(
      Effect.gen(function* () {
        const fetchImpl = options.fetch ?? globalThis.fetch
        // the request lives as long as the stream: its end, failure or interruption aborts it
        const controller = yield* Effect.acquireRelease(
          Effect.sync(() => new AbortController()),
          (aborted) => Effect.sync(() => aborted.abort())
        )
        const response = yield* Effect.tryPromise({
          try: () =>
            fetchImpl(urlOf(options.baseUrl, request), {
              headers: { accept: "text/event-stream", ...request.headers },
              cache: "no-store",
              signal: controller.signal
            }),
          catch: failure
        })
        const contentType = response.headers.get("content-type") ?? undefined
        if (!response.ok || response.body === null || !/^text\/event-stream/i.test(contentType ?? "")) {
          const text = yield* Effect.tryPromise({ try: () => response.text(), catch: failure })
          return yield* new EventStreamRefused({ status: response.status, contentType, body: parseBody(text) })
        }
        const body = response.body
        const parser = makeEventStreamParser()
        const decoder = new TextDecoder()
        const rest = Stream.suspend(() => Stream.fromIterable([...parser.feed(decoder.decode()), ...parser.end()]))
        return Stream.fromReadableStream({ evaluate: () => body, onError: failure }).pipe(
          Stream.timeoutFail(() => new HttpFailure({ reason: `no event for ${idleTimeoutMs} ms`, timeout: true }), idleTimeoutMs),
          Stream.mapConcat((bytes) => parser.feed(decoder.decode(bytes, { stream: true }))),
          Stream.concat(rest)
        )
      })
    )
  return ServerEvents.of({ open })
}

export const FetchServerEventsLayer = (options: FetchServerEventsOptions = {}) => Layer.succeed(ServerEvents, makeFetchServerEvents(options))
