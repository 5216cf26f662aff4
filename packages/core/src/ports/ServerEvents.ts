import type { Stream } from "effect"
import { Context, Data } from "effect"
import type { HttpFailure, QueryValue } from "./Http.js"

/** One server-sent event: its name (`event:`, "message" when absent), its data lines joined by "\n", the last id seen. */
export interface ServerEvent {
  readonly event: string
  readonly data: string
  readonly id?: string
}

export interface ServerEventsRequest {
  /** A path under the base URL ("/api/v2/task/events") or an absolute URL. */
  readonly url: string
  readonly query?: Readonly<Record<string, QueryValue>>
  readonly headers?: Readonly<Record<string, string>>
}

/**
 * The server answered, but not with an event stream (e.g. the -401 envelope as JSON, a 404 from a
 * server without the route): its status and body (parsed JSON, the text otherwise), so the caller
 * can read the envelope as it reads any API answer.
 */
export class EventStreamRefused extends Data.TaggedError("EventStreamRefused")<{
  readonly status: number
  readonly contentType: string | undefined
  readonly body: unknown
}> {}

export type ServerEventsError = HttpFailure | EventStreamRefused

export interface ServerEventsShape {
  /**
   * GET `url` as text/event-stream: the events as they arrive. The stream ends when the server
   * closes it; a dropped connection or a stalled one is an HttpFailure. Interrupting the stream
   * aborts the request.
   */
  readonly open: (request: ServerEventsRequest) => Stream.Stream<ServerEvent, ServerEventsError>
}

/**
 * Server-sent events (the Http port answers whole bodies, this one a live stream). Live:
 * FetchServerEvents (fetch + ReadableStream, browsers and Node 20+); in memory: MemoryServerEvents.
 * Exported from @mido/core/generation, not from the main entry: a Stream costs the first load ~10 KB
 * gzip (docs/adr/0005), and only the generation pages need one.
 */
export class ServerEvents extends Context.Tag("@mido/core/ServerEvents")<ServerEvents, ServerEventsShape>() {}
