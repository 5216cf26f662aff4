/**
 * Text classes as Stable Diffusion WebUI (AUTOMATIC1111, Python) sees them. Its infotext reader uses
 * `str.strip()`, `\s` and `\w`, whose Unicode sets differ from JavaScript's: `trim()` keeps
 * \x1c–\x1f and \x85 but removes \ufeff, and JavaScript's `\w` is ASCII only. Using Python's sets
 * keeps our builder and parser in step with what WebUI reads (docs/spec/infotext.md).
 */
const PYTHON_WHITESPACE = new Set(
  "\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)

/** Python's `str.isspace()` for one character (every such character is a single UTF-16 unit). */
export const isPythonWhitespace = (char: string): boolean => PYTHON_WHITESPACE.has(char)

const WORD = /^[\p{L}\p{N}_]$/u

/** Python's `\w` (str.isalnum() or "_") for one code point. */
export const isPythonWordChar = (codePoint: string): boolean => WORD.test(codePoint)

/** Python's `str.strip()`: removes Python whitespace at both ends, in linear time. */
export const stripPython = (text: string): string => {
  let start = 0
  let end = text.length
  while (start < end && isPythonWhitespace(text.charAt(start))) start++
  while (end > start && isPythonWhitespace(text.charAt(end - 1))) end--
  return text.slice(start, end)
}
