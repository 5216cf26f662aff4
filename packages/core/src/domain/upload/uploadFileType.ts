/** The two formats an upload may have; "jpg" covers both the .jpg and .jpeg spellings. */
export type UploadImageKind = "png" | "jpg"

/** What one signal (extension or MIME type) says about a file: a kind, something else, or nothing. */
type Signal = UploadImageKind | "other" | "absent"

const kindOfExtension = (extension: string): UploadImageKind | "other" =>
  extension === "png" ? "png" : extension === "jpg" || extension === "jpeg" ? "jpg" : "other"

/** The part after the last dot of the base name, lowercased; a leading-dot name like ".png" has none. */
export const fileExtension = (fileName: string): string | undefined => {
  const baseName = fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1)
  const dot = baseName.lastIndexOf(".")
  return dot <= 0 || dot === baseName.length - 1 ? undefined : baseName.slice(dot + 1).toLowerCase()
}

const extensionSignal = (fileName: string): Signal => {
  const extension = fileExtension(fileName)
  return extension === undefined ? "absent" : kindOfExtension(extension)
}

const mimeSignal = (mimeType: string): Signal => {
  const essence = (mimeType.split(";")[0] ?? "").trim().toLowerCase()
  if (essence === "") return "absent"
  if (essence === "image/png") return "png"
  return essence === "image/jpeg" || essence === "image/jpg" ? "jpg" : "other"
}

/**
 * UP1: the kind of an upload, or undefined when it may not be uploaded. Browsers give an empty MIME
 * type when they do not know one, and clipboard images may have no extension, so one signal is enough;
 * but any signal naming another format, or the two naming different formats, rejects the file, because
 * the storage host and the server's magic-byte check (R19) would refuse it anyway.
 */
export const uploadImageKind = (file: { readonly name: string; readonly type: string }): UploadImageKind | undefined => {
  const byName = extensionSignal(file.name)
  const byMime = mimeSignal(file.type)
  if (byName === "other" || byMime === "other") return undefined
  if (byName === "absent") return byMime === "absent" ? undefined : byMime
  if (byMime === "absent") return byName
  return byName === byMime ? byName : undefined
}
