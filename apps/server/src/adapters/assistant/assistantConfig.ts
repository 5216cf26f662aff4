import { envReader } from "../engine/engineEnv.js"
import type { AssistantPort } from "./assistantPort.js"
import { makeOfflineAssistant } from "./offlineAssistant.js"
import { makeOpenAiAssistant, type OpenAiAssistantOptions } from "./openAiAssistant.js"

/**
 * Who answers on /intelligent, read once at start (docs/engines.md): MIDO_ASSISTANT=offline (the
 * default, the rule-based 本地演示引擎) or openai (a chat model at MIDO_OPENAI_BASE_URL with
 * MIDO_OPENAI_API_KEY, the model MIDO_ASSISTANT_MODEL). A wrong setting stops the start.
 */
export type AssistantConfig = { readonly kind: "offline" } | ({ readonly kind: "openai" } & OpenAiAssistantOptions)

export const readAssistantConfig = (env: NodeJS.ProcessEnv): AssistantConfig => {
  const read = envReader(env)
  const kind = read.text("MIDO_ASSISTANT")?.toLowerCase() ?? "offline"
  if (kind !== "offline" && kind !== "openai") read.problem(`MIDO_ASSISTANT=${JSON.stringify(kind)} is not an assistant: set it to offline or openai (unset means offline)`)
  const apiKey = read.text("MIDO_OPENAI_API_KEY")
  if (kind === "openai" && apiKey === undefined) read.problem("MIDO_ASSISTANT=openai needs MIDO_OPENAI_API_KEY: set it to an API key of OpenAI or of your OpenAI-compatible relay")
  const baseUrl = read.url("MIDO_OPENAI_BASE_URL", "https://api.openai.com", "the API key goes in MIDO_OPENAI_API_KEY")
  const model = read.text("MIDO_ASSISTANT_MODEL")
  const timeoutMs = 1000 * read.integer("MIDO_ASSISTANT_TIMEOUT", 60, 1, "seconds")
  if (read.problems.length > 0) throw new Error(`Mido's assistant configuration is wrong (docs/engines.md):\n- ${read.problems.join("\n- ")}`)
  if (kind !== "openai" || apiKey === undefined) return { kind: "offline" }
  return { kind: "openai", apiKey, timeoutMs, ...(baseUrl === undefined ? {} : { baseUrl }), ...(model === undefined ? {} : { model }) }
}

export const buildAssistant = (config: AssistantConfig): AssistantPort => (config.kind === "openai" ? makeOpenAiAssistant(config) : makeOfflineAssistant())
