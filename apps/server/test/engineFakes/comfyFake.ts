import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { randomUUID } from "node:crypto"
import sharp from "sharp"
import { WebSocketServer, type WebSocket } from "ws"
import { fakePng, readBody, sendJson } from "./fakePng.js"
import { KNOWN_LISTS, renderGraph, validateGraph, type FakeGraph } from "./comfyFakeGraph.js"

export { COMFY_CHECKPOINTS, COMFY_SAMPLERS, COMFY_SCHEDULERS } from "./comfyFakeGraph.js"

/**
 * A ComfyUI on 127.0.0.1:0 for the adapter tests, built from Comfy-Org/ComfyUI's server.py (routes),
 * execution.py (validation), comfy/samplers.py (names), latent_preview.py + comfy/cli_args.py
 * (previews) and protocol.py (binary frames): /prompt (400 with node_errors for a bad graph),
 * /history/{id}, /view, /upload/image (multipart), /object_info/{class} (old list and V3 COMBO
 * forms), /queue, /interrupt, /system_stats, and the /ws socket with ComfyUI's sequence: status,
 * execution_start, progress × steps, a binary preview frame (only when started with a preview
 * method), executed, execution_success, then the history is written, then executing {node: null}.
 * Failures switch per test.
 */

export type ComfyFailure = "400" | "500" | "hang" | "drop" | "stall" | "no-socket" | "socket-drop" | "execution-error" | "out-of-memory" | "queue-500"

export interface ComfyFakeOptions {
  readonly stepMs?: number
  /**
   * `--preview-method`: comfy/cli_args.py defaults it to "none" (LatentPreviewMethod.NoPreviews) and
   * latent_preview.py get_previewer returns no previewer then, so no binary frame is ever sent.
   */
  readonly previewMethod?: "none" | "auto" | "latent2rgb" | "taesd"
  /** an authenticating proxy in front (ComfyUI has no auth of its own): 401 without this Bearer token, on HTTP and the socket */
  readonly token?: string
}

export interface ComfyRecorded {
  readonly method: string
  readonly path: string
  readonly body?: Record<string, unknown>
  /** the multipart fields of an upload, file parts as their byte length */
  readonly form?: Record<string, string | number>
  /** refused by the proxy for want of the token */
  readonly unauthorised?: boolean
}

/** aiohttp's web.Response(status=200) with no body, as ComfyUI answers POST /queue and /interrupt. */
const empty = (response: ServerResponse) => {
  response.writeHead(200, { "content-type": "application/octet-stream", "content-length": 0 })
  response.end()
}

