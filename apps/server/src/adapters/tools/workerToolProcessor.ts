import { Worker } from "node:worker_threads"
import type { FromWorker, ToWorker } from "./toolWorker.js"
import { ToolInputError, type ToolControl, type ToolProcessor, type ToolRequest, type ToolResult } from "./toolProcessorPort.js"

interface Pending {
  readonly thread: Worker
  readonly resolve: (result: ToolResult) => void
  readonly reject: (error: Error) => void
  readonly onProgress: (percent: number) => void
}

/** The thread's entry: dist/toolWorker.js beside this bundle (ADR 0022), or the TypeScript source through tsx. */
const toolWorkerEntry = (): URL =>
  import.meta.url.endsWith(".ts") ? new URL("./toolWorkerBoot.mjs", import.meta.url) : new URL("./toolWorker.js", import.meta.url)

/**
 * The tool processors on a pool of ONE worker thread, started on first use: requests wait their turn
 * (this machine has 2 cores; the API keeps the other). Cancelling a running request terminates the
 * thread (OpenCV cannot be interrupted mid-call); the next request starts a fresh one. The thread
 * runs as the server does: from the build (`npm start`), or from source in development and tests.
 */
export const workerToolProcessor = (): ToolProcessor => {
  let worker: Worker | undefined
  let nextId = 0
  const pending = new Map<number, Pending>()
  let turn: Promise<unknown> = Promise.resolve()

  /** Fails what a thread (or, without one, every thread) had in hand. */
  const failAll = (error: Error, thread?: Worker) => {
    for (const [id, entry] of pending) {
      if (thread !== undefined && entry.thread !== thread) continue
      pending.delete(id)
      entry.reject(error)
    }
  }

  const start = (): Worker => {
    if (worker !== undefined) return worker
    const created = new Worker(toolWorkerEntry())
    created.unref()
    created.on("message", (message: FromWorker) => {
      const entry = pending.get(message.id)
      if (entry === undefined) return
      if (message.kind === "progress") return entry.onProgress(message.percent)
      pending.delete(message.id)
      if (message.kind === "done") entry.resolve(message.result)
      else if (message.kind === "input") entry.reject(new ToolInputError(message.reason))
      else entry.reject(new Error(message.message))
    })
    created.on("error", (error) => {
      if (worker === created) worker = undefined
      failAll(error, created)
    })
    created.on("exit", (code) => {
      if (worker === created) worker = undefined
      failAll(new Error(`tool worker exited (${code})`), created)
    })
    worker = created
    return created
  }

  const runNow = (request: ToolRequest, control: ToolControl): Promise<ToolResult> =>
    new Promise<ToolResult>((resolve, reject) => {
      if (control.signal.aborted) return reject(new Error("aborted"))
      const id = ++nextId
      const thread = start()
      const onAbort = () => {
        pending.delete(id)
        reject(new Error("aborted"))
        // the next request starts a fresh thread at once, not the one being terminated
        if (worker === thread) worker = undefined
        void thread.terminate()
      }
      control.signal.addEventListener("abort", onAbort, { once: true })
      pending.set(id, {
        thread,
        resolve: (result) => {
          control.signal.removeEventListener("abort", onAbort)
          resolve(result)
        },
        reject: (error) => {
          control.signal.removeEventListener("abort", onAbort)
          reject(error)
        },
        onProgress: control.onProgress
      })
      thread.postMessage({ id, request } satisfies ToWorker)
    })

  return {
    run: (request, control) => {
      const result = turn.then(() => runNow(request, control))
      turn = result.catch(() => undefined)
      return result
    },
    close: async () => {
      const thread = worker
      worker = undefined
      failAll(new Error("tool worker closed"))
      if (thread !== undefined) await thread.terminate()
    }
  }
}
