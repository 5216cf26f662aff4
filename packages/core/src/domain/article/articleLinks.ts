import { messageLink } from "../message/messageLink.js"

/**
 * AR1: where a link inside an article may lead. The same rule as a message's jump url (MS2, R14):
 * an absolute http(s) address without user name or password, or a path on this site. Anything else
 * (`javascript:`, `data:`, `vbscript:`, `//evil.com`, encodings that hide another scheme) gives
 * undefined, and the page renders the link's text without an href. The normalised address is used,
 * never the raw text.
 */
export const articleLinkHref = (url: unknown): string | undefined => {
  const link = messageLink(url)
  switch (link.kind) {
    case "external":
      return link.href
    case "internal":
      return link.path
    case "none":
      return undefined
  }
}

/** AR2: an image inside an article loads only from an http(s) address or a path on this site, as AR1. */
export const articleImageSrc = (url: unknown): string | undefined => articleLinkHref(url)

export type LinkInput = { readonly ok: true; readonly href: string } | { readonly ok: false; readonly message: string }

export const ArticleLinkMessages = {
  empty: "请输入链接地址",
  notWeb: "链接须以 http:// 或 https:// 开头"
} as const

/**
 * AR3: what the editor's link dialog accepts: an absolute http(s) address only (a reader follows it
 * from anywhere, so a site path is not offered here). Answers the normalised address or the message
 * the dialog shows.
 */
export const articleLinkInput = (text: string): LinkInput => {
  const trimmed = text.trim()
  if (trimmed === "") return { ok: false, message: ArticleLinkMessages.empty }
  const link = messageLink(trimmed)
  if (link.kind !== "external") return { ok: false, message: ArticleLinkMessages.notWeb }
  return { ok: true, href: link.href }
}
