import type { Clipboard } from "../stores/StoreHost.js"

/** The parts of `navigator` and `document` that copying needs. */
export interface ClipboardHost {
  readonly navigator?: { readonly clipboard?: { writeText(text: string): Promise<void> } } | undefined
  readonly document?: Document | undefined
}

/**
 * Copies through the async Clipboard API, or, where it is missing (insecure origins, old browsers),
 * through a hidden textarea and `execCommand("copy")`. Neither available: `supported` is false and
 * the UiStore says 复制失败，请检查浏览器支持.
 */
export const makeBrowserClipboard = (host: ClipboardHost = globalThis): Clipboard => {
  const api = host.navigator?.clipboard
  if (api !== undefined) return { supported: true, writeText: (text) => api.writeText(text) }
  const doc = host.document
  if (doc === undefined || typeof doc.execCommand !== "function") {
    return { supported: false, writeText: () => Promise.reject(new Error("clipboard unsupported")) }
  }
  return {
    supported: true,
    writeText: (text) => {
      const area = doc.createElement("textarea")
      area.value = text
      area.setAttribute("readonly", "")
      area.style.position = "fixed"
      area.style.opacity = "0"
      doc.body.appendChild(area)
      area.select()
      try {
        return doc.execCommand("copy") ? Promise.resolve() : Promise.reject(new Error("copy refused"))
      } finally {
        area.remove()
      }
    }
  }
}
