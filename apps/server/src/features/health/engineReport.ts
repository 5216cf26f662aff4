import type { TaskType } from "@mido/core/generation"
import type { EngineCatalogList, EngineKind, EngineRegistry, ImageEngine } from "../../adapters/engine/imageEnginePort.js"

/**
 * The operator's engine check (issue 26 item 7): per configured engine, whether it answers, its
 * catalogue (models, LoRAs, samplers, schedule types, upscalers; MJ versions for midjourney-proxy)
 * and what is wrong, in plain Chinese and English. `npm run engines -w @mido/server` prints it
 * (engineCheck.ts), `GET /healthz?detail=engines` answers it to a holder of MIDO_HEALTH_TOKEN.
 */
export interface EngineProblem {
  readonly zh: string
  readonly en: string
}

export interface EngineCheck {
  readonly kind: EngineKind
  readonly label: string
  /** the task types this engine draws */
  readonly tasks: ReadonlyArray<TaskType>
  readonly answers: boolean
  /** undefined when the catalogue could not be read */
  readonly catalog?: EngineCatalogList
  readonly problems: ReadonlyArray<EngineProblem>
  readonly notes: ReadonlyArray<EngineProblem>
}

export interface EnginesReport {
  /** every engine answers and has what it needs to draw */
  readonly ok: boolean
  readonly engines: ReadonlyArray<EngineCheck>
}

const TASK_TYPES: ReadonlyArray<TaskType> = ["quick", "quick_mj", "sd", "agent", "tool"]
/** one engine call of the check; a hung engine must not hang the check */
export const ENGINE_CHECK_TIMEOUT_MS = 10_000

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms).unref())])

/** Where to look when an engine does not answer, by kind (docs/engines.md names each variable). */
const ANSWER_HINTS: Readonly<Record<EngineKind, EngineProblem>> = {
  offline: { zh: "", en: "" },
  a1111: { zh: "请确认 WebUI 已用 --api 启动，且 MIDO_A1111_URL 指向它", en: "check that the WebUI runs with --api and MIDO_A1111_URL points at it" },
  comfyui: { zh: "请确认 ComfyUI 已启动，且 MIDO_COMFYUI_URL 指向它", en: "check that ComfyUI runs and MIDO_COMFYUI_URL points at it" },
  "mj-proxy": { zh: "请确认 midjourney-proxy 已启动，MIDO_MJ_PROXY_URL 与密钥和代理一致", en: "check that midjourney-proxy runs and MIDO_MJ_PROXY_URL and its secret match the proxy" },
  openai: { zh: "请检查 MIDO_OPENAI_API_KEY，以及该账号能否使用 MIDO_OPENAI_MODEL", en: "check MIDO_OPENAI_API_KEY and that the account may use MIDO_OPENAI_MODEL" }
}

/** Engines that draw with named models: they cannot draw without a checkpoint and a sampler. */
const needsModels = (kind: EngineKind): boolean => kind === "a1111" || kind === "comfyui"

const checkOne = async (engine: ImageEngine, tasks: ReadonlyArray<TaskType>, timeoutMs: number): Promise<EngineCheck> => {
  const problems: EngineProblem[] = []
  const notes: EngineProblem[] = []
  const health = await within(engine.health(), timeoutMs).catch((error: unknown) => ({ ok: false, detail: messageOf(error) }))
  if (!health.ok) {
    const hint = ANSWER_HINTS[engine.kind]
    problems.push({ zh: `引擎没有应答（${health.detail ?? "原因未知"}）：${hint.zh}`, en: `The engine does not answer (${health.detail ?? "no reason given"}): ${hint.en}` })
  }
  const catalog = await within(engine.catalog(), timeoutMs).catch((error: unknown) => {
    // one problem is enough when the engine does not answer at all
    if (health.ok) problems.push({ zh: `读不到引擎的模型列表：${messageOf(error)}`, en: `Its catalogue cannot be read: ${messageOf(error)}` })
    return undefined
  })
  if (catalog !== undefined && needsModels(engine.kind)) {
    if (catalog.checkpoints.length === 0) {
      problems.push({ zh: "引擎没有任何模型（checkpoint），画不了图：请把模型放进它的模型目录", en: "It lists no checkpoint, so it cannot draw: put a model in its models folder" })
    }
    if (catalog.samplers.length === 0) problems.push({ zh: "引擎没有列出采样方法", en: "It lists no sampler" })
  }
  if (engine.kind === "offline") {
    notes.push({ zh: "本地演示引擎：离线生成的演示图，不是真正的 AI 绘画", en: "The offline demo engine: procedural pictures, not AI drawing" })
  }
  if (engine.kind === "mj-proxy") notes.push({ zh: "模型列表即 MJ 版本", en: "Its checkpoints are the MJ versions offered" })
  return { kind: engine.kind, label: engine.label, tasks, answers: health.ok, ...(catalog !== undefined ? { catalog } : {}), problems, notes }
}

