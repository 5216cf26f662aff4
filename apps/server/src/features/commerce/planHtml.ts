/**
 * R15: the plan benefit lists (membership_plans.content / exclusive) are HTML. They are sanitized to
 * list markup when written, with a strict allowlist and no attributes at all, and again when read.
 * Text is kept, unknown tags are unwrapped, and the contents of dangerous containers are dropped.
 */

export const ALLOWED_PLAN_TAGS: ReadonlySet<string> = new Set(["ul", "ol", "li", "p", "br", "strong", "em", "span"])

/** Containers whose whole content goes, not only the tags (script bodies, styles, foreign content). */
const DROP_WITH_CONTENT: ReadonlySet<string> = new Set([
  "script", "style", "iframe", "object", "embed", "svg", "math", "template", "noscript", "noembed",
  "noframes", "textarea", "title", "xmp", "select", "head", "frameset", "plaintext"
])

const VOID_TAGS: ReadonlySet<string> = new Set(["br"])

/** A start or end tag; attribute values may be quoted and contain ">". */
const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/

const escapeText = (text: string) =>
  text
    .replace(/&(?![a-zA-Z][a-zA-Z0-9]{1,31};|#[0-9]{1,7};|#x[0-9a-fA-F]{1,6};)/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")

/** Skips to just after the matching end tag of a dropped container, or to the end of the input. */
const skipContainer = (html: string, from: number, name: string): number => {
  const end = new RegExp(`</${name}\\s*>`, "i").exec(html.slice(from))
  return end === null ? html.length : from + end.index + end[0].length
}

/** Sanitizes benefit-list HTML to ul/ol/li/p/br/strong/em/span without attributes (R15). */
export const sanitizePlanHtml = (html: string): string => {
  let out = ""
  const open: Array<string> = []
  let i = 0
  while (i < html.length) {
    const lt = html.indexOf("<", i)
    if (lt === -1) {
      out += escapeText(html.slice(i))
      break
    }
    out += escapeText(html.slice(i, lt))
    const rest = html.slice(lt)
    if (rest.startsWith("<!--")) {
      const close = rest.indexOf("-->", 4)
      i = close === -1 ? html.length : lt + close + 3
      continue
    }
    if (/^<[!?]/.test(rest)) {
      const close = rest.indexOf(">")
      i = close === -1 ? html.length : lt + close + 1
      continue
    }
    const tag = TAG.exec(rest)
    if (tag === null) {
      out += "&lt;"
      i = lt + 1
      continue
    }
    const closing = tag[1] === "/"
    const name = (tag[2] ?? "").toLowerCase()
    i = lt + tag[0].length
    if (!closing && DROP_WITH_CONTENT.has(name)) {
      i = skipContainer(html, i, name)
      continue
    }
    if (!ALLOWED_PLAN_TAGS.has(name)) continue
    if (VOID_TAGS.has(name)) {
      if (!closing) out += `<${name}>`
      continue
    }
    if (!closing) {
      out += `<${name}>`
      open.push(name)
      continue
    }
    const index = open.lastIndexOf(name)
    if (index === -1) continue
    while (open.length > index) out += `</${open.pop()}>`
  }
  while (open.length > 0) out += `</${open.pop()}>`
  return out
}
