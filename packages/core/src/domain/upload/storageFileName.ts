import { chinaDateTimeParts } from "../format/chinaTime.js"
import { fileExtension } from "./uploadFileType.js"

const MAX_RANDOM_LENGTH = 32

const twoDigits = (value: number): string => String(value).padStart(2, "0")

/**
 * yyyyMMddHHmmss in China time (UTC+8), the product's clock, whatever the device's zone; an
 * unreadable `now` stamps the epoch rather than "NaN".
 */
export const storageTimestamp = (now: number): string => {
  const { year, month, day, hour, minute, second } = chinaDateTimeParts(Number.isFinite(now) ? now : 0)
  return String(year).padStart(4, "0") + [month, day, hour, minute, second].map(twoDigits).join("")
}

/**
 * The random part: a Math.random()-style number becomes its base-36 digits; a string (a UUID, say)
 * keeps only its letters and digits, lowercased, so nothing the caller passes can add a path segment.
 */
const randomPart = (random: string | number): string => {
  const text = typeof random === "number"
    ? (Number.isFinite(random) ? Math.abs(random).toString(36).replace(/^0\./, "") : "")
    : random
  const cleaned = text.toLowerCase().replace(/[^0-9a-z]/g, "").slice(0, MAX_RANDOM_LENGTH)
  return cleaned === "" ? "0" : cleaned
}

/** The extension only when it is plainly one (letters and digits); otherwise the name has none. */
const safeExtension = (fileName: string): string => {
  const extension = fileExtension(fileName)
  return extension !== undefined && /^[0-9a-z]{1,10}$/.test(extension) ? `.${extension}` : ""
}

/**
 * UP6: the generated storage name `{yyyyMMddHHmmss}_{random}{.ext}` (§7 "time-and-random file name").
 * The user's file name contributes only its lowercased extension, never its text.
 */
export const storageFileName = (input: {
  readonly now: number
  readonly random: string | number
  readonly fileName: string
}): string => `${storageTimestamp(input.now)}_${randomPart(input.random)}${safeExtension(input.fileName)}`

/**
 * UP6: the object key is the credential's dir followed by the name, joined as given: the storage
 * policy checks that the key starts with exactly dir, so no separator is added or removed here.
 */
export const storageObjectKey = (dir: string, fileName: string): string => `${dir}${fileName}`
