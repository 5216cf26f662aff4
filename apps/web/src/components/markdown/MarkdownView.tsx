import Markdown, { type Components } from "react-markdown"
import { cx } from "../ui/cx"
import { PROSE_CLASSES } from "./prose"

type MdNode = { type: string; value?: string; children?: Array<MdNode> }

/**
 * A remark step: raw HTML inside the Markdown (`<img src=x onerror=…>`, `<script>`) becomes the
 * text it was written as. react-markdown would drop it; the reader sees it instead, as written (R16).
 */
const htmlAsText = () => (tree: MdNode) => {
  const walk = (node: MdNode) => {
    if (node.type === "html") node.type = "text"
    node.children?.forEach(walk)
  }
  walk(tree)
}

export type MarkdownViewProps = {
  markdown: string
  /** AR1: a link's safe address, or undefined (then the link's text is shown without a link). */
  linkHref: (url: string) => string | undefined
  /** AR2: an image's safe address, or undefined (then the image is left out). */
  imageSrc: (url: string) => string | undefined
  className?: string
  testId?: string
}

const components: Components = {
  a: ({ href, children }) =>
    href === undefined || href === "" ? (
      <span>{children}</span>
    ) : href.startsWith("/") ? (
      <a href={href}>{children}</a>
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow ugc">
        {children}
      </a>
    ),
  img: ({ src, alt }) => (typeof src === "string" && src !== "" ? <img src={src} alt={alt ?? ""} loading="lazy" decoding="async" /> : null)
}

/**
 * An article's Markdown as React elements (react-markdown 10, CommonMark): never innerHTML, raw HTML
 * shown as text, every link and image address through the safe-link rule.
 */
export function MarkdownView({ markdown, linkHref, imageSrc, className, testId }: MarkdownViewProps) {
  return (
    <div className={cx(PROSE_CLASSES, className)} data-testid={testId}>
      <Markdown
        remarkPlugins={[htmlAsText]}
        urlTransform={(url, key) => (key === "src" ? imageSrc(url) : linkHref(url)) ?? ""}
        components={components}
      >
        {markdown}
      </Markdown>
    </div>
  )
}
