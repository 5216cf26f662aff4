import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { ok } from "@mido/core"
import type { ArtworkCard } from "@mido/core"
import type { ServerDeps } from "../../platform/deps.js"
import { feedCacheKey, feedPage } from "../artworks/feed.js"
import { objectBaseUrl } from "../files/storedFiles.js"
import { FIRST_SCREEN_ELEMENT_ID, firstScreenHtml, firstScreenStyle } from "./firstScreen.js"

/**
 * /list (and /, which the app sends there) is the first load that counts (issue 30, ADR 0028). Its
 * HTML comes with what the page needs next, so nothing waits for the app to ask:
 * - `<link rel="modulepreload">` of the square page's chunk and its imports (the web build lists them
 *   in landing-preload.json), fetched beside the entry instead of after it has run;
 * - the visitor's first feed page as JSON (`<script type="application/json" id=…>`, the same answer
 *   GET get_profile_list gives a visitor, from the same shared cache), which the square's store takes
 *   instead of asking; a logged-in viewer's page carries their likes, so their store asks as before;
 * - `<link rel="preload" as="image">` of the first row's card pictures, the same srcset and sizes as
 *   the cards' <img> (apps/web/src/pages/Square/cardImage.ts), so the browser downloads each once;
 * - the first screen itself as plain HTML (firstScreen.ts), drawn before any script has run.
 */

/** The square's page size (SQUARE_PAGE_SIZE of @mido/react): the store goes on from this page's cursor. */
export const LANDING_FEED_SIZE = 30
/** The first row at 1920 px holds six cards (SQUARE_MASONRY.maxLanes); at 1280 px five. */
const PRELOADED_IMAGES = 6
export const FIRST_PAGE_ELEMENT_ID = "mido-square-first-page"
/** Mirrors cardImage.ts: the widths the storage host makes and the column widths of the masonry (the same text, or a picture is downloaded twice). */
const CARD_WIDTHS = [320, 480, 960] as const
const CARD_SIZES = "(min-width: 760px) 320px, 456px"

export const isLandingPath = (path: string): boolean => path === "/" || path === "/list" || path === "/list/"

/** The card's srcset when its picture is on our storage host (which resizes, imageResize.ts); else undefined. */
export const cardSrcSet = (cover: string, base: string): string | undefined =>
  cover.startsWith(base) && !cover.includes("?")
    ? CARD_WIDTHS.map((width) => `${cover}?x-oss-process=image/resize,w_${width} ${width}w`).join(", ")
    : undefined

/** JSON that stays JSON inside <script>: no "</script>", no comment opener, no line separators (XSS). */
export const scriptSafeJson = (json: string): string =>
  json.replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029")

const attribute = (value: string): string => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;")

/** The web build's starter of the entry after the first screen is drawn (apps/web/public/first-screen.js). */
export const FIRST_SCREEN_SCRIPT = "first-screen.js"
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/assets\/[\w.-]+\.css">/
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/

/**
 * With the first screen drawn by the HTML, the entry (its evaluation holds the main thread for most
 * of a second) runs after the first row's pictures are drawn rather than before: it is preloaded in
 * place, and first-screen.js starts it. Without a first screen the page is left as it was.
 */
const runEntryAfterFirstScreen = (html: string, enabled: boolean): string => {
  if (!enabled) return html
  // the stylesheet first: the first screen is drawn once it has arrived, and the browser's six
  // connections to the origin would otherwise go to the scripts listed before it
  const stylesheet = STYLESHEET.exec(html)?.[0]
  const withoutStylesheet = stylesheet === undefined ? html : html.replace(stylesheet, "")
  // the app's modules are downloaded at a low priority but not compiled (a modulepreload compiles them on
  // the main thread, which held the first screen's paint back): the entry finds them in the cache
  return withoutStylesheet
    .replace(ENTRY_SCRIPT, (_tag, entry: string) =>
      `${stylesheet ?? ""}\n    <script defer src="/${FIRST_SCREEN_SCRIPT}" data-entry="${entry}"></script>\n    ${scriptPreload(entry)}`)
    .replace(MODULE_PRELOAD, (_tag, href: string) => scriptPreload(href))
}

const scriptPreload = (href: string): string => `<link rel="preload" as="script" crossorigin href="${href}" fetchpriority="low">`

/** The page chunk's files, as the web build wrote them; none for a build without the list. */
export const readLandingPreloads = (webDist: string): ReadonlyArray<string> => {
  const file = join(webDist, "landing-preload.json")
  if (!existsSync(file)) return []
  const listed: unknown = JSON.parse(readFileSync(file, "utf8"))
  return Array.isArray(listed) ? listed.filter((href): href is string => typeof href === "string" && /^\/assets\/[\w.-]+\.js$/.test(href)) : []
}

/**
 * The HTML of the landing page: index.html with the preloads and the visitor's first page before
 * </head>. A feed that cannot be read leaves the page as it was (the store asks, and shows 重试 on error).
 */
export const landingHtml = async (
  deps: ServerDeps,
  indexHtml: string,
  modulePreloads: ReadonlyArray<string>,
  firstScreenScript = false
): Promise<{ readonly html: string; readonly version: string }> => {
  const key = feedCacheKey({ size: LANDING_FEED_SIZE })
  const answer = await deps.feedCache
    .answer(key, async () => JSON.stringify(ok(await feedPage(deps.db, { viewer: undefined, size: LANDING_FEED_SIZE }))))
    .catch((error: unknown) => {
      deps.log.warn("landing page without its first feed page", { error: error instanceof Error ? error.message : String(error) })
      return undefined
    })
  const base = objectBaseUrl(deps.config)
  const cards = answer === undefined ? [] : ((JSON.parse(answer.body) as { data: { list: ReadonlyArray<ArtworkCard> } }).data.list)
  const images = cards
    .slice(0, PRELOADED_IMAGES)
    .map((card) => cardSrcSet(card.cover, base))
    .filter((srcset): srcset is string => srcset !== undefined)
    .map((srcset) => `<link rel="preload" as="image" imagesrcset="${attribute(srcset)}" imagesizes="${CARD_SIZES}" fetchpriority="high">`)
  const head = [
    ...modulePreloads.map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`),
    ...images,
    ...(answer === undefined ? [] : [`<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}">${scriptSafeJson(answer.body)}</script>`]),
    ...(cards.length === 0 ? [] : [`<style id="${FIRST_SCREEN_ELEMENT_ID}-style">\n${firstScreenStyle(cards)}\n</style>`])
  ].join("\n    ")
  const body = cards.length === 0 ? "" : firstScreenHtml(cards, (card) => ({ srcset: cardSrcSet(card.cover, base), sizes: CARD_SIZES }))
  // the version names these exact bytes (the feed answer's ETag): the compressed copy is kept by it
  const html = runEntryAfterFirstScreen(
    indexHtml.replace("</head>", `  ${head}\n  </head>`).replace('<div id="root"></div>', `${body}<div id="root"></div>`),
    body !== "" && firstScreenScript
  )
  return { html, version: answer?.etag ?? "no feed" }
}
