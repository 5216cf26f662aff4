import { isInfotextLabel } from "./infotextPairs.js"
import { MIN_PARAMETER_LINE_PAIRS, NEGATIVE_PROMPT_PREFIX } from "./parseInfotext.js"
import { stripPython } from "./pythonText.js"

/** What goes into an infotext; `params` are `[label, value]` in the order they are written. */
export interface InfotextInput {
  readonly prompt: string
  readonly negativePrompt: string
  readonly params: ReadonlyArray<readonly [label: string, value: string]>
}

/**
 * SD7: a prompt as WebUI will read it back: every line trimmed (Python whitespace), blank lines at
 * the start and the end dropped; blank lines inside are kept.
 */
export const normaliseInfotextSection = (text: string): string => {
  const lines = text.split("\n").map(stripPython)
  let start = 0
  let end = lines.length
  while (start < end && lines[start] === "") start++
  while (end > start && lines[end - 1] === "") end--
  return lines.slice(start, end).join("\n")
}

const NEEDS_QUOTES = /[,:\n]/

/**
 * SD6: a value WebUI would misread unquoted is written as a JSON string: one holding a comma, colon or
 * newline (as WebUI's own `quote`), and also one starting with a double quote, with whitespace at an
 * end (WebUI skips leading and drops trailing whitespace) or empty (WebUI ignores an empty value).
 */
export const quoteInfotextValue = (value: string): string =>
  value === "" || NEEDS_QUOTES.test(value) || value.startsWith('"') || stripPython(value) !== value
    ? JSON.stringify(value)
    : value

/**
 * SD5–SD8: the infotext WebUI's "read generation parameters" understands: the prompt, then
 * `Negative prompt: …` when there is one, then one line of `Label: value` pairs joined by ", ".
 * WebUI only recognises a parameter line with at least 3 pairs, so with fewer the line is left out
 * rather than pasted into the prompt as words. Labels WebUI could not read are skipped.
 */
export const buildInfotext = (input: InfotextInput): string => {
  const prompt = normaliseInfotextSection(input.prompt)
  const negativePrompt = normaliseInfotextSection(input.negativePrompt)
  const params = input.params.filter(([label]) => isInfotextLabel(label))
  const lines: Array<string> = []
  if (prompt !== "") lines.push(prompt)
  if (negativePrompt !== "") lines.push(`${NEGATIVE_PROMPT_PREFIX} ${negativePrompt}`)
  if (params.length >= MIN_PARAMETER_LINE_PAIRS) {
    lines.push(params.map(([label, value]) => `${label}: ${quoteInfotextValue(value)}`).join(", "))
  }
  return lines.join("\n")
}
