/**
 * @mido/core/files: the rules and the contract's schemas of files and uploads that no first-load page
 * needs: file types and image signatures (IM), storage names and keys, upload progress, the direct
 * upload's form (type 21), the upload, storage and multipart schemas. The server's file routes, the
 * CLI and the upload code loaded on first use (services/uploadsImplementation.ts) use them; an entry
 * of its own because the main entry is at its budget (docs/adr/0005). The Uploads service, its errors,
 * the upload rule it answers at once (validateUpload) and the texts (UploadMessages) stay in the main
 * entry. Names exported here are exported from no other entry (types excepted: the main entry keeps
 * those the Uploads service's shape names).
 */
export { fileExtension, uploadImageKind, type UploadImageKind } from "./domain/upload/uploadFileType.js"
export { clampProgress, progressFromBytes } from "./domain/upload/uploadProgress.js"
export { storageFileName, storageObjectKey, storageTimestamp } from "./domain/upload/storageFileName.js"
export { isGif, isJpeg, isPng, isWebp, type SniffedImageType, sniffImageType } from "./domain/image/magicBytes.js"
export { detectImageType, extensionFromContentType, type ImageExtension, mediaTypeEssence } from "./domain/image/detectImageType.js"
export { type SignatureCheck, type VerifiedImageType, verifyImageSignature } from "./domain/image/verifyImageSignature.js"
export { OSS_TOKEN_TYPE, OSS_UPLOAD_TIMEOUT_MS, ossPostFields } from "./services/ossUpload.js"
export * from "./api/schemas/Upload.js"
export * from "./api/schemas/MultipartUpload.js"
// a downloaded image's name and its failure (the Downloads service's code, loaded on first use, names files with them)
export { DEFAULT_IMAGE_NAME, ImageDownloadFailed, imageBaseName } from "./services/downloadNames.js"
