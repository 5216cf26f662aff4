import { type SniffedImageType, sniffImageType } from "./magicBytes.js"

export type ImageExtension = SniffedImageType

/** "image/jpg" is not registered but is sent by enough servers that naming it jpg is plainly right. */
const EXTENSION_BY_CONTENT_TYPE: Readonly<Record<string, ImageExtension>> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/jpg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp"
}

/** The media type without parameters ("; charset=…"), trimmed and lowercased; "" when absent. */
export const mediaTypeEssence = (contentType: string | null | undefined): string =>
  (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? ""

/** IM1: the extension a content type names, or undefined for anything else (including non-images). */
export const extensionFromContentType = (contentType: string | null | undefined): ImageExtension | undefined => {
  const essence = mediaTypeEssence(contentType)
  return Object.hasOwn(EXTENSION_BY_CONTENT_TYPE, essence) ? EXTENSION_BY_CONTENT_TYPE[essence] : undefined
}

/**
 * IM1–IM3: the extension for a downloaded image (spec §5): the content type when it names a known
 * image type, else what the first bytes show, else png. For naming files only; to trust an upload use
 * verifyImageSignature (R19), which never believes the header.
 */
export const detectImageType = (input: {
  readonly contentType?: string | null | undefined
  readonly bytes: Uint8Array
}): ImageExtension => extensionFromContentType(input.contentType) ?? sniffImageType(input.bytes) ?? "png"
