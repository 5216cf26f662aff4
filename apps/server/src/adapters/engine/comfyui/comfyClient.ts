import { randomUUID } from "node:crypto"
import { EngineError } from "../imageEnginePort.js"
import { cut, ENGINE_REASONS, send, sendJson, statusError } from "../engineHttp.js"
import type { ComfyGraph } from "./workflows/comfyGraph.js"

/**
 * ComfyUI's HTTP routes that Mido uses: `POST /upload/image`, `POST /prompt`, `GET /history/{id}`,
 * `GET /view`, `GET /queue`, `POST /queue {delete}`, `POST /interrupt`, `GET /object_info/{class}`,
 * `GET /system_stats`. No Origin header is sent, so ComfyUI's loopback origin check lets us in. `headers`
 * (an authenticating proxy's, docs/engines.md) go with every call and the progress socket's upgrade.
 */

export interface ComfyImageRef {
  readonly filename: string
  readonly subfolder: string
  readonly type: string
}

export interface HistoryEntry {
  readonly outputs?: Record<string, { readonly images?: ReadonlyArray<ComfyImageRef> }>
  readonly status?: { readonly status_str?: string; readonly completed?: boolean; readonly messages?: ReadonlyArray<readonly [string, Record<string, unknown>]> }
}

interface NodeErrors {
  readonly error?: { readonly message?: string }
  readonly node_errors?: Record<string, { readonly class_type?: string; readonly errors?: ReadonlyArray<{ readonly message?: string; readonly details?: string }> }>
}

/** The first node error of a 400 from /prompt, as the user-facing reason ("Value not in list: ckpt_name: …"). */
const graphRejection = (body: Buffer): EngineError => {
  let parsed: NodeErrors = {}
  try {
    parsed = JSON.parse(body.toString("utf8")) as NodeErrors
  } catch {
    // fall through to the generic message
  }
  const first = Object.values(parsed.node_errors ?? {}).flatMap((node) => (node.errors ?? []).map((error) => `${node.class_type ?? "node"}: ${error.message ?? ""}${error.details ? ` (${error.details})` : ""}`))[0]
  const summary = cut(first ?? parsed.error?.message ?? "invalid prompt", 120)
  return new EngineError("rejected", `${ENGINE_REASONS.rejected}: ${summary}`, `HTTP 400: ${summary}`)
}

export const makeComfyClient = (baseUrl: string, timeoutMs: number, headers: Readonly<Record<string, string>> = {}) => {
  const base = baseUrl.replace(/\/+$/, "")
  const json = <T>(method: "GET" | "POST", path: string, body?: unknown, signal?: AbortSignal, callTimeout = timeoutMs) =>
    sendJson<T>({ method, url: `${base}${path}`, headers, json: body, signal, timeoutMs: callTimeout })
  /**
   * A call whose 200 has no body: server.py's post_queue and post_interrupt end in
   * `web.Response(status=200)`, so there is no JSON to parse; any other status is the call's failure.
   */
  const command = async (path: string, body: unknown, callTimeout: number): Promise<void> => {
    const answer = await send({ method: "POST", url: `${base}${path}`, headers, json: body, timeoutMs: callTimeout })
    if (answer.status < 200 || answer.status > 299) throw statusError(answer)
  }

  return {
    base,
    headers,
    json,
    /** Puts bytes into ComfyUI's input folder; returns the name a LoadImage node reads. */
    upload: async (bytes: Uint8Array, signal: AbortSignal): Promise<string> => {
      const form = new FormData()
      form.append("image", new Blob([new Uint8Array(bytes)], { type: "image/png" }), `mido-${randomUUID()}.png`)
      form.append("type", "input")
      form.append("overwrite", "true")
      const answer = await sendJson<{ name: string; subfolder?: string }>({ method: "POST", url: `${base}/upload/image`, headers, form, signal, timeoutMs })
      return answer.subfolder ? `${answer.subfolder}/${answer.name}` : answer.name
    },
    submit: async (graph: ComfyGraph, clientId: string, signal: AbortSignal): Promise<string> => {
      const answer = await send({ method: "POST", url: `${base}/prompt`, headers, json: { prompt: graph, client_id: clientId }, signal, timeoutMs })
      if (answer.status === 400) throw graphRejection(answer.body)
      if (answer.status < 200 || answer.status > 299) throw statusError(answer)
      let id: unknown
      try {
        id = (JSON.parse(answer.body.toString("utf8")) as { prompt_id?: unknown }).prompt_id
      } catch {
        // a proxy in front may answer 200 with an empty or HTML body
      }
      if (typeof id !== "string") throw new EngineError("transient", ENGINE_REASONS.transient, "POST /prompt answered without prompt_id")
      return id
    },
    /** The finished prompt's record, undefined while it is queued or running. */
    history: async (promptId: string, signal?: AbortSignal): Promise<HistoryEntry | undefined> =>
      (await json<Record<string, HistoryEntry>>("GET", `/history/${encodeURIComponent(promptId)}`, undefined, signal))[promptId],
    view: async (image: ComfyImageRef, signal?: AbortSignal): Promise<Uint8Array> => {
      const query = new URLSearchParams({ filename: image.filename, subfolder: image.subfolder, type: image.type })
      const answer = await send({ method: "GET", url: `${base}/view?${query}`, headers, signal, timeoutMs })
      if (answer.status !== 200) throw statusError(answer)
      return new Uint8Array(answer.body)
    },
    /**
     * Takes the prompt off the queue, and stops it when it is the one running (never another's: the
     * interrupt names our prompt_id, which server.py's post_interrupt checks against the running one).
     * Returns what went wrong, for the failure's log detail; the run's own outcome stands.
     */
    cancel: async (promptId: string, knownRunning: boolean): Promise<ReadonlyArray<string>> => {
      const quick = Math.min(timeoutMs, 5_000)
      const problems: Array<string> = []
      const noted = (what: string) => (error: unknown) => {
        problems.push(`${what}: ${error instanceof Error ? error.message : String(error)}`)
        return undefined
      }
      await command("/queue", { delete: [promptId] }, quick).catch(noted("POST /queue"))
      let running = knownRunning
      if (!running) {
        const queue = await json<{ queue_running?: ReadonlyArray<ReadonlyArray<unknown>> }>("GET", "/queue", undefined, undefined, quick).catch(noted("GET /queue"))
        running = (queue?.queue_running ?? []).some((item) => item[1] === promptId)
      }
      if (running) await command("/interrupt", { prompt_id: promptId }, quick).catch(noted("POST /interrupt"))
      return problems
    },
    /** The choices of one input of a node class (`/object_info/{class}`), old and new (COMBO) forms. */
    choices: async (nodeClass: string, input: string): Promise<ReadonlyArray<string>> => {
      const info = await json<Record<string, { input?: { required?: Record<string, ReadonlyArray<unknown>> } }>>("GET", `/object_info/${nodeClass}`)
      const spec = info[nodeClass]?.input?.required?.[input]
      if (spec === undefined) return []
      const [first, second] = spec
      const list = Array.isArray(first) ? first : first === "COMBO" ? (second as { options?: unknown } | undefined)?.options : undefined
      return Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : []
    }
  }
}

export type ComfyClient = ReturnType<typeof makeComfyClient>
