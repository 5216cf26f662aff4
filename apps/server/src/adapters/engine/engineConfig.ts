import type { TaskType } from "@mido/core/generation"
import { type A1111Options, makeA1111Engine } from "./a1111/a1111Engine.js"
import { comfyVariableNames, readComfyExtras } from "./comfyui/comfyConfig.js"
import { type ComfyOptions, makeComfyEngine } from "./comfyui/comfyEngine.js"
import { envReader } from "./engineEnv.js"
import type { EngineKind, EngineRegistry, ImageEngine } from "./imageEnginePort.js"
import { makeMjProxyEngine, type MjProxyOptions } from "./mjproxy/mjProxyEngine.js"
import { makeOfflineEngine, type OfflineEngineOptions } from "./offline/offlineEngine.js"
import { makeOpenAiEngine, type OpenAiOptions } from "./openai/openAiEngine.js"
import { openAiModelProblem } from "./openai/openAiModels.js"

/**
 * Which engine draws each task type, and how to reach it, read once at start from MIDO_ENGINE_* and
 * the engines' own variables (docs/engines.md lists them all). Nothing set: the offline 本地演示引擎
 * draws everything. A misconfigured engine stops the start with one Error naming every variable to fix.
 */

export type RemoteEngineKind = Exclude<EngineKind, "offline">

export interface EngineConfig {
  readonly byTask: Readonly<Record<TaskType, EngineKind>>
  readonly offline: OfflineEngineOptions
  /** present when a task type uses the engine */
  readonly a1111?: A1111Options
  readonly comfyui?: ComfyOptions
  readonly mjProxy?: MjProxyOptions
  readonly openai?: OpenAiOptions
  /** tasks one server process runs at once per engine */
  readonly concurrency: Readonly<Record<EngineKind, number>>
  /** the longest one engine call may take, passed to the adapter as timeoutMs */
  readonly timeoutMs: Readonly<Record<RemoteEngineKind, number>>
}

/** The variable choosing each task type's engine, and the engines that can draw that type. */
export const engineChoices: Readonly<Record<TaskType, { readonly variable: string; readonly allowed: ReadonlyArray<EngineKind> }>> = {
  sd: { variable: "MIDO_ENGINE_SD", allowed: ["offline", "a1111", "comfyui", "openai"] },
  quick: { variable: "MIDO_ENGINE_QUICK", allowed: ["offline", "a1111", "comfyui", "openai"] },
  quick_mj: { variable: "MIDO_ENGINE_QUICK_MJ", allowed: ["offline", "mj-proxy"] },
  agent: { variable: "MIDO_ENGINE_AGENT", allowed: ["offline", "openai"] },
  tool: { variable: "MIDO_ENGINE_TOOLS", allowed: ["offline", "a1111", "comfyui", "openai"] }
}

const engineKinds: ReadonlyArray<EngineKind> = ["offline", "a1111", "comfyui", "mj-proxy", "openai"]
const remoteKinds: ReadonlyArray<RemoteEngineKind> = ["a1111", "comfyui", "mj-proxy", "openai"]

/** How an engine is spelled in its variables' names: MIDO_ENGINE_CONCURRENCY_MJ_PROXY. */
export const variableSuffix: Readonly<Record<EngineKind, string>> = {
  offline: "OFFLINE",
  a1111: "A1111",
  comfyui: "COMFYUI",
  "mj-proxy": "MJ_PROXY",
  openai: "OPENAI"
}

export const defaultConcurrency: Readonly<Record<EngineKind, number>> = { offline: 2, a1111: 1, comfyui: 1, "mj-proxy": 3, openai: 2 }
export const defaultTimeoutSeconds: Readonly<Record<RemoteEngineKind, number>> = { a1111: 600, comfyui: 600, "mj-proxy": 600, openai: 300 }

