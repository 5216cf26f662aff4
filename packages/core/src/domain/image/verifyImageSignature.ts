import { mediaTypeEssence } from "./detectImageType.js"
import { isJpeg, isPng } from "./magicBytes.js"

export type VerifiedImageType = "png" | "jpg"

export type SignatureCheck =
  | { readonly ok: true; readonly ext: VerifiedImageType }
  | { readonly ok: false; readonly reason: "declared-type-not-allowed" | "content-not-png-or-jpeg" | "content-does-not-match-declared-type" }

/** Only the two types the upload policy allows (R18); "image/jpg" is refused there too. */
const DECLARED: Readonly<Record<string, VerifiedImageType>> = { "image/png": "png", "image/jpeg": "jpg" }

/**
 * IM4 (R19): whether stored bytes really are the PNG or JPEG their declared content type says. The
 * declared type must be image/png or image/jpeg and the magic bytes must match it: a GIF, SVG, HTML or
 * a PNG declared as JPEG is refused. The first 8 bytes are enough, so R19's 33-byte range read suffices.
 * Dimensions are not read here; the server caps them on decode.
 */
export const verifyImageSignature = (bytes: Uint8Array, declaredContentType: string): SignatureCheck => {
  const essence = mediaTypeEssence(declaredContentType)
  const declared = Object.hasOwn(DECLARED, essence) ? DECLARED[essence] : undefined
  if (declared === undefined) return { ok: false, reason: "declared-type-not-allowed" }
  const actual = isPng(bytes) ? "png" : isJpeg(bytes) ? "jpg" : undefined
  if (actual === undefined) return { ok: false, reason: "content-not-png-or-jpeg" }
  return actual === declared ? { ok: true, ext: actual } : { ok: false, reason: "content-does-not-match-declared-type" }
}
