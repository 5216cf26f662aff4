import type { ToolKey } from "@mido/core/generation"

/**
 * The toolbox's offline processors (issue 15) behind one port: the generation worker hands a tool
 * task's bytes and resolved options over and gets images back. The implementation runs them on a
 * worker thread (workerToolProcessor.ts) so OpenCV and tfjs never block the API's event loop.
 */

export type ToolOptionValues = Readonly<Record<string, string | number | boolean>>

export interface ToolRequest {
  readonly tool: ToolKey
  /** PNG or JPEG bytes of the input image */
  readonly image: Uint8Array
  /** PNG/JPEG; white = the area to remove (inpaint tools) or keep (discount hints); any size, resized to the image */
  readonly mask?: Uint8Array
  /** every option of the tool, defaults filled in (the core's resolveToolOptions) */
  readonly options: ToolOptionValues
}

export interface ToolImage {
  readonly bytes: Uint8Array
  readonly width: number
  readonly height: number
  readonly format: "png" | "jpeg"
  /** what this image is when a tool makes several (style-avatar: the style's key) */
  readonly label?: string
}

export interface ToolResult {
  readonly images: ReadonlyArray<ToolImage>
  /** a Chinese note for the user (a fallback taken, what offline processing cannot do) */
  readonly note?: string
}

/** An input the processors cannot use (corrupt, too large): `reason` is Chinese and shown to the user. */
export class ToolInputError extends Error {
  constructor(readonly reason: string) {
    super(reason)
    this.name = "ToolInputError"
  }
}

export interface ToolControl {
  readonly signal: AbortSignal
  /** 0–100 */
  readonly onProgress: (percent: number) => void
}

export interface ToolProcessor {
  readonly run: (request: ToolRequest, control: ToolControl) => Promise<ToolResult>
  /** stops the worker thread (server shutdown) */
  readonly close: () => Promise<void>
}