export const startComfyFake = async (options: ComfyFakeOptions = {}) => {
  const stepMs = options.stepMs ?? 3
  const previews = (options.previewMethod ?? "none") !== "none"
  const authorised = (request: IncomingMessage) => options.token === undefined || request.headers.authorization === `Bearer ${options.token}`
  const requests: Array<ComfyRecorded> = []
  const inputs = new Map<string, Buffer>()
  const outputs = new Map<string, Buffer>()
  const history: Record<string, unknown> = {}
  const sockets = new Map<string, WebSocket>()
  const pending: Array<{ id: string; number: number; graph: FakeGraph; clientId: string }> = []
  let running: { id: string; number: number; graph: FakeGraph; interrupted: boolean } | undefined
  let failure: ComfyFailure | undefined
  const issued: Array<string> = []
  let number = 0
  let busy = false
  let socketRefusals = 0
  const preview = await sharp(await fakePng("preview", 32, 32)).jpeg().toBuffer()

  const emit = (clientId: string, type: string, data: unknown) => sockets.get(clientId)?.send(JSON.stringify({ type, data }))
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  const execute = async (job: { id: string; number: number; graph: FakeGraph; clientId: string }) => {
    const current = { ...job, interrupted: false }
    running = current
    const { id, clientId, graph } = job
    emit(clientId, "status", { status: { exec_info: { queue_remaining: pending.length + 1 } }, sid: clientId })
    emit(clientId, "execution_start", { prompt_id: id, timestamp: Date.now() })
    if (failure === "stall") return
    if (failure === "socket-drop") sockets.get(clientId)?.terminate()
    const messages: Array<[string, Record<string, unknown>]> = [["execution_start", { prompt_id: id }]]
    const end = (status: string, event: string, data: Record<string, unknown>) => {
      messages.push([event, data])
      emit(clientId, event, data)
      history[id] = { prompt: [job.number, id, graph, {}, []], outputs: {}, status: { status_str: status, completed: false, messages } }
      emit(clientId, "executing", { node: null, prompt_id: id })
      running = undefined
    }
    for (const [node, spec] of Object.entries(graph).filter(([, spec]) => spec.class_type === "KSampler")) {
      emit(clientId, "executing", { node, display_node: node, prompt_id: id })
      const max = Number(spec.inputs.steps)
      for (let value = 1; value <= max; value++) {
        await wait(stepMs)
        if (current.interrupted) return end("error", "execution_interrupted", { prompt_id: id, node_id: node, node_type: "KSampler", executed: [] })
        emit(clientId, "progress", { value, max, prompt_id: id, node })
        // server.py send_image: u32 BinaryEventTypes.PREVIEW_IMAGE (1), u32 1 = JPEG, then the bytes; only with a previewer
        if (value === 1 && previews) sockets.get(clientId)?.send(Buffer.concat([Buffer.from([0, 0, 0, 1, 0, 0, 0, 1]), preview]))
      }
      if (failure === "execution-error" || failure === "out-of-memory") {
        const oom = failure === "out-of-memory"
        return end("error", "execution_error", {
          prompt_id: id, node_id: node, node_type: "KSampler", executed: [], traceback: ["…"],
          exception_type: oom ? "torch.OutOfMemoryError" : "RuntimeError",
          exception_message: oom ? "Allocation on device: out of memory" : "mat1 and mat2 shapes cannot be multiplied (154x2048 and 768x320)"
        })
      }
    }
    const results: Record<string, { images: Array<{ filename: string; subfolder: string; type: string }> }> = {}
    for (const [node, rendered] of Object.entries(await renderGraph(graph, inputs))) {
      const filename = `mido_${String(++number).padStart(5, "0")}_.png`
      outputs.set(filename, rendered)
      results[node] = { images: [{ filename, subfolder: "", type: "output" }] }
      emit(clientId, "executed", { node, display_node: node, output: results[node], prompt_id: id })
    }
    messages.push(["execution_success", { prompt_id: id }])
    // ComfyUI's order: execution_success, then the history is written, then executing {node: null}
    emit(clientId, "execution_success", { prompt_id: id, timestamp: Date.now() })
    await wait(5)
    history[id] = { prompt: [job.number, id, graph, {}, Object.keys(results)], outputs: results, status: { status_str: "success", completed: true, messages } }
    emit(clientId, "executing", { node: null, prompt_id: id })
    running = undefined
  }

  const pump = async () => {
    if (busy) return
    busy = true
    for (let job = pending.shift(); job !== undefined; job = pending.shift()) await execute(job)
    busy = false
  }

  const route = async (request: IncomingMessage, url: URL, response: ServerResponse) => {
    const method = request.method ?? "GET"
    const path = url.pathname
    if (method === "POST" && path === "/upload/image") {
      const form = await new Request("http://fake/upload", { method, headers: request.headers as Record<string, string>, body: new Uint8Array(await readBody(request)) }).formData()
      const file = form.get("image") as File
      const recorded: Record<string, string | number> = {}
      form.forEach((value, key) => (recorded[key] = typeof value === "string" ? value : value.size))
      requests.push({ method, path, form: recorded })
      inputs.set(file.name, Buffer.from(await file.arrayBuffer()))
      return sendJson(response, 200, { name: file.name, subfolder: "", type: "input" })
    }
    const raw = await readBody(request)
    const body = raw.length > 0 ? (JSON.parse(raw.toString("utf8")) as Record<string, unknown>) : undefined
    requests.push({ method, path: `${path}${url.search}`, body })
    if (path === "/prompt" && method === "POST") {
      if (failure === "hang") return
      if (failure === "drop") return request.socket.destroy()
      if (failure === "500") return sendJson(response, 500, { error: "Internal Server Error" })
      const graph = body?.prompt as FakeGraph
      const invalid = validateGraph(graph, inputs)
      if (invalid !== undefined || failure === "400") {
        const nodeErrors = invalid ?? { "1": { errors: [{ type: "value_not_in_list", message: "Value not in list", details: "ckpt_name: 'x' not in [...]", extra_info: {} }], dependent_outputs: [], class_type: "CheckpointLoaderSimple" } }
        // server.py post_prompt: web.json_response({"error": valid[1], "node_errors": valid[3]}, status=400)
        return sendJson(response, 400, { error: { type: "prompt_outputs_failed_validation", message: "Prompt outputs failed validation", details: "", extra_info: {} }, node_errors: nodeErrors })
      }
      const id = randomUUID()
      issued.push(id)
      pending.push({ id, number: ++number, graph, clientId: String(body?.client_id) })
      void pump()
      return sendJson(response, 200, { prompt_id: id, number, node_errors: {} })
    }
    if (path.startsWith("/history/")) {
      const id = decodeURIComponent(path.slice("/history/".length))
      return sendJson(response, 200, history[id] === undefined ? {} : { [id]: history[id] })
    }
    if (path === "/view") {
      const bytes = url.searchParams.get("type") === "input" ? inputs.get(url.searchParams.get("filename") ?? "") : outputs.get(url.searchParams.get("filename") ?? "")
      if (bytes === undefined) return sendJson(response, 404, {})
      response.writeHead(200, { "content-type": "image/png" })
      return response.end(bytes)
    }
    if (path === "/interrupt" && method === "POST") {
      // server.py post_interrupt: a prompt_id interrupts only when it is the running one, none interrupts
      // whatever runs; the answer is web.Response(status=200): an empty body, no JSON
      if (running !== undefined && (body?.prompt_id === undefined || body.prompt_id === running.id)) running.interrupted = true
      return empty(response)
    }
    if (path === "/queue" && method === "POST") {
      if (failure === "queue-500") return sendJson(response, 500, { error: "Internal Server Error" })
      // server.py post_queue: {"delete": [ids]} drops pending prompts; web.Response(status=200), an empty body
      const deleted = new Set((body?.delete as ReadonlyArray<string> | undefined) ?? [])
      pending.splice(0, pending.length, ...pending.filter((job) => !deleted.has(job.id)))
      return empty(response)
    }
    if (path === "/queue") {
      const item = (job: { number: number; id: string; graph: FakeGraph }) => [job.number, job.id, job.graph, {}, []]
      return sendJson(response, 200, { queue_running: running === undefined ? [] : [item(running)], queue_pending: pending.map(item) })
    }
    if (path === "/system_stats") return sendJson(response, 200, { system: { os: "posix", comfyui_version: "0.3.40", python_version: "3.12", embedded_python: false }, devices: [{ name: "cpu", type: "cpu", vram_total: 0, vram_free: 0 }] })
    const objectClass = /^\/object_info\/(\w+)$/.exec(path)?.[1]
    if (objectClass !== undefined && KNOWN_LISTS[objectClass] !== undefined) {
      // nodes.py classes (KSampler) list choices as (list, {…}); V3 io.Combo.Input (comfy_api/latest/_io.py,
      // e.g. comfy_extras/nodes_upscale_model.py UpscaleModelLoader) as ["COMBO", {options: list}]
      const v3 = objectClass === "UpscaleModelLoader"
      const required = Object.fromEntries(Object.entries(KNOWN_LISTS[objectClass]!).map(([input, list]) => [input, v3 ? ["COMBO", { options: list }] : [list, {}]]))
      return sendJson(response, 200, { [objectClass]: { input: { required }, output: [], name: objectClass } })
    }
    return sendJson(response, 404, {})
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake")
    if (!authorised(request)) {
      requests.push({ method: request.method ?? "GET", path: `${url.pathname}${url.search}`, unauthorised: true })
      response.writeHead(401, { "content-type": "text/plain" })
      return response.end("401: Unauthorized")
    }
    route(request, url, response).catch((error: unknown) => sendJson(response, 500, { error: String(error) }))
  })
  const sockets$ = new WebSocketServer({ noServer: true })
  server.on("upgrade", (request, socket, head) => {
    const url = new URL(request.url ?? "/", "http://fake")
    if (url.pathname !== "/ws" || failure === "no-socket") return socket.destroy()
    if (!authorised(request)) {
      socketRefusals++
      return socket.end("HTTP/1.1 401 Unauthorized\r\ncontent-length: 0\r\n\r\n")
    }
    sockets$.handleUpgrade(request, socket, head, (ws) => {
      const clientId = url.searchParams.get("clientId") ?? randomUUID()
      sockets.set(clientId, ws)
      ws.on("close", () => sockets.delete(clientId))
      ws.send(JSON.stringify({ type: "status", data: { status: { exec_info: { queue_remaining: pending.length } }, sid: clientId } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** the prompt ids /prompt handed out, in order */
    promptIds: () => [...issued],
    /** the graph of the last accepted or refused POST /prompt */
    lastGraph: () => requests.filter((each) => each.path === "/prompt").at(-1)?.body?.prompt as FakeGraph,
    /** socket upgrades the proxy refused for want of the token */
    socketRefusals: () => socketRefusals,
    fail: (mode: ComfyFailure | undefined) => {
      failure = mode
    },
    close: async () => {
      for (const ws of sockets.values()) ws.terminate()
      sockets$.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}

export type ComfyFake = Awaited<ReturnType<typeof startComfyFake>>
