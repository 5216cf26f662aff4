import { Context, Effect, Layer, type Stream } from "effect"
import type { CallError, InputCallError } from "../api/ApiErrors.js"
import type { TaskPoints, TaskPointsPayload } from "../api/schemas/TaskPoints.js"
import type { TaskSubmit, TaskType } from "../api/schemas/TaskSubmit.js"
import type { EngineCatalog, TaskListQuery, TaskView } from "../api/schemas/TaskView.js"
import { ServerEvents, type ServerEventsShape } from "../ports/ServerEvents.js"
import { ApiClient } from "./ApiClient.js"
import { AuthToken } from "./AuthToken.js"
import { makeGeneration } from "./generationImplementation.js"

/** A page of my tasks, newest first; `next_cursor` absent on the last page. */
export interface TaskPage {
  readonly list: ReadonlyArray<TaskView>
  readonly next_cursor?: string | undefined
  readonly total?: number | undefined
}

export interface GenerationShape {
  /** POST /api/v2/quick/task/points: what the task would cost this user now, and the balance. Charges nothing. */
  readonly cost: (input: typeof TaskPointsPayload.Encoded) => Effect.Effect<TaskPoints, InputCallError>
  /**
   * POST /api/v2/task/submit, the input checked by the route's schema first (its Chinese message).
   * Without a request_id one is chosen when `submit` is called, so running the same Effect again
   * (a retry after a lost answer) answers the first task instead of charging twice.
   */
  readonly submit: (input: typeof TaskSubmit.Encoded) => Effect.Effect<TaskView, InputCallError>
  /** GET /api/v2/task/info: one of my tasks as it is now. */
  readonly task: (id: string) => Effect.Effect<TaskView, InputCallError>
  /** GET /api/v2/task/list: my tasks, keyset pages (pass the last page's next_cursor as `cursor`). */
  readonly list: (query: typeof TaskListQuery.Encoded) => Effect.Effect<TaskPage, InputCallError>
  /** POST /api/v2/task/cancel: stops a queued or running task (refunding what it had not made); a finished one answers as it is. */
  readonly cancel: (id: string) => Effect.Effect<TaskView, InputCallError>
  /** POST /api/v2/task/retry: a new task from an old one's parameters, charged like a submit (request_id as for submit). */
  readonly retry: (id: string) => Effect.Effect<TaskView, InputCallError>
  /** GET /api/v2/task/catalog: what the engine of a task type offers (checkpoints, samplers …). */
  readonly catalog: (type: TaskType) => Effect.Effect<EngineCatalog, CallError>
  /**
   * The task's states as they change, ending with its finished one (isFinished). Reads the server's
   * events (GET /api/v2/task/events, sent with the token like every call); when that stream is refused,
   * fails or ends before the task is finished, asks /api/v2/task/info every pollIntervalMs instead.
   * Consecutive equal states are given once. -401 logs out (R9) and fails with Unauthorized; an event
   * that does not decode is a DecodeError. Interrupting it closes the stream or stops the polling.
   */
  readonly watch: (id: string) => Stream.Stream<TaskView, CallError>
}

/**
 * Drawing tasks: cost, submit, follow, history, cancel and retry (issue 13). Exported from
 * @mido/core/generation, not from the main entry, and not built by makeCoreLayer: watch is an Effect
 * Stream, which would add ~10 KB gzip to the first load (docs/adr/0005); the creation pages and the
 * CLI compose it over the core's services with GenerationLayer.
 */
export class Generation extends Context.Tag("@mido/core/Generation")<Generation, GenerationShape>() {}

export interface GenerationOptions {
  /** The wait between two info calls when the events are not available. Default 1500 ms. */
  readonly pollIntervalMs?: number
}

export const DEFAULT_POLL_INTERVAL_MS = 1500

/** Generation over the core's ApiClient (so the Http port) and AuthToken, and the ServerEvents port. */
export const GenerationLayer = (options: GenerationOptions = {}): Layer.Layer<Generation, never, ApiClient | AuthToken | ServerEvents> =>
  Layer.effect(
    Generation,
    Effect.map(Effect.all({ api: ApiClient, auth: AuthToken, events: ServerEvents }), (deps) =>
      makeGeneration(deps, { pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS }))
  )

/**
 * Generation made over a running core's ApiClient and AuthToken and the given events port, without a
 * Layer to build: what an app that already runs the core's services uses (the web app's generation
 * store). Building a Layer there would keep effect's layer code in the first load (docs/adr/0005).
 */
export const makeGenerationService = (events: ServerEventsShape, options: GenerationOptions = {}): Effect.Effect<GenerationShape, never, ApiClient | AuthToken> =>
  Effect.map(Effect.all({ api: ApiClient, auth: AuthToken }), ({ api, auth }) =>
    makeGeneration({ api, auth, events }, { pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS }))
