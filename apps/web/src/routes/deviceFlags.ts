/** The device fact the navigation guard needs (spec §2): a phone or tablet. The H5 flag is the SavedFlagsStore's. */
const MOBILE_UA = /Android|iPhone|iPod|iPad|Mobile|HarmonyOS|Windows Phone/i

export const isMobileUserAgent = (userAgent: string): boolean => MOBILE_UA.test(userAgent)

/** Read once per page load: the user agent does not change while the app runs. */
export const isMobileDevice = (): boolean =>
  typeof navigator !== "undefined" && isMobileUserAgent(navigator.userAgent)
