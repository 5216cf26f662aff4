/**
 * @mido/core/generation: drawing tasks (issue 13). The Generation service, whose `watch` is an Effect
 * Stream, the ServerEvents port it reads live progress through, and that port's live adapter on fetch
 * (browsers and Node 20+). An entry of its own because a Stream adds ~10 KB gzip to whatever loads it
 * (docs/adr/0005): the web app imports this from the creation pages it loads on demand, never at
 * first paint. Compose it over a core runtime's services:
 * `Layer.provide(GenerationLayer(), Layer.merge(coreServices, FetchServerEventsLayer({ baseUrl })))`.
 * The memory ServerEvents is in @mido/core/testing. The generation domain rules live here too: only
 * the creation pages, the server and the CLI need them (the core's first-load budget, ADR 0005).
 */
export { DEFAULT_POLL_INTERVAL_MS, Generation, GenerationLayer, type GenerationOptions, makeGenerationService, type GenerationShape, type TaskPage } from "./services/Generation.js"
export { POLL_NETWORK_RETRIES, TASK_EVENTS_PATH } from "./services/taskWatch.js"
export { EventStreamRefused, type ServerEvent, ServerEvents, type ServerEventsError, type ServerEventsRequest, type ServerEventsShape } from "./ports/ServerEvents.js"
export { DEFAULT_IDLE_TIMEOUT_MS, FetchServerEventsLayer, type FetchServerEventsOptions, makeFetchServerEvents } from "./adapters/FetchServerEvents.js"

// domain: generation (GV, GC, GR, GA, GI)
export { ENGINE_KINDS, type EngineKindName, type EngineLimits, engineLimitsOf, type NumberRange, type SizeLimits } from "./domain/generation/engineLimits.js"
export { type TaskProblem, validateTask } from "./domain/generation/validateTask.js"
export { MJ_REFERENCE_RULE_TEXT, mjGeneration, mjReferenceConflict, type MjRestrictedReference, mjVersionTakes } from "./domain/generation/mjVersionRules.js"
export { DEFAULT_TASK_PRICES, memberCost, priceTask, taskCostInputOf, type TaskPrices } from "./domain/generation/taskCost.js"
export { refundShare } from "./domain/generation/refundShare.js"
export type {
  AgentTask,
  GenerationRatio,
  GenerationTask,
  GenerationTaskType,
  GenerationToolKey,
  HiresSettings,
  LoraUse,
  MadeImage,
  QuickMjTask,
  QuickTask,
  SdTask,
  TaskCostInput,
  ToolTask
} from "./domain/generation/GenerationTask.js"
export {
  AGENT_ASSISTANT,
  artworkParametersOf,
  artworkTypeOf,
  checkpointFileAndName,
  type GeneratedParameters,
  type GeneratedSdArg,
  type GeneratedSdModel,
  sdPromptOf,
  sizeText
} from "./domain/generation/taskArtwork.js"
export { infotextOfTask } from "./domain/generation/taskInfotext.js"
export { TOOL_TITLES } from "./domain/generation/toolTitles.js"

// the task schemas (contract), as values
export * from "./api/schemas/TaskSubmit.js"
export * from "./api/schemas/TaskView.js"

// domain: the /webui form (WT, WP, WF)
export { promptTokenCount, TOKEN_CHUNK, tokenCounterText } from "./domain/webui/promptTokens.js"
export { liftLoraTags, type PromptWithLoras } from "./domain/webui/promptLoras.js"
export { DEFAULT_WEBUI_FORM, formOfSdTask, roundWeight, sdTaskOfForm, type WebuiForm, type WebuiHires } from "./domain/webui/webuiForm.js"
export { prefillWebuiForm, type UnrecognisedParam, type WebuiPrefill } from "./domain/webui/webuiPrefill.js"
export { webuiFormProblem } from "./domain/webui/webuiProblem.js"

// domain: recreate from a picture on /webui (PI)
export { comfyGraphOf, comfyInfotextInput, type ComfyGraph, type ComfyNode } from "./domain/pnginfo/comfyGraph.js"
export { graphOfWorkflow } from "./domain/pnginfo/comfyWorkflow.js"
export { exifUserComment } from "./domain/pnginfo/exifComment.js"
export { PictureMessages, type PictureParameters, pictureParametersOf } from "./domain/pnginfo/pictureParameters.js"
export { decodePngTexts, isPng, type PngTextChunk, readPngTextChunks } from "./domain/pnginfo/pngText.js"
export { type AssistantPage, type AssistantShape, makeAssistantService } from "./services/Assistant.js"

// domain: the AI toolbox's catalogue (TL1–TL7, issue 15)
export {
  AVATAR_STYLES,
  type AvatarStyle,
  OLD_PHOTO_OFFLINE_NOTE,
  REDRAW_NEEDS_ENGINE,
  TOOL_CATALOGUE,
  type ToolMaskNeed,
  type ToolOptionSpec,
  type ToolOutput,
  toolOutputType,
  toolRunsOn,
  type ToolSpec,
  toolSpecOf
} from "./domain/tools/toolCatalogue.js"
export { parseBox, resolveToolOptions, splitMulti, toolInputProblem, type ToolOptionRecord, type ToolOptionValue, toolResultCount, validateToolOptions } from "./domain/tools/toolOptions.js"

// same style (SD) and the infotext (IT): the artwork detail's 做同款 and copy, the creation pages' intake, the
// server's and the CLI's reading of a drawing's settings (moved from the main entry, ADR 0030)
export { sameStyle, type SameStyleAction } from "./domain/artwork/sameStyle.js"
export { type AgentContinuation, agentContinuation } from "./domain/artwork/agentContinuation.js"
export { matchMjVersion, matchQuickStyle, mjVersionKey, type PresetMatch, retiredPresetText } from "./domain/artwork/presetMatch.js"
export { appendLoraTags, checkpointName, loraTagName, SD_ARG_LABELS, sdPasteText } from "./domain/artwork/sdPasteText.js"
export { buildInfotext, type InfotextInput, normaliseInfotextSection, quoteInfotextValue } from "./domain/infotext/buildInfotext.js"
export { MIN_PARAMETER_LINE_PAIRS, NEGATIVE_PROMPT_PREFIX, parseInfotext, type ParsedInfotext } from "./domain/infotext/parseInfotext.js"
// the asset library's tabs and a drawing's origin (LB1–LB3), for the library, the detail and the server
export { type ArtworkOrigin, detailTypeLabel, LIBRARY_TABS, libraryTypeOf, type LibraryTypeKey, taskOriginOf, toolNameOf } from "./domain/artwork/libraryType.js"
