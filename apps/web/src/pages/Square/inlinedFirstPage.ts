import { ArtworkCard, type FeedPage } from "@mido/core"
import { Option, Schema } from "effect"

/** The element the server's landing page carries the visitor's first feed page in (apps/server/src/features/webApp/landingPage.ts). */
const FIRST_PAGE_ELEMENT_ID = "mido-square-first-page"

/**
 * The feed API's envelope as the server wrote it: decoded here, in the square page's chunk, so the
 * card schema stays out of the first load (bench/web-first-load.mjs).
 */
const decodeEnvelope = Schema.decodeUnknownOption(
  Schema.parseJson(Schema.Struct({ code: Schema.Literal(0), data: Schema.Struct({ list: Schema.Array(ArtworkCard), next_cursor: Schema.optional(Schema.String) }) }))
)

/**
 * The first feed page the HTML of / or /list came with, and the element removed: it is the answer of
 * the moment the page was served, so it is offered once (ADR 0028). Undefined when there is none
 * (another page was the first, a build served without the server) or it is not a feed page.
 */
export const takeInlinedFirstPage = (): FeedPage | undefined => {
  const element = document.getElementById(FIRST_PAGE_ELEMENT_ID)
  if (element === null) return undefined
  element.remove()
  return Option.getOrUndefined(Option.map(decodeEnvelope(element.textContent ?? ""), (envelope) => envelope.data))
}
