import { Data } from "effect"

// The names and the failure of image downloads, apart from Downloads.ts (built at start): only the
// download code fetched on first use (downloadsImplementation.ts) uses them, and a module the first
// load imports would bring them into it (packages/core/CONTEXT.md, services loaded on first use).

/** The name an image gets when neither the caller nor its address gives one. */
export const DEFAULT_IMAGE_NAME = "image"

const MAX_NAME_LENGTH = 100

/** An image could not be had: no answer, a status other than 2xx, or no bytes. Logged only (spec §8). */
export class ImageDownloadFailed extends Data.TaggedError("ImageDownloadFailed")<{ readonly url: string; readonly reason: string }> {}

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

