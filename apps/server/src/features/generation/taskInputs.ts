import type { TaskSubmit } from "@mido/core/generation"
import type { ServerConfig } from "../../platform/config.js"
import { isSafeKey, type ObjectStore } from "../../adapters/storage/objectStorePort.js"
import type { Db } from "../../db/database.js"
import { isPublicImage } from "../artworks/publicImages.js"
import { badInput } from "./generationRefusal.js"
import { objectBaseUrl } from "../files/storedFiles.js"

/** The images a task reads, by role, as the addresses the client sent. */
export interface InputUrls {
  readonly init?: string
  readonly mask?: string
  readonly imagePrompts: ReadonlyArray<string>
  readonly styleReference: ReadonlyArray<string>
  readonly characterReference: ReadonlyArray<string>
  readonly omniReference: ReadonlyArray<string>
}

const none = { imagePrompts: [], styleReference: [], characterReference: [], omniReference: [] }

export const inputUrlsOf = (submit: TaskSubmit): InputUrls => {
  switch (submit.type) {
    case "quick":
      return { ...none, ...(submit.base_image_url !== undefined ? { init: submit.base_image_url } : {}) }
    case "quick_mj":
      return { ...none, imagePrompts: submit.image_prompts, styleReference: submit.style_reference, characterReference: submit.character_reference, omniReference: submit.omni_reference }
    case "sd":
      return { ...none, ...(submit.init_image_url !== undefined ? { init: submit.init_image_url } : {}), ...(submit.mask_url !== undefined ? { mask: submit.mask_url } : {}) }
    case "agent":
      return { ...none, ...(submit.image_urls[0] !== undefined ? { init: submit.image_urls[0] } : {}), imagePrompts: submit.image_urls.slice(1) }
    case "tool":
      return { ...none, init: submit.image_url, ...(submit.mask_url !== undefined ? { mask: submit.mask_url } : {}) }
  }
}

const allOf = (urls: InputUrls): ReadonlyArray<string> => [
  ...(urls.init !== undefined ? [urls.init] : []),
  ...(urls.mask !== undefined ? [urls.mask] : []),
  ...urls.imagePrompts,
  ...urls.styleReference,
  ...urls.characterReference,
  ...urls.omniReference
]

const NOT_OWN_IMAGE = "图片地址无效，请使用自己上传或生成的图片"

/** The storage key behind an address on our storage origin, or "" when it is elsewhere or unsafe. */
const storageKeyOf = (config: Pick<ServerConfig, "storageUrl" | "s3">, url: string): string => {
  const base = objectBaseUrl(config)
  const key = url.startsWith(base) ? url.slice(base.length) : ""
  return isSafeKey(key) ? key : ""
}

const isOwnKey = (uid: number, key: string): boolean => key.startsWith(`u/${uid}/`) || key.startsWith(`generated/u/${uid}/`)

/** R11, own images only (the assistant's attachments): the caller's upload or generated image. */
export const ownImageKey = (config: Pick<ServerConfig, "storageUrl" | "s3">, uid: number, url: string): string => {
  const key = storageKeyOf(config, url)
  if (key === "" || !isOwnKey(uid, key)) throw badInput(NOT_OWN_IMAGE)
  return key
}

/**
 * R11: the storage key behind an input image, on our storage origin: the caller's own upload
 * (`u/{uid}/…`), an image one of the caller's tasks made (`generated/u/{uid}/…`), or an image a
 * published artwork already shows to everyone (its cover or a reference image: 做同款 from another
 * user's work). Anything else — another user's private image, a foreign host, an unsafe key — is refused.
 */
export const inputImageKey = async (db: Db, config: Pick<ServerConfig, "storageUrl" | "s3">, uid: number, url: string): Promise<string> => {
  const key = storageKeyOf(config, url)
  if (key === "") throw badInput(NOT_OWN_IMAGE)
  if (isOwnKey(uid, key) || (await isPublicImage(db, url))) return key
  throw badInput(NOT_OWN_IMAGE)
}

/** At submit: every input image must be the caller's or public (the worker reads them later). */
export const checkInputs = async (db: Db, config: Pick<ServerConfig, "storageUrl" | "s3">, uid: number, submit: TaskSubmit): Promise<void> => {
  for (const url of new Set(allOf(inputUrlsOf(submit)))) await inputImageKey(db, config, uid, url)
}

/**
 * In the worker: the bytes of an input image, or undefined when it is gone. Checked again: an image
 * whose artwork was unpublished or deleted since the submit counts as gone (the task fails and refunds).
 */
export const readInput = async (store: ObjectStore, db: Db, config: Pick<ServerConfig, "storageUrl" | "s3">, uid: number, url: string): Promise<Uint8Array | undefined> => {
  const key = await inputImageKey(db, config, uid, url).catch(() => undefined)
  return key === undefined ? undefined : store.read(key)
}
