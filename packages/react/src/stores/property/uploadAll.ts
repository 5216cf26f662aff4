import { Library, Uploads, type UploadFile } from "@mido/core"
import { Effect } from "effect"
import type { ServiceRunner } from "../ServiceRunner.js"

/** How far an upload batch is: the file being sent (1-based), of how many, and its percent. */
export interface UploadProgress {
  readonly current: number
  readonly total: number
  readonly percent: number
}

/**
 * Sends each file to storage (the OSS POST flow, spec §7) and records it in the library, one after
 * another; a failure is reported by the error policy (its own Chinese message) and the rest go on.
 * Answers how many were saved.
 */
export const uploadAll = async (
  runner: ServiceRunner,
  files: ReadonlyArray<UploadFile>,
  onProgress: (progress: UploadProgress) => void
): Promise<number> => {
  let saved = 0
  for (const [index, file] of files.entries()) {
    const report = (percent: number) => onProgress({ current: index + 1, total: files.length, percent })
    report(0)
    const result = await runner.attempt(
      Effect.gen(function* () {
        const uploads = yield* Uploads
        const library = yield* Library
        const stored = yield* uploads.uploadToOss(file, report)
        return yield* library.recordUpload(stored.key, file.name)
      })
    )
    if (result.ok) saved += 1
  }
  return saved
}
