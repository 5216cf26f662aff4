import type { SquareArtwork } from "@mido/react"

/** The element the server's landing page carries the visitor's first feed page in (apps/server/src/features/webApp/landingPage.ts). */
const FIRST_PAGE_ELEMENT_ID = "mido-square-first-page"

export interface InlinedFirstPage {
  readonly list: ReadonlyArray<SquareArtwork>
  readonly next_cursor?: string
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/**
 * What the cards read first, checked by hand: the server wrote this envelope into the same HTML as
 * the app's scripts, so it is as trusted as they are; the core's card schema would add 1.3 KB gzip to
 * the first load (bench/web-first-load.mjs). Anything else is not taken, and the store asks the API.
 */
const isCard = (value: unknown): value is SquareArtwork =>
  isRecord(value) && typeof value.id === "number" && typeof value.cover === "string" && typeof value.width === "number" &&
  typeof value.height === "number" && typeof value.created_at === "number" && typeof value.user_name === "string" &&
  typeof value.is_like === "boolean" && isRecord(value.stat) && typeof value.stat.like_count === "number"

const pageOf = (envelope: unknown): InlinedFirstPage | undefined => {
  if (!isRecord(envelope) || envelope.code !== 0 || !isRecord(envelope.data)) return undefined
  const { list, next_cursor } = envelope.data
  if (!Array.isArray(list) || !list.every(isCard) || (next_cursor !== undefined && typeof next_cursor !== "string")) return undefined
  return next_cursor === undefined ? { list } : { list, next_cursor }
}

/**
 * The first feed page the HTML of / or /list came with, and the element removed: it is the answer of
 * the moment the page was served, so it is offered once (ADR 0028). Undefined when there is none
 * (another page was the first, a build served without the server) or it is not a feed page.
 */
export const takeInlinedFirstPage = (): InlinedFirstPage | undefined => {
  const element = document.getElementById(FIRST_PAGE_ELEMENT_ID)
  if (element === null) return undefined
  element.remove()
  try {
    return pageOf(JSON.parse(element.textContent ?? ""))
  } catch {
    return undefined
  }
}
