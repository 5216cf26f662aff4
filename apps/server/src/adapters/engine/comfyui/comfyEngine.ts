import type { ImageEngine } from "../imageEnginePort.js"

/**
 * PLACEHOLDER written on branch i13-eng-offline only so that engineConfig.ts compiles while the real
 * adapter is written on its own branch: at merge, take the adapter branch's version of this file.
 */
export interface ComfyOptions {
  readonly baseUrl: string
  readonly timeoutMs?: number
  readonly [option: string]: unknown
}

export const makeComfyEngine = (_options: ComfyOptions): ImageEngine => {
  throw new Error("not merged yet: the ComfyUI adapter is a placeholder on this branch")
}