/** Every variable this file reads; any other MIDO_ENGINE_* or engine-prefixed name is a typo. */
export const engineVariableNames: ReadonlyArray<string> = [
  ...Object.values(engineChoices).map((choice) => choice.variable),
  ...engineKinds.map((kind) => `MIDO_ENGINE_CONCURRENCY_${variableSuffix[kind]}`),
  ...remoteKinds.map((kind) => `MIDO_ENGINE_TIMEOUT_${variableSuffix[kind]}`),
  "MIDO_A1111_URL",
  "MIDO_A1111_AUTH",
  "MIDO_A1111_FORGE",
  "MIDO_COMFYUI_URL",
  ...comfyVariableNames,
  "MIDO_MJ_PROXY_URL",
  "MIDO_MJ_PROXY_SECRET",
  "MIDO_MJ_PROXY_BEARER",
  "MIDO_MJ_PROXY_POLL_MS",
  "MIDO_OPENAI_API_KEY",
  "MIDO_OPENAI_BASE_URL",
  "MIDO_OPENAI_MODEL",
  "MIDO_OFFLINE_STEP_DELAY_MS",
  "MIDO_OFFLINE_FAIL_PROMPT",
  "MIDO_OFFLINE_SLOW_PROMPT"
]
const checkedPrefixes = ["MIDO_ENGINE_", "MIDO_A1111_", "MIDO_COMFYUI_", "MIDO_MJ_PROXY_", "MIDO_OPENAI_", "MIDO_OFFLINE_"]

