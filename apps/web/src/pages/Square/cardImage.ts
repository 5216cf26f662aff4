/**
 * A card's picture at the size the card shows it (ADR 0028): our storage host (and an Aliyun OSS
 * bucket) resize on request with `?x-oss-process=image/resize,w_<N>`, so a card fetches a 480 or 960 px
 * wide copy, not a 1024 px original. The server's landing page preloads the first row with exactly this
 * srcset and sizes (apps/server/src/features/webApp/landingPage.ts): keep the two the same, or the browser
 * downloads those pictures twice.
 */
const CARD_WIDTHS = [480, 960] as const

/**
 * The widest column the masonry makes is just under 456 px (two 220 px minimums and the 16 px gap, one
 * lane short of a second), so at 1× the 480 copy is always enough and at 2× the 960 one. One fixed
 * value rather than the column's own width: the server's preload cannot know the window's width.
 */
export const CARD_IMAGE_SIZES = "456px"

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
