import { Effect, Layer, Stream } from "effect"
import type { HttpFailure } from "../ports/Http.js"
import { EventStreamRefused, type ServerEvent, ServerEvents, type ServerEventsRequest } from "../ports/ServerEvents.js"

/** What the fake server answers to one request: its events as a Stream, or undefined for a 404 refusal. */
export type MemoryEventsHandler = (request: ServerEventsRequest) => Stream.Stream<ServerEvent, HttpFailure | EventStreamRefused> | undefined

export interface MemoryServerEvents {
  readonly events: typeof ServerEvents.Service
  /** Every request opened, in order. */
  readonly requests: Array<ServerEventsRequest>
  /** How many streams are open now: interrupting or ending one closes it. */
  readonly open: () => number
}

/**
 * ServerEvents in memory: each request goes to `handler`, whose stream the caller reads; an unmatched
 * request is refused as a server without the route would (404, text body).
 */
export const makeMemoryServerEvents = (handler: MemoryEventsHandler): MemoryServerEvents => {
  const requests: Array<ServerEventsRequest> = []
  let open = 0
  const events = ServerEvents.of({
    open: (request) =>
      Stream.unwrapScoped(
        Effect.gen(function* () {
          requests.push(request)
          const answer = handler(request)
          if (answer === undefined) return yield* new EventStreamRefused({ status: 404, contentType: "text/plain", body: "Not Found" })
          yield* Effect.acquireRelease(Effect.sync(() => open++), () => Effect.sync(() => open--))
          return answer
        })
      )
  })
  return { events, requests, open: () => open }
}

export const MemoryServerEventsLayer = (memory: MemoryServerEvents) => Layer.succeed(ServerEvents, memory.events)

/** A refusal carrying an API envelope as JSON (e.g. -401 with 请先登录), as the real route answers. */
export const refusedWithEnvelope = (code: number, msg: string) =>
  Stream.fail(new EventStreamRefused({ status: 200, contentType: "application/json", body: { code, msg, data: null } }))

/** `event: task` events carrying the given values as JSON. */
export const taskEvents = (...values: ReadonlyArray<unknown>): Stream.Stream<ServerEvent> =>
  Stream.fromIterable(values.map((value) => ({ event: "task", data: JSON.stringify(value) })))