export const readEngineConfig = (env: NodeJS.ProcessEnv): EngineConfig => {
  const read = envReader(env)
  for (const name of Object.keys(env).sort()) {
    if (checkedPrefixes.some((prefix) => name.startsWith(prefix)) && !engineVariableNames.includes(name) && read.text(name) !== undefined) {
      read.problem(`${name} is not an engine variable Mido reads: check its spelling against docs/engines.md`)
    }
  }
  const byTask = {} as Record<TaskType, EngineKind>
  for (const [type, { variable, allowed }] of Object.entries(engineChoices) as Array<[TaskType, (typeof engineChoices)[TaskType]]>) {
    const chosen = read.text(variable)?.toLowerCase() ?? "offline"
    const kind = engineKinds.find((k) => k === chosen)
    if (kind === undefined) read.problem(`${variable}=${JSON.stringify(chosen)} is not an engine: set it to one of ${allowed.join(", ")} (unset means offline)`)
    else if (!allowed.includes(kind)) read.problem(`${variable}=${kind} cannot draw ${type} tasks: set it to one of ${allowed.join(", ")}`)
    byTask[type] = kind !== undefined && allowed.includes(kind) ? kind : "offline"
  }
  /** "MIDO_ENGINE_SD=a1111, MIDO_ENGINE_TOOLS=a1111" when the engine is in use, else undefined */
  const chosenBy = (kind: EngineKind): string | undefined => {
    const names = (Object.keys(byTask) as TaskType[]).filter((type) => byTask[type] === kind).map((type) => `${engineChoices[type].variable}=${kind}`)
    return names.length === 0 ? undefined : names.join(", ")
  }
  const required = (kind: RemoteEngineKind, variable: string, value: string | undefined, what: string) => {
    const users = chosenBy(kind)
    if (users !== undefined && value === undefined && read.text(variable) === undefined) read.problem(`${users} needs ${variable}: set it to ${what}`)
  }
  const timeoutMs = Object.fromEntries(
    remoteKinds.map((kind) => [kind, 1000 * read.integer(`MIDO_ENGINE_TIMEOUT_${variableSuffix[kind]}`, defaultTimeoutSeconds[kind], 1, "seconds")])
  ) as Record<RemoteEngineKind, number>
  const concurrency = Object.fromEntries(
    engineKinds.map((kind) => [kind, read.integer(`MIDO_ENGINE_CONCURRENCY_${variableSuffix[kind]}`, defaultConcurrency[kind], 1, "tasks")])
  ) as Record<EngineKind, number>

  const a1111Url = read.url("MIDO_A1111_URL", "http://127.0.0.1:7860", "put the --api-auth credentials in MIDO_A1111_AUTH=user:password")
  required("a1111", "MIDO_A1111_URL", a1111Url, "the WebUI's address (started with --api), e.g. http://127.0.0.1:7860")
  const auth = read.text("MIDO_A1111_AUTH")
  const colon = auth?.indexOf(":") ?? -1
  if (auth !== undefined && colon < 1) read.problem("MIDO_A1111_AUTH must be user:password, as given to the WebUI's --api-auth")
  const forge = read.flag("MIDO_A1111_FORGE", false)

  const comfyUrl = read.url("MIDO_COMFYUI_URL", "http://127.0.0.1:8188", "put an authenticating proxy's credentials in MIDO_COMFYUI_TOKEN or MIDO_COMFYUI_AUTH_HEADER")
  required("comfyui", "MIDO_COMFYUI_URL", comfyUrl, "ComfyUI's address, e.g. http://127.0.0.1:8188")
  const comfyExtras = readComfyExtras(read)

  const mjUrl = read.url("MIDO_MJ_PROXY_URL", "http://127.0.0.1:8080", "use MIDO_MJ_PROXY_SECRET or MIDO_MJ_PROXY_BEARER")
  required("mj-proxy", "MIDO_MJ_PROXY_URL", mjUrl, "midjourney-proxy's address without /mj, e.g. http://127.0.0.1:8080")
  const [secret, bearer] = [read.text("MIDO_MJ_PROXY_SECRET"), read.text("MIDO_MJ_PROXY_BEARER")]
  if (secret !== undefined && bearer !== undefined) read.problem("MIDO_MJ_PROXY_SECRET and MIDO_MJ_PROXY_BEARER are both set: keep only the one your proxy checks (mj-api-secret or a relay's Bearer key)")
  // between task fetches; the proxy's advice is 2–5 s, tests against the fake poll faster
  const mjPoll = read.text("MIDO_MJ_PROXY_POLL_MS") === undefined ? {} : { pollMs: read.integer("MIDO_MJ_PROXY_POLL_MS", 3000, 10, "milliseconds") }

  const apiKey = read.text("MIDO_OPENAI_API_KEY")
  required("openai", "MIDO_OPENAI_API_KEY", apiKey, "an API key of OpenAI or of your OpenAI-compatible relay")
  const openAiUrl = read.url("MIDO_OPENAI_BASE_URL", "https://api.openai.com", "the API key goes in MIDO_OPENAI_API_KEY")
  if (openAiUrl?.endsWith("/v1") === true) read.problem("MIDO_OPENAI_BASE_URL must be the API's root without /v1 (Mido calls <root>/v1/images/…), e.g. https://api.openai.com")
  const model = read.text("MIDO_OPENAI_MODEL")
  // a model the adapter cannot drive is refused now, not at every task (openai/openAiModels.ts)
  const modelProblem = model === undefined ? undefined : openAiModelProblem(model)
  if (modelProblem !== undefined && chosenBy("openai") !== undefined) read.problem(modelProblem)

  const stepDelayMs = read.integer("MIDO_OFFLINE_STEP_DELAY_MS", 0, 0, "milliseconds")
  // test-only: a prompt containing this text fails like an engine's refusal (e2e of failure and refund)
  const failPrompt = read.text("MIDO_OFFLINE_FAIL_PROMPT")
  if (failPrompt !== undefined && env.NODE_ENV === "production") read.problem("MIDO_OFFLINE_FAIL_PROMPT is a test switch: unset it in production")
  // test-only: when set, MIDO_OFFLINE_STEP_DELAY_MS slows only the prompts containing this text
  const slowPrompt = read.text("MIDO_OFFLINE_SLOW_PROMPT")
  if (slowPrompt !== undefined && env.NODE_ENV === "production") read.problem("MIDO_OFFLINE_SLOW_PROMPT is a test switch: unset it in production")
  if (read.problems.length > 0) {
    throw new Error(`Mido's engine configuration is wrong (docs/engines.md):\n- ${read.problems.join("\n- ")}`)
  }
  const inUse = (kind: EngineKind) => chosenBy(kind) !== undefined
  return {
    byTask,
    offline: { stepDelayMs, ...(failPrompt === undefined ? {} : { failPrompt }), ...(slowPrompt === undefined ? {} : { slowPrompt }) },
    concurrency,
    timeoutMs,
    ...(inUse("a1111") && a1111Url !== undefined
      ? {
          a1111: {
            baseUrl: a1111Url,
            timeoutMs: timeoutMs.a1111,
            forge,
            ...(auth === undefined ? {} : { username: auth.slice(0, colon), password: auth.slice(colon + 1) })
          }
        }
      : {}),
    ...(inUse("comfyui") && comfyUrl !== undefined ? { comfyui: { baseUrl: comfyUrl, timeoutMs: timeoutMs.comfyui, ...comfyExtras } } : {}),
    ...(inUse("mj-proxy") && mjUrl !== undefined
      ? { mjProxy: { baseUrl: mjUrl, timeoutMs: timeoutMs["mj-proxy"], ...mjPoll, ...(secret === undefined ? {} : { secret }), ...(bearer === undefined ? {} : { bearer }) } }
      : {}),
    ...(inUse("openai") && apiKey !== undefined
      ? { openai: { apiKey, timeoutMs: timeoutMs.openai, ...(openAiUrl === undefined ? {} : { baseUrl: openAiUrl }), ...(model === undefined ? {} : { model }) } }
      : {})
  }
}

