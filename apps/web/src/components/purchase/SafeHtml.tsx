import DOMPurify from "dompurify"
import { useMemo } from "react"

/** The tags a plan's benefit list may use (spec §3 content / exclusive), the server's own list (planHtml.ts); nothing else survives. */
const ALLOWED_TAGS = ["ul", "ol", "li", "p", "br", "strong", "em", "span"]

/**
 * A plan's benefit list, sanitized in the browser with DOMPurify (R15) whatever the server sent: no
 * scripts, handlers, links, styles or images, only the list tags above and their text.
 */
export function SafeHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: [] }), [html])
  return <div className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />
}
