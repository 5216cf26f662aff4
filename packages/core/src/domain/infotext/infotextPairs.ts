import { isPythonWhitespace, isPythonWordChar } from "./pythonText.js"

/** One `Label: value` pair of an infotext parameter line; `value` is raw, still JSON-quoted if it was. */
export interface InfotextPair {
  readonly label: string
  readonly value: string
}

const codePointAt = (text: string, index: number): string => String.fromCodePoint(text.codePointAt(index) ?? 0)

const isLabelChar = (codePoint: string): boolean =>
  codePoint === " " || codePoint === "-" || codePoint === "/" || isPythonWordChar(codePoint)

const skipWhitespace = (line: string, index: number): number => {
  let at = index
  while (at < line.length && isPythonWhitespace(line.charAt(at))) at++
  return at
}

/** The end of the label run starting at `start` (`\w[\w \-/]*`), or `start` when none starts there. */
const labelRunEnd = (line: string, start: number): number => {
  if (start >= line.length || !isPythonWordChar(codePointAt(line, start))) return start
  let at = start
  while (at < line.length) {
    const codePoint = codePointAt(line, at)
    if (!isLabelChar(codePoint)) break
    at += codePoint.length
  }
  return at
}

/**
 * The end of a JSON-looking quoted value at `start` followed by "," or the line end, if there is one.
 * (The regex wants at least one character inside the quotes; for `""` its fallback `[^,]*` reads the
 * same two characters, so the scan need not check.)
 */
const quotedValueEnd = (line: string, start: number): number | undefined => {
  if (line.charAt(start) !== '"') return undefined
  let at = start + 1
  while (at < line.length && line.charAt(at) !== '"') {
    at += line.charAt(at) === "\\" ? 2 : 1
  }
  if (at >= line.length) return undefined
  return at + 1 === line.length || line.charAt(at + 1) === "," ? at + 1 : undefined
}

/**
 * The pairs of one line (no "\n" in it), exactly as WebUI's
 * `re.findall(r'\s*(\w[\w \-/]+):\s*("(?:\\.|[^\\"])+"|[^,]*)(?:,|$)', line)` finds them, but as a
 * hand-written scan in linear time: the regex backtracks quadratically on a long line without
 * colons, and prompt_for_paste arrives in a URL anyone can craft.
 */
export const scanInfotextPairs = (line: string): ReadonlyArray<InfotextPair> => {
  const pairs: Array<InfotextPair> = []
  let position = 0
  while (position < line.length) {
    const labelStart = skipWhitespace(line, position)
    const labelEnd = labelRunEnd(line, labelStart)
    const longEnough = labelEnd > labelStart + codePointAt(line, labelStart).length
    if (!longEnough || line.charAt(labelEnd) !== ":") {
      // Every start up to the end of this label run fails the same way, so skip past it.
      position = labelEnd > labelStart ? labelEnd : labelStart + codePointAt(line, labelStart).length
      continue
    }
    const valueStart = skipWhitespace(line, labelEnd + 1)
    const quotedEnd = quotedValueEnd(line, valueStart)
    const commaAt = line.indexOf(",", valueStart)
    const valueEnd = quotedEnd ?? (commaAt === -1 ? line.length : commaAt)
    pairs.push({ label: line.slice(labelStart, labelEnd), value: line.slice(valueStart, valueEnd) })
    position = line.charAt(valueEnd) === "," ? valueEnd + 1 : valueEnd
  }
  return pairs
}

/** WebUI's `unquote`: a value in double quotes is read as a JSON string; bad JSON stays as written. */
export const unquoteInfotextValue = (value: string): string => {
  if (value.length < 1 || !value.startsWith('"') || !value.endsWith('"')) return value
  try {
    const parsed: unknown = JSON.parse(value)
    return typeof parsed === "string" ? parsed : value
  } catch {
    return value
  }
}

/** Whether WebUI's pattern reads `label` whole as a label: `\w[\w \-/]+`. */
export const isInfotextLabel = (label: string): boolean =>
  label.length > 0 && labelRunEnd(label, 0) === label.length && label.length > codePointAt(label, 0).length
