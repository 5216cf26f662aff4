import type { CommandIo } from "./generate.js"

/** One engine as `GET /healthz?detail=engines` answers it (apps/server/src/features/health/engineReport.ts). */
interface EngineEntry {
  readonly kind: string
  readonly label: string
  readonly tasks: ReadonlyArray<string>
  readonly answers: boolean
  readonly catalog?: Readonly<Record<"checkpoints" | "loras" | "samplers" | "schedulers" | "upscalers", ReadonlyArray<string>>>
  readonly problems: ReadonlyArray<{ readonly zh: string; readonly en: string }>
  readonly notes?: ReadonlyArray<{ readonly zh: string; readonly en: string }>
}

const list = (label: string, names: ReadonlyArray<string> = []) => `    ${label} (${names.length}): ${names.length === 0 ? "—" : names.join(", ")}`

const linesOf = (engine: EngineEntry): ReadonlyArray<string> => {
  const mj = engine.kind === "mj-proxy"
  const catalog = engine.catalog
  return [
    `${engine.problems.length === 0 ? "✓" : "✗"} ${engine.label} [${engine.kind}] — ${engine.tasks.length === 0 ? "(no task type)" : engine.tasks.join(", ")}`,
    `    ${engine.answers ? "应答正常 / answers" : "没有应答 / does not answer"}`,
    ...(catalog === undefined
      ? []
      : mj
        ? [list("MJ 版本 / versions", catalog.checkpoints)]
        : [list("模型 / checkpoints", catalog.checkpoints), list("LoRA", catalog.loras), list("采样方法 / samplers", catalog.samplers), list("调度类型 / schedulers", catalog.schedulers), list("放大算法 / upscalers", catalog.upscalers)]),
    ...engine.problems.flatMap((problem) => [`    问题：${problem.zh}`, `    Problem: ${problem.en}`]),
    ...(engine.notes ?? []).flatMap((note) => [`    说明：${note.zh}`, `    Note: ${note.en}`])
  ]
}

/**
 * `mido engines --server URL [--health-token T]`: the operator's engine check of a running server
 * (docs/engines.md "Operator's check"): per engine, whether it answers, its catalogue and what is
 * wrong, in Chinese and English. The token is MIDO_HEALTH_TOKEN's (or that variable itself). Exit 0
 * when every engine is fine, 1 when one needs attention or the server refuses, 2 for a missing flag.
 */
export const runEngines = async (options: ReadonlyMap<string, string>, io: CommandIo, fetchImpl: typeof fetch = fetch): Promise<number> => {
  const server = options.get("server") ?? io.env?.MIDO_SERVER
  const token = options.get("health-token") ?? io.env?.MIDO_HEALTH_TOKEN
  if (server === undefined || token === undefined) {
    io.err("usage: mido engines --server URL --health-token T (or MIDO_SERVER and MIDO_HEALTH_TOKEN)")
    return 2
  }
  let response: Response
  try {
    response = await fetchImpl(`${server.replace(/\/+$/, "")}/healthz?detail=engines`, { headers: { "x-mido-health-token": token }, ...(io.signal !== undefined ? { signal: io.signal } : {}) })
  } catch (error) {
    io.err(`连不上服务器 / cannot reach the server: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
  const body = (await response.json().catch(() => ({}))) as { status?: string; ok?: boolean; engines?: ReadonlyArray<EngineEntry> }
  if (body.engines === undefined) {
    const why = response.status === 403 ? "令牌不对 / the token is wrong" : response.status === 404 ? "服务器没有开启引擎详情（MIDO_HEALTH_TOKEN）/ the server has no MIDO_HEALTH_TOKEN" : `HTTP ${response.status}`
    io.err(`${why}${body.status === undefined ? "" : ` (${body.status})`}`)
    return 1
  }
  for (const engine of body.engines) for (const line of linesOf(engine)) io.out(line)
  io.out(body.ok === true ? "全部引擎正常 / every engine is fine" : "有引擎需要处理 / some engine needs attention")
  return body.ok === true ? 0 : 1
}
