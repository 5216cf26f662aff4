import { StorageKeys } from "@mido/core"

/** The device facts the navigation guard needs (spec §2): a phone or tablet, and the remembered H5 flag. */
const MOBILE_UA = /Android|iPhone|iPod|iPad|Mobile|HarmonyOS|Windows Phone/i

export const isMobileUserAgent = (userAgent: string): boolean => MOBILE_UA.test(userAgent)

/** Read once per page load: the user agent does not change while the app runs. */
export const isMobileDevice = (): boolean =>
  typeof navigator !== "undefined" && isMobileUserAgent(navigator.userAgent)

/**
 * NV7: set by `/list?source=H5`, kept so later navigations on a phone stay on this site. The key is the
 * core's (every stored key in one place); the guard reads it synchronously on every navigation, so it
 * goes to web storage directly rather than through the asynchronous-capable KeyValueStore port.
 */
export const H5_FLAG_KEY = StorageKeys.h5Flag

const storage = (): Storage | undefined => {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}

export const readH5Flag = (): boolean => {
  try {
    return storage()?.getItem(H5_FLAG_KEY) === "true"
  } catch {
    return false
  }
}

export const rememberH5Flag = (): void => {
  try {
    storage()?.setItem(H5_FLAG_KEY, "true")
  } catch {
    // storage refused (private mode): the flag lives for this navigation only
  }
}
