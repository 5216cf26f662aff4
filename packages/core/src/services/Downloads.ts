import { Context, Effect } from "effect"
import { userMessage } from "../api/ApiErrors.js"
import type { DeferredMembers } from "./deferredService.js"

/** The batch download's file (spec §7), verbatim. */
export const ZIP_FILE_NAME = "image_zip.zip"

/** Images fetched at once for a batch. */
export const DOWNLOAD_CONCURRENCY = 4

/** An image of a batch that is not in the zip: its number n (image_{n}), its address and why. */
export interface FailedImage {
  readonly n: number
  readonly url: string
  readonly reason: string
}

/** What a batch download did: how many images the saved zip holds (0: nothing saved) and which failed. */
export interface ZipReport {
  readonly saved: number
  readonly failed: ReadonlyArray<FailedImage>
}

/** How far a batch is: images fetched (or failed) so far out of all. */
export type ZipProgress = (done: number, total: number) => void

export interface DownloadsShape {
  /**
   * Spec §7 image download: fetched cross-origin, named {name}.{ext} with the type from the content
   * type, else the first bytes, else png (spec §5), and handed to the FileSaver. A failure is only
   * logged (spec §8): the answer is false.
   */
  readonly downloadImage: (url: string, baseName?: string) => Effect.Effect<boolean>
  /**
   * Spec §7 batch download: every image fetched (4 at a time), failed ones skipped, zipped as
   * image_{n}.{ext} into image_zip.zip. n is the image's place in `urls` counting from 1, so a skipped
   * image leaves its number out and image_3 is always the third address. An empty list only warns
   * (spec §8); so does a batch where every image failed (no empty zip is saved). Answers how many
   * images the saved zip holds (0 when nothing was saved).
   */
  readonly downloadZip: (urls: ReadonlyArray<string>) => Effect.Effect<number>
  /**
   * downloadZip for a page that shows the outcome: `onProgress` hears each image fetched or failed,
   * and the report names every image left out (its n, so the user reads "image_3"), instead of
   * only logging it. An empty list, or a zip that could not be built, saves nothing.
   */
  readonly downloadZipReport: (urls: ReadonlyArray<string>, onProgress?: ZipProgress) => Effect.Effect<ZipReport>
}

export class Downloads extends Context.Tag("@mido/core/Downloads")<Downloads, DownloadsShape>() {}

/**
 * Downloads' code (image fetch, type detection; jszip later still) is fetched on first use
 * (deferredServices.ts). When it cannot be fetched (offline) that is a failed download (spec §8: only
 * logged, onFirstUse logs it): false, or 0 images zipped.
 */
export const downloadsMembers: DeferredMembers<DownloadsShape> = {
  downloadImage: { offline: () => Effect.succeed(false) },
  downloadZip: { offline: () => Effect.succeed(0) },
  downloadZipReport: {
    offline: (error, urls) => Effect.succeed({ saved: 0, failed: urls.map((url, index) => ({ n: index + 1, url, reason: userMessage(error) ?? error.reason })) })
  }
}
