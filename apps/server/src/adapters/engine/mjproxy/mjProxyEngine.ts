import type { ImageEngine } from "../imageEnginePort.js"

/**
 * PLACEHOLDER written on branch i13-eng-offline only so that engineConfig.ts compiles while the real
 * adapter is written on its own branch: at merge, take the adapter branch's version of this file.
 */
export interface MjProxyOptions {
  readonly baseUrl: string
  readonly timeoutMs?: number
  readonly [option: string]: unknown
}

export const makeMjProxyEngine = (_options: MjProxyOptions): ImageEngine => {
  throw new Error("not merged yet: the midjourney-proxy adapter is a placeholder on this branch")
}
