import type { Unsubscribe } from "@mido/core"
import type { ServerEventsShape } from "@mido/core/generation"

/**
 * What the stores need from the page around them, beyond the core's ports. Every part is optional:
 * tests and server rendering leave them out, the browser gets them from `browserHost()`.
 */
export interface StoreHost {
  readonly clipboard?: Clipboard
  readonly viewport?: Viewport
  readonly address?: AddressBar
  /** R5: the random value that binds a WeChat QR to this browser tab; undefined sends none. */
  readonly qrNonce?: () => string | undefined
  /** Live task progress (the generation store's); the fetch adapter on the site root when absent. */
  readonly serverEvents?: ServerEventsShape
}

/** Writes text to the system clipboard. `supported` is false when the browser offers no way to copy. */
export interface Clipboard {
  readonly supported: boolean
  readonly writeText: (text: string) => Promise<void>
}

/** The window's inner width and its changes, for the sidebar (LY1). */
export interface Viewport {
  readonly width: () => number
  readonly subscribe: (listener: (width: number) => void) => Unsubscribe
}

/** The address bar's query, so the ?token= of spec §2 is read once and removed before routing (R8). */
export interface AddressBar {
  readonly search: () => string
  readonly replaceSearch: (search: string) => void
}
