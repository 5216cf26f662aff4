import { Library, Uploads, type UploadFile } from "@mido/core"
import { Effect } from "effect"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { ToastStore } from "../ToastStore.js"

/**
 * One reference picture sent to storage by the core's rules (UP1–UP4: type and size first, their
 * Chinese message as a toast) and the OSS POST flow, then recorded in the asset library as /property's
 * uploads are (the server takes only the caller's own pictures as task inputs): the library work's
 * picture address, or null when refused or failed.
 */
export const uploadReference = async (runner: ServiceRunner, toasts: ToastStore, file: UploadFile): Promise<string | null> => {
  const check = await runner.attempt(Effect.map(Uploads, (uploads) => uploads.validate([file], { maxCount: 1 })))
  if (!check.ok) return null
  if (!check.value.ok) {
    toasts.error(check.value.message)
    return null
  }
  const recorded = await runner.attempt(
    Effect.gen(function* () {
      const stored = yield* (yield* Uploads).uploadToOss(file)
      return yield* (yield* Library).recordUpload(stored.key, file.name)
    })
  )
  return recorded.ok ? recorded.value.cover : null
}
