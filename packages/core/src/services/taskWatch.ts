import { Data, Effect, Option, Schema, Stream } from "effect"
import { type CallError, DecodeError, Unauthorized } from "../api/ApiErrors.js"
import { Envelope, UNAUTHORIZED_CODE } from "../api/Envelope.js"
import { isFinished, TaskView } from "../api/schemas/TaskView.js"
import type { ServerEventsError, ServerEventsShape } from "../ports/ServerEvents.js"
import { apiHeaders } from "./apiHeaders.js"
import { firstIssue } from "./firstIssue.js"
import type { AuthTokenShape } from "./AuthToken.js"

/** The live progress of one task (not a JSON route: an event stream of TaskView, docs/api.md). */
export const TASK_EVENTS_PATH = "/api/v2/task/events"
const EVENTS_ROUTE = "generation.events"

/** Network errors in a row that polling rides out before it gives up (at pollIntervalMs each). */
export const POLL_NETWORK_RETRIES = 10

/** The events cannot carry this watch (refused, failed, stalled): polling takes over. Never leaves this module. */
class EventsUnavailable extends Data.TaggedError("EventsUnavailable")<{ readonly reason: string }> {}

export interface TaskWatchDeps {
  readonly events: ServerEventsShape
  readonly auth: AuthTokenShape
  readonly info: (id: string) => Effect.Effect<TaskView, CallError>
  readonly pollIntervalMs: number
}

const decodeTask = Schema.decodeUnknown(Schema.parseJson(TaskView))

/** What a person can see change: a repeated poll answer or a re-sent event is not a new state. */
const sameState = (a: TaskView, b: TaskView) =>
  a.status === b.status && a.position === b.position && a.progress === b.progress && a.preview_url === b.preview_url &&
  a.images.length === b.images.length && a.refunded === b.refunded && a.reason === b.reason

export const watchTask = (deps: TaskWatchDeps) => {
  // a refusal carrying -401 logs out like any call (R9); anything else only means "poll instead"
  const refusal = (error: ServerEventsError): Stream.Stream<never, Unauthorized | EventsUnavailable> => {
    if (error._tag === "HttpFailure") return Stream.fail(new EventsUnavailable({ reason: error.reason }))
    const envelope = Schema.decodeUnknownOption(Envelope)(error.body)
    if (Option.isSome(envelope) && envelope.value.code === UNAUTHORIZED_CODE) {
      return Stream.fromEffect(Effect.zipRight(deps.auth.clear, Effect.fail(new Unauthorized({ route: EVENTS_ROUTE, msg: envelope.value.msg }))))
    }
    return Stream.fail(new EventsUnavailable({ reason: `HTTP ${error.status} ${error.contentType ?? ""}`.trim() }))
  }

  const fromEvents = (id: string): Stream.Stream<TaskView, CallError | EventsUnavailable> =>
    Stream.unwrap(Effect.map(deps.auth.get, (token) => deps.events.open({ url: TASK_EVENTS_PATH, query: { id }, headers: apiHeaders(token) }))).pipe(
      Stream.catchAll(refusal),
      Stream.filter((event) => event.event === "task"),
      Stream.mapEffect((event) => Effect.mapError(decodeTask(event.data), (error) => new DecodeError({ route: EVENTS_ROUTE, ...firstIssue(error) })))
    )

  const fromPolling = (id: string): Stream.Stream<TaskView, CallError> => {
    // a failed poll is asked again at the next tick, up to POLL_NETWORK_RETRIES times in a row; -401,
    // code ≠ 0 and bad data would not get better. (By hand, not Effect.retry with a Schedule: effect's
    // schedule code would join the web app's first load, packages/core/CONTEXT.md.)
    const poll = (retriesLeft: number): Effect.Effect<TaskView, CallError> =>
      Effect.catchIf(deps.info(id), (error) => error._tag === "NetworkError" && retriesLeft > 0, () =>
        Effect.zipRight(Effect.sleep(deps.pollIntervalMs), poll(retriesLeft - 1)))
    const once = poll(POLL_NETWORK_RETRIES)
    return Stream.concat(Stream.fromEffect(once), Stream.repeatEffect(Effect.zipRight(Effect.sleep(deps.pollIntervalMs), once)))
  }

  return (id: string): Stream.Stream<TaskView, CallError> =>
    Stream.suspend(() => {
      let finished = false
      const live = fromEvents(id).pipe(
        Stream.takeUntil((task) => isFinished(task.status)),
        Stream.tap((task) => Effect.sync(() => (finished = isFinished(task.status)))),
        Stream.catchTag("EventsUnavailable", (error) => Stream.execute(Effect.logDebug("task events unavailable; polling", error.reason)))
      )
      const polled = Stream.suspend(() => (finished ? Stream.empty : fromPolling(id).pipe(Stream.takeUntil((task) => isFinished(task.status)))))
      return Stream.concat(live, polled).pipe(Stream.changesWith(sameState))
    })
}
