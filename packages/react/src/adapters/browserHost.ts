import type { AddressBar, StoreHost, Viewport } from "../stores/StoreHost.js"
import { makeBrowserClipboard } from "./browserClipboard.js"
import { makeSessionQrNonce } from "./sessionQrNonce.js"

/** The window's inner width and its resize events. */
export const makeWindowViewport = (win: Window = globalThis.window): Viewport => ({
  width: () => win.innerWidth,
  subscribe: (listener) => {
    const onResize = () => listener(win.innerWidth)
    win.addEventListener("resize", onResize)
    return () => win.removeEventListener("resize", onResize)
  }
})

/** The address bar: the query is replaced in place (history.replaceState), never navigated (R8). */
export const makeWindowAddressBar = (win: Window = globalThis.window): AddressBar => ({
  search: () => win.location.search,
  replaceSearch: (search) => {
    const query = search === "" || search.startsWith("?") ? search : `?${search}`
    win.history.replaceState(win.history.state, "", `${win.location.pathname}${query}${win.location.hash}`)
  }
})

/** Everything the stores need from the browser page, for <CoreProvider host={browserHost()}>. */
export const browserHost = (win: Window = globalThis.window): StoreHost => ({
  clipboard: makeBrowserClipboard(win),
  viewport: makeWindowViewport(win),
  address: makeWindowAddressBar(win),
  qrNonce: makeSessionQrNonce(() => win.sessionStorage, win.crypto)
})
