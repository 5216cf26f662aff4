// A test oracle, imported only by tests (webuiCompat.test.ts, the generation rules' taskInfotext.test.ts):
// no entry of the package exports it, so it is not shipped.
// ---------------------------------------------------------------------------------------------
// The oracle: a line-by-line TypeScript transliteration of AUTOMATIC1111's
// modules/infotext_utils.py `parse_generation_parameters` (reading part), with Python's regex
// semantics spelled out: `\s` and `str.strip()` use Python's Unicode whitespace, `\w` is Unicode
// letters, numbers and "_", `.` is anything but "\n", `$` also matches before a final "\n", `\d` is
// any decimal digit. Left out on purpose, because none of it can change a value we write: styles
// extraction (only with user-defined styles), the "Hypernet" prompt suffix (we never write Hypernet),
// the defaults filled in for absent keys, restore_old_hires_fix_params (only with "First pass size"),
// infotext_versions.backcompat (only adds keys) and the user's infotext_skip_pasting setting.
// ---------------------------------------------------------------------------------------------
const PY_SPACE = "[\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]"
const PY_WORD = "\\p{L}\\p{N}_"
// re_param_code = r'\s*(\w[\w \-/]+):\s*("(?:\\.|[^\\"])+"|[^,]*)(?:,|$)'
export const reParam = new RegExp(
  `${PY_SPACE}*([${PY_WORD}][${PY_WORD} \\-/]+):${PY_SPACE}*("(?:\\\\[^\\n]|[^\\\\"])+"|[^,]*)(?:,|(?=\\n?$))`,
  "gu"
)
// re_imagesize = re.compile(r"^(\d+)x(\d+)$"), used with .match
export const reImagesize = /^(\p{Nd}+)x(\p{Nd}+)(?=\n?$)/u
export const pyStrip = (text: string): string => text.replace(new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, "gu"), "")
export const findall = (text: string): Array<[string, string]> => [...text.matchAll(reParam)].map((m) => [m[1] ?? "", m[2] ?? ""])

const unquote = (text: string): string => {
  if (text.length === 0 || text[0] !== '"' || text[text.length - 1] !== '"') return text
  try {
    return JSON.parse(text) as string
  } catch {
    return text
  }
}

export const parseGenerationParameters = (x: string): Map<string, string> => {
  const res = new Map<string, string>()
  let prompt = ""
  let negativePrompt = ""
  let doneWithPrompt = false
  const lines = pyStrip(x).split("\n")
  let lastline = lines.pop() ?? ""
  if (findall(lastline).length < 3) {
    lines.push(lastline)
    lastline = ""
  }
  for (let line of lines) {
    line = pyStrip(line)
    if (line.startsWith("Negative prompt:")) {
      doneWithPrompt = true
      line = pyStrip(line.slice(16))
    }
    if (doneWithPrompt) negativePrompt += (negativePrompt === "" ? "" : "\n") + line
    else prompt += (prompt === "" ? "" : "\n") + line
  }
  res.set("Prompt", prompt)
  res.set("Negative prompt", negativePrompt)
  for (const [k, found] of findall(lastline)) {
    // Python's v[0] on an empty value raises IndexError, which the loop catches: the pair is skipped.
    if (found.length === 0) continue
    const v = found[0] === '"' && found[found.length - 1] === '"' ? unquote(found) : found
    const m = reImagesize.exec(v)
    if (m !== null) {
      res.set(`${k}-1`, m[1] ?? "")
      res.set(`${k}-2`, m[2] ?? "")
    } else {
      res.set(k, v)
    }
  }
  return res
}
