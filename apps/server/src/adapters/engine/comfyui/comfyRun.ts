import { randomUUID } from "node:crypto"
import { setTimeout as sleep } from "node:timers/promises"
import sharp from "sharp"
import { EngineError, type EngineImage, type EngineResult, type RunControl } from "../imageEnginePort.js"
import { abortError, ENGINE_REASONS } from "../engineHttp.js"
import type { ComfyClient, HistoryEntry } from "./comfyClient.js"
import { connectSocket, executionError, watchSocket } from "./comfySocket.js"
import type { ComfyRecipe } from "./workflows/comfyGraph.js"

/**
 * One ComfyUI run: open the progress socket, `POST /prompt`, follow the socket (or poll
 * `GET /history/{id}` when it cannot be had or drops), read the finished record from the history and
 * fetch each SaveImage's file through `/view`. A cancel or the deadline deletes the prompt from the
 * queue and interrupts it when it is the one running.
 */

export interface RunSettings {
  readonly timeoutMs: number
  readonly historyPollMs: number
}

const SOCKET_CONNECT_MS = 5_000
/** ComfyUI announces success just before it writes the history: look again soon */
const HISTORY_RETRY_MS = 20

const failureOf = (entry: HistoryEntry): EngineError | undefined => {
  if (entry.status?.status_str !== "error") return undefined
  for (const [event, data] of entry.status.messages ?? []) {
    if (event === "execution_error") return executionError(data)
    if (event === "execution_interrupted") return new EngineError("interrupted", ENGINE_REASONS.interrupted, "execution_interrupted")
  }
  return new EngineError("transient", ENGINE_REASONS.transient, "the prompt ended in error")
}

const waitForHistory = async (client: ComfyClient, promptId: string, firstDelay: number, pollMs: number, signal: AbortSignal): Promise<HistoryEntry> => {
  let delay = firstDelay
  for (;;) {
    const entry = await client.history(promptId, signal)
    if (entry !== undefined) return entry
    await sleep(delay, undefined, { signal })
    delay = pollMs
  }
}

export const runRecipe = async (client: ComfyClient, recipe: ComfyRecipe, run: RunControl, settings: RunSettings): Promise<EngineResult> => {
  if (run.signal.aborted) throw abortError(run.signal)
  const stop = new AbortController()
  const timer = setTimeout(() => stop.abort(new EngineError("timeout", ENGINE_REASONS.timeout, `not finished within ${settings.timeoutMs} ms`)), settings.timeoutMs)
  const onAbort = () => stop.abort(abortError(run.signal))
  run.signal.addEventListener("abort", onAbort, { once: true })
  const stopped = new Promise<never>((_, reject) => stop.signal.addEventListener("abort", () => reject(stop.signal.reason), { once: true }))
  stopped.catch(() => undefined)

  const clientId = randomUUID()
  const socket = await connectSocket(`${client.base.replace(/^http/, "ws")}/ws?clientId=${clientId}`, Math.min(settings.timeoutMs, SOCKET_CONNECT_MS), client.headers)
  const fractions = new Map<string, number>()
  let percent = 0
  const watch =
    socket &&
    watchSocket(socket, {
      onStep: (node, value, max) => {
        fractions.set(node, max > 0 ? value / max : 0)
        const done = recipe.samplers.length === 0 ? (fractions.get(node) ?? 0) : recipe.samplers.reduce((sum, id) => sum + (fractions.get(id) ?? 0), 0) / recipe.samplers.length
        percent = Math.min(99, Math.round(done * 100))
        run.onProgress({ percent })
      },
      onPreview: (preview) => run.onProgress({ percent, preview })
    })
  let promptId: string | undefined
  try {
    promptId = await client.submit(recipe.graph, clientId, stop.signal)
    watch?.follow(promptId)
    const followed = watch === undefined ? { kind: "lost" as const } : await Promise.race([watch.outcome, stopped])
    if (followed.kind === "failed") throw followed.error
    const entry = await Promise.race([waitForHistory(client, promptId, followed.kind === "done" ? HISTORY_RETRY_MS : settings.historyPollMs, settings.historyPollMs, stop.signal), stopped])
    const failure = failureOf(entry)
    if (failure !== undefined) throw failure
    const images: Array<EngineImage> = []
    for (const output of recipe.outputs) {
      for (const ref of entry.outputs?.[output.node]?.images ?? []) {
        const bytes = await client.view(ref, stop.signal)
        const meta = await sharp(bytes).metadata()
        images.push({ bytes, width: meta.width ?? 0, height: meta.height ?? 0, ...(output.seed === undefined ? {} : { seed: output.seed }) })
      }
    }
    if (images.length === 0) throw new EngineError("transient", ENGINE_REASONS.transient, "the prompt finished without images")
    run.onProgress({ percent: 100 })
    return images.length < recipe.outputs.length ? { images, missing: recipe.outputs.length - images.length, reason: "绘画引擎少返回了图片" } : { images }
  } catch (error) {
    const failure = stop.signal.aborted ? abortError(stop.signal) : error instanceof EngineError ? error : new EngineError("transient", ENGINE_REASONS.transient, String(error))
    if (promptId !== undefined && (failure.kind === "interrupted" || failure.kind === "timeout")) {
      const problems = await client.cancel(promptId, watch?.started() ?? false)
      // the run's outcome stands, but a cancel ComfyUI refused must reach the log, not vanish
      if (problems.length > 0) throw new EngineError(failure.kind, failure.reason, [failure.detail, `cancel failed: ${problems.join("; ")}`].filter(Boolean).join("; "))
    }
    throw failure
  } finally {
    clearTimeout(timer)
    run.signal.removeEventListener("abort", onAbort)
    watch?.close()
  }
}
