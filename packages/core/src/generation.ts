/**
 * @mido/core/generation: drawing tasks (issue 13). The Generation service, whose `watch` is an Effect
 * Stream, the ServerEvents port it reads live progress through, and that port's live adapter on fetch
 * (browsers and Node 20+). An entry of its own because a Stream adds ~10 KB gzip to whatever loads it
 * (docs/adr/0005): the web app imports this from the creation pages it loads on demand, never at
 * first paint. Compose it over a core runtime's services:
 * `Layer.provide(GenerationLayer(), Layer.merge(coreServices, FetchServerEventsLayer({ baseUrl })))`.
 * The memory ServerEvents is in @mido/core/testing.
 */
export { DEFAULT_POLL_INTERVAL_MS, Generation, GenerationLayer, type GenerationOptions, makeGenerationService, type GenerationShape, type TaskPage } from "./services/Generation.js"
export { POLL_NETWORK_RETRIES, TASK_EVENTS_PATH } from "./services/taskWatch.js"
export { EventStreamRefused, type ServerEvent, ServerEvents, type ServerEventsError, type ServerEventsRequest, type ServerEventsShape } from "./ports/ServerEvents.js"
export { DEFAULT_IDLE_TIMEOUT_MS, FetchServerEventsLayer, type FetchServerEventsOptions, makeFetchServerEvents } from "./adapters/FetchServerEvents.js"
export { type AssistantPage, type AssistantShape, makeAssistantService } from "./services/Assistant.js"
