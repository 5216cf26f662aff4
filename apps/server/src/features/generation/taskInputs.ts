import type { TaskSubmit } from "@mido/core/generation"
import type { ServerConfig } from "../../platform/config.js"
import { isSafeKey, type ObjectStore } from "../../adapters/storage/objectStorePort.js"
import { badInput } from "./generationRefusal.js"

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

/**
 * R11: the storage key behind an input image: the caller's own upload (`u/{uid}/…`) or an image one
 * of the caller's tasks made (`generated/u/{uid}/…`), on our storage origin; anything else is refused.
 */
export const ownImageKey = (config: Pick<ServerConfig, "storageUrl">, uid: number, url: string): string => {
  const base = `${config.storageUrl}/uploads/`
  const key = url.startsWith(base) ? url.slice(base.length) : ""
  if (!isSafeKey(key) || !(key.startsWith(`u/${uid}/`) || key.startsWith(`generated/u/${uid}/`))) throw badInput(NOT_OWN_IMAGE)
  return key
}

/** At submit: every input image must be the caller's (the worker reads them later). */
export const checkInputs = (config: Pick<ServerConfig, "storageUrl">, uid: number, submit: TaskSubmit): void => {
  for (const url of allOf(inputUrlsOf(submit))) ownImageKey(config, uid, url)
}

/** In the worker: the bytes of an input image, or undefined when it is gone. */
export const readInput = async (store: ObjectStore, config: Pick<ServerConfig, "storageUrl">, uid: number, url: string): Promise<Uint8Array | undefined> =>
  store.read(ownImageKey(config, uid, url))
