import { scanInfotextPairs, unquoteInfotextValue } from "./infotextPairs.js"
import { stripPython } from "./pythonText.js"

/** A WebUI infotext read back: the prompt, the negative prompt and the `Label: value` parameters. */
export interface ParsedInfotext {
  readonly prompt: string
  readonly negativePrompt: string
  readonly params: Readonly<Record<string, string>>
}

export const NEGATIVE_PROMPT_PREFIX = "Negative prompt:"

/** IT2: WebUI takes the last line as parameters only when it holds at least this many pairs. */
export const MIN_PARAMETER_LINE_PAIRS = 3

const appendLine = (section: string, line: string): string => (section === "" ? line : `${section}\n${line}`)

/**
 * IT1–IT4: reads an infotext the way WebUI's `parse_generation_parameters` does (for /webui's
 * prompt_for_paste). Lines are trimmed; from a line starting with "Negative prompt:" on, lines belong
 * to the negative prompt; the last line is the parameter line when it holds at least 3 pairs.
 * Never throws: text it cannot read as parameters stays prompt text.
 */
export const parseInfotext = (text: string): ParsedInfotext => {
  const lines = stripPython(text).split("\n")
  const lastPairs = scanInfotextPairs(lines[lines.length - 1] ?? "")
  const hasParameterLine = lastPairs.length >= MIN_PARAMETER_LINE_PAIRS
  const textLines = hasParameterLine ? lines.slice(0, -1) : lines

  let prompt = ""
  let negativePrompt = ""
  let inNegative = false
  for (const rawLine of textLines) {
    let line = stripPython(rawLine)
    if (line.startsWith(NEGATIVE_PROMPT_PREFIX)) {
      inNegative = true
      line = stripPython(line.slice(NEGATIVE_PROMPT_PREFIX.length))
    }
    if (inNegative) negativePrompt = appendLine(negativePrompt, line)
    else prompt = appendLine(prompt, line)
  }

  // IT3: an empty value is skipped as WebUI skips it; a repeated label keeps its last value.
  // Object.fromEntries defines own properties, so a label such as "__proto__" stays plain data.
  const params: Record<string, string> = hasParameterLine
    ? Object.fromEntries(lastPairs.filter((pair) => pair.value !== "").map((pair) => [pair.label, unquoteInfotextValue(pair.value)]))
    : {}
  return { prompt, negativePrompt, params }
}
