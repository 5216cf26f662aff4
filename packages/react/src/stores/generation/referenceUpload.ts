import { Uploads, type UploadFile } from "@mido/core"
import { Effect } from "effect"
import type { ServiceRunner } from "../ServiceRunner.js"
import type { ToastStore } from "../ToastStore.js"

/**
 * One reference picture sent to storage by the core's rules (UP1–UP4: type and size first, their
 * Chinese message as a toast) and the OSS POST flow; its public address, or null when refused or failed.
 */
export const uploadReference = async (runner: ServiceRunner, toasts: ToastStore, file: UploadFile): Promise<string | null> => {
  const check = await runner.attempt(Effect.map(Uploads, (uploads) => uploads.validate([file], { maxCount: 1 })))
  if (!check.ok) return null
  if (!check.value.ok) {
    toasts.error(check.value.message)
    return null
  }
  const stored = await runner.attempt(Effect.flatMap(Uploads, (uploads) => uploads.uploadToOss(file)))
  return stored.ok ? stored.value.url : null
}
