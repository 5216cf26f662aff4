import type { ImageEngine } from "../imageEnginePort.js"

/**
 * PLACEHOLDER written on branch i13-eng-offline only so that engineConfig.ts compiles while the real
 * adapter is written on its own branch: at merge, take the adapter branch's version of this file.
 */
export interface OpenAiOptions {
  /** the API's root without /v1 (calls go to <baseUrl>/v1/…); https://api.openai.com when unset */
  readonly baseUrl?: string
  readonly timeoutMs?: number
  readonly [option: string]: unknown
}

export const makeOpenAiEngine = (_options: OpenAiOptions): ImageEngine => {
  throw new Error("not merged yet: the OpenAI Images adapter is a placeholder on this branch")
}
