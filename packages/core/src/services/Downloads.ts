import { Context, Data, Effect, Layer, Option } from "effect"
import { detectImageType, type ImageExtension } from "../domain/image/detectImageType.js"
import { FileSaver } from "../ports/FileSaver.js"
import { Http } from "../ports/Http.js"

/** The batch download's file (spec §7), verbatim. */
export const ZIP_FILE_NAME = "image_zip.zip"

/** Images fetched at once for a batch. */
export const DOWNLOAD_CONCURRENCY = 4

/** The name an image gets when neither the caller nor its address gives one. */
export const DEFAULT_IMAGE_NAME = "image"

const MAX_NAME_LENGTH = 100

/** An image could not be had: no answer, a status other than 2xx, or no bytes. Logged only (spec §8). */
export class ImageDownloadFailed extends Data.TaggedError("ImageDownloadFailed")<{ readonly url: string; readonly reason: string }> {}

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

/** A file name safe on every system: no path or reserved characters, no control characters, trimmed. */
const cleanName = (name: string): string =>
  name
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, "")
    .trim()
    .replace(/^\.+/, "")
    .slice(0, MAX_NAME_LENGTH)

const lastSegment = (url: string): string => {
  try {
    return decodeURIComponent(new URL(url, "https://mido.invalid").pathname.split("/").pop() ?? "")
  } catch {
    return ""
  }
}

/**
 * The name of a downloaded image without its extension: the caller's, else the last part of the
 * address without its extension (52031 for …/52031.png?x=1), else "image". The extension is always
 * the detected type's, so a name never brings its own.
 */
export const imageBaseName = (url: string, baseName?: string): string => {
  const given = baseName === undefined ? "" : cleanName(baseName)
  if (given !== "") return given
  const segment = lastSegment(url)
  const dot = segment.lastIndexOf(".")
  return cleanName(dot > 0 ? segment.slice(0, dot) : segment) || DEFAULT_IMAGE_NAME
}

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
}

export class Downloads extends Context.Tag("@mido/core/Downloads")<Downloads, DownloadsShape>() {}

export const DownloadsLive = Layer.effect(
  Downloads,
  Effect.gen(function* () {
    const http = yield* Http
    const saver = yield* FileSaver

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

    const downloadZip = (urls: ReadonlyArray<string>): Effect.Effect<number> =>
      Effect.gen(function* () {
        if (urls.length === 0) {
          yield* Effect.logWarning("batch download: no images to download")
          return 0
        }
        const fetched = yield* Effect.forEach(
          urls,
          (url, index) =>
            fetchImage(url).pipe(
              Effect.map((image) => Option.some([index + 1, image] as const)),
              Effect.catchAll((error) => Effect.as(logFailure(error), Option.none()))
            ),
          { concurrency: DOWNLOAD_CONCURRENCY }
        )
        const images = fetched.flatMap((image) => Option.toArray(image))
        if (images.length === 0) {
          yield* Effect.logWarning(`batch download: none of ${urls.length} images could be fetched`)
          return 0
        }
        const bytes = yield* zip(images)
        yield* saver.save({ name: ZIP_FILE_NAME, type: "application/zip", bytes })
        return images.length
      }).pipe(Effect.catchAll((error) => Effect.as(Effect.logWarning(`batch download: the zip failed: ${String(error.error)}`), 0)))

    return Downloads.of({ downloadImage, downloadZip })
  })
)
