import type { LoraUse } from "../generation/GenerationTask.js"

/** WP2: `<lora:name>` or `<lora:name:weight>`, as WebUI's extra-networks syntax writes it. */
const LORA_TAG = /<lora:([^<>:\n]+)(?::([^<>:\n]*))?>/gi
const NUMBER = /^\s*-?\d+(?:\.\d+)?\s*$/

export interface PromptWithLoras {
  readonly prompt: string
  readonly loras: ReadonlyArray<LoraUse>
}

/** Removes the separators a lifted tag leaves behind: ", ," → ",", and none at either end. */
const tidy = (prompt: string): string =>
  prompt
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").replace(/\s*,(?:\s*,)+/g, ",").replace(/\s+,/g, ",").replace(/^[\s,]+|[\s,]+$/g, ""))
    .join("\n")
    .trim()

/**
 * WP2: lifts the LoRA tags out of a prompt into a LoRA list with weights (the form's LoRA rows), so the
 * prompt box holds only words. A tag without a weight weighs 1 (WebUI's default); a weight outside
 * -2..2 is clamped to the slider; a tag whose weight is not a number stays in the prompt as text. A
 * name met twice keeps its first weight and both tags go.
 */
export const liftLoraTags = (prompt: string): PromptWithLoras => {
  const loras: Array<LoraUse> = []
  const rest = prompt.replace(LORA_TAG, (tag, rawName: string, rawWeight: string | undefined) => {
    const name = rawName.trim()
    if (name === "") return tag
    if (rawWeight !== undefined && !NUMBER.test(rawWeight)) return tag
    const weight = rawWeight === undefined ? 1 : Math.min(2, Math.max(-2, Number(rawWeight)))
    if (!loras.some((lora) => lora.name === name)) loras.push({ name, weight })
    return ""
  })
  return { prompt: loras.length === 0 ? prompt : tidy(rest), loras }
}
