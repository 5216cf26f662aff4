import { FileSaver, type FileSaverShape } from "@mido/core"
import { Effect } from "effect"

/** How long the object URL outlives the click; browsers start the download asynchronously. */
export const OBJECT_URL_LIFETIME_MS = 10_000

/** The parts of the page a download needs. */
export interface FileSaverHost {
  readonly document: Document
  readonly URL: Pick<typeof URL, "createObjectURL" | "revokeObjectURL">
}

/**
 * The FileSaver port in the browser: the bytes become a Blob behind an object URL, a hidden
 * `<a download>` is clicked, and the URL is revoked shortly after. Never fails: a blocked download
 * is the browser's to report.
 */
export const makeBrowserFileSaver = (host: FileSaverHost = globalThis): FileSaverShape =>
  FileSaver.of({
    save: (file) =>
      Effect.sync(() => {
        const blob = new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type })
        const href = host.URL.createObjectURL(blob)
        const link = host.document.createElement("a")
        link.href = href
        link.download = file.name
        link.rel = "noopener"
        link.style.display = "none"
        host.document.body.appendChild(link)
        link.click()
        link.remove()
        setTimeout(() => host.URL.revokeObjectURL(href), OBJECT_URL_LIFETIME_MS)
      })
  })
