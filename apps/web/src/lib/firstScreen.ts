/** The element the server's landing page draws the square's first screen in (apps/server/src/features/webApp/firstScreen.ts). */
const FIRST_SCREEN_ELEMENT_ID = "mido-first-screen"

/** The paths whose HTML may carry the first screen: the square, and / on its way there. */
const LANDING_PATHS = new Set(["/", "/list", "/list/"])

/**
 * Hands the screen over to the app: removes the server's static first screen, and with it the rule
 * that keeps #root hidden in its place (ADR 0028 "Since"). The square calls it in the layout effect of
 * its first drawn cards, so both are never on screen together and nothing is painted in between; it
 * is called too when the square has no cards to draw (an error, an empty list) and when the app goes
 * to another page. Idempotent.
 */
export const releaseFirstScreen = (): void => {
  document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.remove()
}

/** Whether a path may still be showing the first screen (others release it at once). */
export const isLandingPath = (path: string): boolean => LANDING_PATHS.has(path)
