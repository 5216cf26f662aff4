import { UploadMessages } from "./uploadMessages.js"
import { uploadImageKind } from "./uploadFileType.js"

/** The spec's default (§5, §9): 15 MB, counted in binary megabytes as the browser's File.size is bytes. */
export const DEFAULT_UPLOAD_LIMIT_MB = 15

const BYTES_PER_MB = 1024 * 1024

export interface UploadCandidate {
  readonly name: string
  /** The MIME type the browser reports; may be "". */
  readonly type: string
  /** Bytes. */
  readonly size: number
}

export interface UploadLimits {
  /** Per-file size limit in MB; a missing, zero, negative or non-finite value means the default 15. */
  readonly limitMb?: number | undefined
  /** Most images the field may hold, counting those already uploaded; 0 or missing = unlimited. */
  readonly maxCount?: number | undefined
  /** Images already uploaded into the same field. */
  readonly existingCount?: number | undefined
}

export type UploadCheck = { readonly ok: true } | { readonly ok: false; readonly message: string }

const usableLimitMb = (limitMb: number | undefined): number =>
  limitMb !== undefined && Number.isFinite(limitMb) && limitMb > 0 ? limitMb : DEFAULT_UPLOAD_LIMIT_MB

const countOf = (value: number | undefined): number =>
  value !== undefined && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0

/** UP2: a size that is not a finite non-negative number fails too: it cannot be shown to be small enough. */
const withinSize = (size: number, limitMb: number): boolean =>
  Number.isFinite(size) && size >= 0 && size <= limitMb * BYTES_PER_MB

/**
 * UP1–UP4: checks one selection of files before anything is sent. The count is checked first, for the
 * whole selection (as the upload widget's "exceed" hook does), then each file in order, type before
 * size; the first problem is the answer. UX only: the server checks again (R18, R19).
 */
export const validateUpload = (files: ReadonlyArray<UploadCandidate>, limits: UploadLimits = {}): UploadCheck => {
  const maxCount = countOf(limits.maxCount)
  if (maxCount > 0 && countOf(limits.existingCount) + files.length > maxCount) {
    return { ok: false, message: UploadMessages.tooMany(maxCount) }
  }
  const limitMb = usableLimitMb(limits.limitMb)
  for (const file of files) {
    if (uploadImageKind(file) === undefined) return { ok: false, message: UploadMessages.wrongType }
    if (!withinSize(file.size, limitMb)) return { ok: false, message: UploadMessages.tooLarge(limitMb) }
  }
  return { ok: true }
}
