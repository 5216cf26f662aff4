import { Effect, Either } from "effect"
import { detectImageType, type ImageExtension } from "../domain/image/detectImageType.js"
import type { FileSaverShape } from "../ports/FileSaver.js"
import type { HttpShape } from "../ports/Http.js"
import { DOWNLOAD_CONCURRENCY, type DownloadsShape, type FailedImage, ZIP_FILE_NAME, type ZipProgress, type ZipReport } from "./Downloads.js"
import { ImageDownloadFailed, imageBaseName } from "./downloadNames.js"

/** What Downloads works with; DownloadsLive reads them from the context when the app starts. */
export interface DownloadsDependencies {
  readonly http: HttpShape
  readonly saver: FileSaverShape
}

const MIME_TYPES: Readonly<Record<ImageExtension, string>> = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp"
}

interface FetchedImage {
  readonly bytes: Uint8Array
  readonly extension: ImageExtension
}

/**
 * Downloads' implementation (see DownloadsShape): loaded on first use by DownloadsLive, so image
 * fetching and type detection stay out of the web app's first load (jszip loads later still, per zip).
 */
export const makeDownloads = ({ http, saver }: DownloadsDependencies): DownloadsShape => {
  const fetchImage = (url: string): Effect.Effect<FetchedImage, ImageDownloadFailed> =>
    http.download(url).pipe(
      Effect.mapError((failure) => new ImageDownloadFailed({ url, reason: failure.reason })),
      Effect.filterOrFail(
        (response) => response.status >= 200 && response.status < 300 && response.bytes.length > 0,
        (response) => new ImageDownloadFailed({ url, reason: response.bytes.length === 0 ? `HTTP ${response.status}, no bytes` : `HTTP ${response.status}` })
      ),
      Effect.map((response) => ({ bytes: response.bytes, extension: detectImageType({ contentType: response.contentType, bytes: response.bytes }) }))
    )

  const logFailure = (error: ImageDownloadFailed) => Effect.logWarning(`image download failed: ${error.url}: ${error.reason}`)

  const downloadImage = (url: string, baseName?: string) =>
    fetchImage(url).pipe(
      Effect.flatMap((image) =>
        saver.save({ name: `${imageBaseName(url, baseName)}.${image.extension}`, type: MIME_TYPES[image.extension], bytes: image.bytes })),
      Effect.as(true),
      Effect.catchAll((error) => Effect.as(logFailure(error), false))
    )

  const zip = (images: ReadonlyArray<readonly [number, FetchedImage]>) =>
    Effect.tryPromise(async () => {
      // jszip loads only when a batch is zipped: it stays out of the app's first bundle
      const { default: JSZip } = await import("jszip")
      const archive = new JSZip()
      for (const [n, image] of images) archive.file(`image_${n}.${image.extension}`, image.bytes)
      return archive.generateAsync({ type: "uint8array" })
    })

  const downloadZipReport = (urls: ReadonlyArray<string>, onProgress?: ZipProgress): Effect.Effect<ZipReport> =>
    Effect.gen(function* () {
      if (urls.length === 0) {
        yield* Effect.logWarning("batch download: no images to download")
        return { saved: 0, failed: [] }
      }
      let done = 0
      const tick = Effect.sync(() => {
        done += 1
        onProgress?.(done, urls.length)
      })
      const fetched = yield* Effect.forEach(
        urls,
        (url, index) =>
          fetchImage(url).pipe(
            Effect.map((image): Either.Either<readonly [number, FetchedImage], FailedImage> => Either.right([index + 1, image] as const)),
            Effect.catchAll((error) => Effect.as(logFailure(error), Either.left({ n: index + 1, url, reason: error.reason }))),
            Effect.zipLeft(tick)
          ),
        { concurrency: DOWNLOAD_CONCURRENCY }
      )
      const images = fetched.flatMap((result) => (Either.isRight(result) ? [result.right] : []))
      const failed = fetched.flatMap((result) => (Either.isLeft(result) ? [result.left] : []))
      if (images.length === 0) {
        yield* Effect.logWarning(`batch download: none of ${urls.length} images could be fetched`)
        return { saved: 0, failed }
      }
      const saved = yield* zip(images).pipe(
        Effect.flatMap((bytes) => saver.save({ name: ZIP_FILE_NAME, type: "application/zip", bytes })),
        Effect.as(images.length),
        Effect.catchAll((error) => Effect.as(Effect.logWarning(`batch download: the zip failed: ${String(error.error)}`), 0))
      )
      return { saved, failed: saved === 0 ? [...failed, ...images.map(([n]) => ({ n, url: urls[n - 1]!, reason: "打包失败" }))].sort((a, b) => a.n - b.n) : failed }
    })

  const downloadZip = (urls: ReadonlyArray<string>): Effect.Effect<number> => Effect.map(downloadZipReport(urls), (report) => report.saved)

  return { downloadImage, downloadZip, downloadZipReport }
}
