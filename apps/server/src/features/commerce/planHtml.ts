import sanitizeHtml from "sanitize-html"

/**
 * R15: the plan benefit lists (membership_plans.content / exclusive) are HTML. They are sanitized to
 * list markup when written, with a strict allowlist and no attributes at all, and again when read.
 * Text is kept, unknown tags are unwrapped, and the contents of dangerous containers are dropped.
 */
export const ALLOWED_PLAN_TAGS: ReadonlySet<string> = new Set(["ul", "ol", "li", "p", "br", "strong", "em", "span"])

/** Containers whose whole content goes, not only the tags (script bodies, styles, foreign content). */
const DROP_WITH_CONTENT = [
  "script", "style", "iframe", "object", "embed", "svg", "math", "template", "noscript", "noembed",
  "noframes", "textarea", "title", "xmp", "select", "head", "frameset", "plaintext"
]

const options: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_PLAN_TAGS],
  allowedAttributes: {},
  allowedSchemes: [],
  disallowedTagsMode: "discard",
  nonTextTags: DROP_WITH_CONTENT,
  allowProtocolRelative: false
}

/**
 * Sanitizes benefit-list HTML to ul/ol/li/p/br/strong/em/span without attributes (R15). The package
 * writes a line break as `<br />`; the stored lists have always used `<br>` (no attribute can follow).
 */
export const sanitizePlanHtml = (html: string): string => sanitizeHtml(html, options).replaceAll("<br />", "<br>")
