/**
 * A card's picture at the size the card shows it (ADR 0028): our storage host (and an Aliyun OSS
 * bucket) resize on request with `?x-oss-process=image/resize,w_<N>`, so a card fetches a 320, 480 or
 * 960 px wide copy, not a 1024 px original. The server's landing page preloads the first row with exactly this
 * srcset and sizes (apps/server/src/features/webApp/landingPage.ts): keep the two the same, or the browser
 * downloads those pictures twice.
 */
const CARD_WIDTHS = [320, 480, 960] as const

/**
 * How wide a column is, as the browser can tell from the window alone (the server's preload cannot know
 * the column's own width). Any column is under 456 px (two 220 px minimums and the 16 px gap, one lane
 * short of a second). From a 760 px window the content is at least 692 px wide (18 px margins each side,
 * a scrollbar), which makes three columns or more, and then a column is under 320 px: with n lanes it
 * is under 236·(n+1)/n − 16 (299 px at three), and six lanes of the widest content (1,920 px) are 307 px.
 * So at 1× a wide window takes the 320 copy (the first row decodes in under half the time of the 480
 * one, bench/README.md square), a narrow one the 480, and at 2× the 960.
 */
export const CARD_IMAGE_SIZES = "(min-width: 760px) 320px, 456px"

/** Stored uploads are at /uploads/<key> on the storage origin; other addresses (a tool's CDN, a signed link) stay as they are. */
export const cardSrcSet = (cover: string): string | undefined => {
  let url: URL
  try {
    url = new URL(cover, window.location.href)
  } catch {
    return undefined
  }
  if (!url.pathname.startsWith("/uploads/") || url.search !== "") return undefined
  return CARD_WIDTHS.map((width) => `${cover}?x-oss-process=image/resize,w_${width} ${width}w`).join(", ")
}