/** The adapters' constructors; tests pass recording ones, the server the real ones. */
export interface EngineMakers {
  readonly offline: (options: OfflineEngineOptions) => ImageEngine
  readonly a1111: (options: A1111Options) => ImageEngine
  readonly comfyui: (options: ComfyOptions) => ImageEngine
  readonly mjProxy: (options: MjProxyOptions) => ImageEngine
  readonly openai: (options: OpenAiOptions) => ImageEngine
}

/** The real adapters; the composition root may wrap one (e.g. give midjourney-proxy its publishReference). */
export const engineAdapters: EngineMakers = {
  offline: makeOfflineEngine,
  a1111: makeA1111Engine,
  comfyui: makeComfyEngine,
  mjProxy: makeMjProxyEngine,
  openai: makeOpenAiEngine
}

/** Options a config must hold for an engine it uses (a hand-built config may forget them). */
const optionsFor = <T>(options: T | undefined, kind: EngineKind): T => {
  if (options === undefined) throw new Error(`The engine configuration uses ${kind} but holds no options for it: build it with readEngineConfig`)
  return options
}

/**
 * One engine per kind in use (task types pointed at the same engine share it, and its concurrency),
 * and the registry the worker asks for each task's engine.
 */
export const buildEngines = (config: EngineConfig, makers: EngineMakers = engineAdapters): EngineRegistry => {
  const made = new Map<EngineKind, ImageEngine>()
  const make = (kind: EngineKind): ImageEngine => {
    switch (kind) {
      case "offline":
        return makers.offline(config.offline)
      case "a1111":
        return makers.a1111(optionsFor(config.a1111, kind))
      case "comfyui":
        return makers.comfyui(optionsFor(config.comfyui, kind))
      case "mj-proxy":
        return makers.mjProxy(optionsFor(config.mjProxy, kind))
      case "openai":
        return makers.openai(optionsFor(config.openai, kind))
    }
  }
  const byTask = Object.fromEntries(
    (Object.keys(config.byTask) as TaskType[]).map((type) => {
      const kind = config.byTask[type]
      const engine = made.get(kind) ?? make(kind)
      made.set(kind, engine)
      return [type, engine]
    })
  ) as Record<TaskType, ImageEngine>
  return {
    forTask: (type) => byTask[type],
    all: [...made.values()],
    concurrency: (engine) => config.concurrency[engine.kind]
  }
}
