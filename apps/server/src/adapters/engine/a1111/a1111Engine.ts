import type { ImageEngine } from "../imageEnginePort.js"

/**
 * PLACEHOLDER written on branch i13-eng-offline only so that engineConfig.ts compiles while the real
 * adapter is written on its own branch: at merge, take the adapter branch's version of this file.
 */
export interface A1111Options {
  readonly baseUrl: string
  readonly timeoutMs?: number
  readonly [option: string]: unknown
}

export const makeA1111Engine = (_options: A1111Options): ImageEngine => {
  throw new Error("not merged yet: the Stable Diffusion WebUI adapter is a placeholder on this branch")
}
