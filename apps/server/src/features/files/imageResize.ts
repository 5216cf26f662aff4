import type { ObjectStore } from "../../adapters/storage/objectStorePort.js"
import { makeThumbnail, sniffedContentType } from "./images.js"

/**
 * The one image-processing request of Aliyun OSS the app sends (`?x-oss-process=image/resize,w_<N>`,
 * "Resize images", help.aliyun.com/document_detail/44688): the square's cards ask for a card-sized
 * picture rather than the original. On a real OSS bucket OSS answers it; the local storage host
 * answers it here. OSS behaviours kept: m_lfit is the default mode (proportional, the width given),
 * limit_1 is the default (never enlarged: a smaller original comes back at its own size), the
 * format stays the original's, and a parameter OSS does not know is a 400 with an XML error.
 * Where this host differs on purpose: it makes only the widths below (each is made once with sharp,
 * kept as the object t/<width>/<key> and then served like any object): an arbitrary width would let
 * anyone fill the disk and the CPU with one request per pixel (R19's spirit); OSS would resize to any.
 */
export const CARD_IMAGE_WIDTHS: ReadonlyArray<number> = [320, 480, 960]

export type ResizeRequest = { readonly width: number } | { readonly refused: string }

/** Reads `image/resize,w_480` (with an optional m_lfit or limit_1, the defaults); anything else is refused. */
export const parseImageProcess = (process: string): ResizeRequest => {
  const [action, ...rest] = process.split("/")
  if (action !== "image" || rest.length !== 1) return { refused: "Only image/resize is supported on this host." }
  const [operation, ...parameters] = rest[0]!.split(",")
  if (operation !== "resize") return { refused: `The operation ${operation ?? ""} is not supported on this host.` }
  let width: number | undefined
  for (const parameter of parameters) {
    const match = /^([a-z]+)_(\w+)$/.exec(parameter)
    if (match === null) return { refused: `The parameter ${parameter} is invalid.` }
    const [, name, value] = match
    if (name === "w" && /^\d{1,5}$/.test(value!)) width = Number(value)
    else if (!(name === "m" && value === "lfit") && !(name === "limit" && value === "1")) return { refused: `The parameter ${parameter} is not supported on this host.` }
  }
  if (width === undefined || !CARD_IMAGE_WIDTHS.includes(width)) return { refused: `The width must be one of ${CARD_IMAGE_WIDTHS.join(", ")}.` }
  return { width }
}

/** The thumbnails being made now, by their key: two cards asking at once share one sharp run. */
const making = new Map<string, Promise<string | undefined>>()

/**
 * The key of the `width` px wide copy of the object `key` (made on first request and kept), or
 * undefined when there is no such image. A concurrent maker that stored it first is fine: create
 * never overwrites, and both copies are the same picture.
 */
export const resizedKey = (store: ObjectStore, key: string, width: number): Promise<string | undefined> => {
  const thumbKey = `t/${width}/${key}`
  const pending = making.get(thumbKey)
  if (pending !== undefined) return pending
  const made = (async () => {
    if ((await store.head(thumbKey)) !== undefined) return thumbKey
    const original = await store.read(key)
    const contentType = original === undefined ? "" : sniffedContentType(original)
    if (original === undefined || contentType === "") return undefined
    const thumbnail = await makeThumbnail(original, width, contentType)
    await store.create(thumbKey, thumbnail.bytes)
    return thumbKey
  })().finally(() => making.delete(thumbKey))
  making.set(thumbKey, made)
  return made
}
