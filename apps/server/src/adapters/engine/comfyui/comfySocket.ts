import WebSocket from "ws"
import { EngineError } from "../imageEnginePort.js"
import { cut } from "../engineHttp.js"

/**
 * ComfyUI's progress socket `ws://host/ws?clientId=…`: JSON `{type, data}` messages (status,
 * execution_start, progress {value, max, node}, executing, executed, execution_success,
 * execution_error, execution_interrupted) and binary preview frames (big-endian u32 event 1 =
 * PREVIEW_IMAGE, u32 image type 1 JPEG / 2 PNG, then the bytes). Opened before the prompt is
 * submitted so no event is missed; messages are kept until the prompt id is known.
 */

export type SocketOutcome = { readonly kind: "done" } | { readonly kind: "failed"; readonly error: EngineError } | { readonly kind: "lost" }

export interface SocketEvents {
  readonly onStep: (node: string, value: number, max: number) => void
  readonly onPreview: (bytes: Uint8Array) => void
}

const PREVIEW_IMAGE = 1

/** A message from ComfyUI's execution_error, as an EngineError: out of memory may pass, the rest will not. */
export const executionError = (data: Record<string, unknown>): EngineError => {
  const type = String(data.exception_type ?? "")
  const message = cut(`${String(data.node_type ?? "")}: ${String(data.exception_message ?? "")}`, 120)
  const transient = /OutOfMemory|out of memory|CUDA|HIP|MPS backend/i.test(`${type} ${message}`)
  return transient
    ? new EngineError("transient", "绘画引擎暂时不可用（显存不足或设备忙）", `${type}: ${message}`)
    : new EngineError("rejected", `绘画引擎执行出错: ${message}`, type)
}

/** Connects, or undefined when the socket cannot be opened in time (history polling takes over). */
export const connectSocket = (url: string, timeoutMs: number, headers: Readonly<Record<string, string>> = {}): Promise<WebSocket | undefined> =>
  new Promise((resolve) => {
    const socket = new WebSocket(url, { handshakeTimeout: timeoutMs, headers: { ...headers } })
    const fail = () => {
      socket.removeAllListeners()
      socket.on("error", () => undefined)
      socket.terminate()
      resolve(undefined)
    }
    socket.once("open", () => {
      socket.off("error", fail)
      resolve(socket)
    })
    socket.once("error", fail)
  })

export const watchSocket = (socket: WebSocket, events: SocketEvents) => {
  let promptId: string | undefined
  let started = false
  let ended = false
  const early: Array<{ type: string; data: Record<string, unknown> }> = []
  let settle: (outcome: SocketOutcome) => void = () => undefined
  const outcome = new Promise<SocketOutcome>((resolve) => {
    settle = (value) => {
      if (ended) return
      ended = true
      resolve(value)
    }
  })

  const handle = (type: string, data: Record<string, unknown>) => {
    if (data.prompt_id !== promptId) return
    if (type === "execution_start") started = true
    else if (type === "progress" && typeof data.value === "number" && typeof data.max === "number") {
      started = true
      events.onStep(String(data.node), data.value, data.max)
    } else if (type === "execution_success" || (type === "executing" && data.node === null)) settle({ kind: "done" })
    else if (type === "execution_error") settle({ kind: "failed", error: executionError(data) })
    else if (type === "execution_interrupted") settle({ kind: "failed", error: new EngineError("interrupted", "绘画已中断", "execution_interrupted") })
  }

  socket.on("message", (raw: Buffer, binary: boolean) => {
    if (binary) {
      // previews go only to the client whose prompt runs: ours, once it started
      if (started && !ended && raw.length > 8 && raw.readUInt32BE(0) === PREVIEW_IMAGE) events.onPreview(new Uint8Array(raw.subarray(8)))
      return
    }
    let message: { type?: unknown; data?: unknown }
    try {
      message = JSON.parse(raw.toString("utf8")) as { type?: unknown; data?: unknown }
    } catch {
      return
    }
    if (typeof message.type !== "string" || typeof message.data !== "object" || message.data === null) return
    const data = message.data as Record<string, unknown>
    if (promptId === undefined) early.push({ type: message.type, data })
    else handle(message.type, data)
  })
  socket.on("close", () => settle({ kind: "lost" }))
  socket.on("error", () => settle({ kind: "lost" }))

  return {
    outcome,
    started: () => started && !ended,
    follow: (id: string) => {
      promptId = id
      for (const message of early.splice(0)) handle(message.type, message.data)
    },
    close: () => {
      socket.removeAllListeners("message")
      socket.on("error", () => undefined)
      socket.close()
    }
  }
}
