/**
 * The personal center's 个人简介 (docs/spec/profile.md PB1–PB3): what the user typed becomes the
 * text every visitor of /personal/{id} reads. Pure rules, shared by the edit dialog (its counter and
 * message before saving) and the request schema the server decodes with.
 */

/** PB2: at most this many characters, counted as the reader sees them. */
export const BIO_MAX_CHARS = 100
/** PB2: at most this many lines. */
export const BIO_MAX_LINES = 3

/** C0 and C1 control characters other than the line feed (a tab has become a space by then). */
const isDroppedControl = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0
  return (code < 0x20 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f)
}

/**
 * PB1: Windows and old Mac line ends become \n, a tab a space, other control characters go; each
 * line is trimmed, blank lines are dropped (a bio is a few lines, not a layout), the whole trimmed.
 */
export const normalizeBio = (typed: string): string =>
  typed
    .replace(/\r\n?/g, "\n")
    .replace(/\t/g, " ")
    .split("")
    .filter((char) => !isDroppedControl(char))
    .join("")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join("\n")

const graphemes = typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter("zh", { granularity: "grapheme" }) : undefined

/**
 * PB2: the length a reader sees: user-perceived characters (an emoji with its modifiers, a flag, a
 * letter with a combining mark are one), code points where the runtime cannot segment; never UTF-16
 * units, so 😀 is one character, not two. A line break counts as one.
 */
export const bioLength = (text: string): number => {
  if (graphemes === undefined) return [...text].length
  let count = 0
  for (const _segment of graphemes.segment(text)) count++
  return count
}

/** PB2: why a normalized bio cannot be saved, in the words the dialog shows; undefined when it can. */
export const bioProblem = (bio: string): string | undefined => {
  if (bio.split("\n").length > BIO_MAX_LINES) return `个人简介最多 ${BIO_MAX_LINES} 行`
  if (bioLength(bio) > BIO_MAX_CHARS) return `个人简介不能超过 ${BIO_MAX_CHARS} 个字`
  return undefined
}