/** Checks every engine the registry uses (each once, however many task types it draws), in parallel. */
export const checkEngines = async (registry: EngineRegistry, timeoutMs = ENGINE_CHECK_TIMEOUT_MS): Promise<EnginesReport> => {
  const used = new Map<ImageEngine, TaskType[]>()
  for (const type of TASK_TYPES) {
    const engine = registry.forTask(type)
    used.set(engine, [...(used.get(engine) ?? []), type])
  }
  for (const engine of registry.all) if (!used.has(engine)) used.set(engine, [])
  const engines = await Promise.all([...used].map(([engine, tasks]) => checkOne(engine, tasks, timeoutMs)))
  return { ok: engines.every((engine) => engine.problems.length === 0), engines }
}

/** Addresses out of a text shown beyond the operator's shell (/healthz): internal hosts and ports stay private. */
export const withoutAddresses = (text: string): string =>
  text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"')]+/gi, "<address>").replace(/\b\d{1,3}(\.\d{1,3}){3}(:\d+)?\b/g, "<address>").replace(/\blocalhost(:\d+)?\b/gi, "<address>")

/** The report with every problem's text stripped of addresses. */
export const publicReport = (report: EnginesReport): EnginesReport => ({
  ...report,
  engines: report.engines.map((engine) => ({
    ...engine,
    problems: engine.problems.map((problem) => ({ zh: withoutAddresses(problem.zh), en: withoutAddresses(problem.en) }))
  }))
})

const list = (label: string, names: ReadonlyArray<string>): string => `    ${label} (${names.length}): ${names.length === 0 ? "—" : names.join(", ")}`

/** The report as the operator reads it in a terminal: Chinese and English side by side. */
export const reportText = (report: EnginesReport): string => {
  const lines: string[] = []
  for (const engine of report.engines) {
    lines.push(`${engine.problems.length === 0 ? "✓" : "✗"} ${engine.label} [${engine.kind}] — ${engine.tasks.length === 0 ? "(no task type)" : engine.tasks.join(", ")}`)
    lines.push(`    ${engine.answers ? "应答正常 / answers" : "没有应答 / does not answer"}`)
    if (engine.catalog !== undefined) {
      const mj = engine.kind === "mj-proxy"
      lines.push(list(mj ? "MJ 版本 / versions" : "模型 / checkpoints", engine.catalog.checkpoints))
      if (!mj) {
        lines.push(list("LoRA", engine.catalog.loras))
        lines.push(list("采样方法 / samplers", engine.catalog.samplers))
        lines.push(list("调度类型 / schedulers", engine.catalog.schedulers))
        lines.push(list("放大算法 / upscalers", engine.catalog.upscalers))
      }
    }
    for (const problem of engine.problems) lines.push(`    问题：${problem.zh}`, `    Problem: ${problem.en}`)
    for (const note of engine.notes) lines.push(`    说明：${note.zh}`, `    Note: ${note.en}`)
  }
  lines.push(report.ok ? "全部引擎正常 / every engine is fine" : "有引擎需要处理 / some engine needs attention")
  return lines.join("\n")
}
