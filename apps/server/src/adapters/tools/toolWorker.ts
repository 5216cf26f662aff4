import { parentPort } from "node:worker_threads"
import { processTool } from "./processTool.js"
import { ToolInputError, type ToolRequest, type ToolResult } from "./toolProcessorPort.js"

/**
 * The tool worker thread: runs one ToolRequest at a time (workerToolProcessor.ts sends them), OpenCV
 * and tfjs loaded here on first use, so the main thread's event loop never waits on pixels.
 */
export type ToWorker = { readonly id: number; readonly request: ToolRequest }
export type FromWorker =
  | { readonly id: number; readonly kind: "progress"; readonly percent: number }
  | { readonly id: number; readonly kind: "done"; readonly result: ToolResult }
  | { readonly id: number; readonly kind: "input"; readonly reason: string }
  | { readonly id: number; readonly kind: "error"; readonly message: string }

const port = parentPort
if (port !== null) {
  port.on("message", (message: ToWorker) => {
    const post = (answer: FromWorker) => port.postMessage(answer)
    processTool(message.request, (percent) => post({ id: message.id, kind: "progress", percent }))
      .then((result) => {
        // sharp's output lives in memory V8 may not detach (Node 24 refuses to transfer it: DataCloneError),
        // and a small Buffer is a slice of a shared pool: each picture is copied once into a buffer of its
        // own, which then moves to the main thread without a second copy
        const images = result.images.map((image) => ({ ...image, bytes: new Uint8Array(image.bytes) }))
        port.postMessage({ id: message.id, kind: "done", result: { ...result, images } } satisfies FromWorker, images.map((image) => image.bytes.buffer))
      })
      .catch((error: unknown) => {
        if (error instanceof ToolInputError) post({ id: message.id, kind: "input", reason: error.reason })
        else post({ id: message.id, kind: "error", message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) })
      })
  })
}
