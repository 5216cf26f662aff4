/** The element the server's landing page carries the visitor's first feed page in (apps/server/src/features/webApp/landingPage.ts). */
const FIRST_PAGE_ELEMENT_ID = "mido-square-first-page"

/**
 * The first feed page the HTML of / or /list came with, parsed, and the element removed: it is the
 * answer of the moment the page was served, so it is offered once (ADR 0028). Undefined when there
 * is none (another page was the first, a build served without the server) or it does not parse.
 */
export const takeInlinedFirstPage = (): unknown => {
  const element = document.getElementById(FIRST_PAGE_ELEMENT_ID)
  if (element === null) return undefined
  element.remove()
  try {
    return JSON.parse(element.textContent ?? "") as unknown
  } catch {
    return undefined
  }
}
