import type { UploadFile } from "@mido/react"

/** A chosen file as the stores take it. */
export const uploadFileOf = (file: File): UploadFile => ({ name: file.name, type: file.type, size: file.size, blob: file })
