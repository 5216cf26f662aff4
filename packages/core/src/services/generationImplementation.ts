import { Effect } from "effect"
import { taskPointsRoutes } from "../api/routes/commerce/taskPointsRoutes.js"
import { presetRoutes } from "../api/routes/generation/presetRoutes.js"
import { taskRoutes } from "../api/routes/generation/taskRoutes.js"
import type { ServerEventsShape } from "../ports/ServerEvents.js"
import type { ApiClientShape } from "./ApiClient.js"
import type { AuthTokenShape } from "./AuthToken.js"
import type { GenerationShape } from "./Generation.js"
import { newIdempotencyKey } from "./idempotencyKey.js"
import { watchTask } from "./taskWatch.js"
import { validateInput } from "./validateInput.js"

export interface GenerationDeps {
  readonly api: ApiClientShape
  readonly auth: AuthTokenShape
  readonly events: ServerEventsShape
}

/** The key's pattern is the contract's request_id: 32 hex characters fit it. */
const withRequestId = <A extends { readonly request_id?: string | undefined }>(input: A): A =>
  input.request_id === undefined ? { ...input, request_id: newIdempotencyKey() } : input

export const makeGeneration = (deps: GenerationDeps, options: { readonly pollIntervalMs: number }): GenerationShape => {
  const { api } = deps
  const byId = (route: typeof taskRoutes.info | typeof taskRoutes.cancel) => (id: string) =>
    Effect.flatMap(validateInput(route, { id }), (input) => api.call(route, input))
  const info = (id: string) => api.call(taskRoutes.info, { id })
  return {
    cost: (input) => Effect.flatMap(validateInput(taskPointsRoutes.taskPoints, input), (valid) => api.call(taskPointsRoutes.taskPoints, valid)),
    submit: (input) => {
      const keyed = withRequestId(input)
      return Effect.flatMap(validateInput(taskRoutes.submit, keyed), (valid) => api.call(taskRoutes.submit, valid))
    },
    task: byId(taskRoutes.info),
    list: (query) => Effect.flatMap(validateInput(taskRoutes.list, query), (valid) => api.call(taskRoutes.list, valid)),
    cancel: byId(taskRoutes.cancel),
    retry: (id) => {
      const keyed = { id, request_id: newIdempotencyKey() }
      return Effect.flatMap(validateInput(taskRoutes.retry, keyed), (valid) => api.call(taskRoutes.retry, valid))
    },
    catalog: (type) => api.call(taskRoutes.catalog, { type }),
    quickStyles: Effect.map(api.call(presetRoutes.quickStyles, {}), (answer) => answer.list),
    mjVersions: Effect.map(api.call(presetRoutes.mjVersions, {}), (answer) => answer.list),
    watch: watchTask({ events: deps.events, auth: deps.auth, info, pollIntervalMs: options.pollIntervalMs })
  }
}
