import { dailyPostRewardCap } from "../order/postReward.js"
import { readReminderThresholds, type ReminderThresholds } from "../reminder/reminderThresholds.js"

/** One app config entry (spec §3): a key and its values as text. */
export interface ConfigItem {
  readonly key: string
  readonly value: ReadonlyArray<string>
}

/**
 * The config keys the app reads (spec §3). `mobileSite` is ours: §2 sends phones to "the mobile site"
 * without saying where it is, so its address (origin, optionally a base path) is an operator's config
 * entry like the others (CF4).
 */
export const ConfigKeys = {
  wecomPromotionQrcode: "config.wecom.promotion.qrcode",
  firstPostReward: "points.first-post",
  dailyPostReward: "points.daily-post",
  mobileSite: "config.mobile.site"
} as const

/** CF1: the first value of the first entry with the key, trimmed; missing or blank → undefined. */
export const configText = (entries: ReadonlyArray<ConfigItem>, key: string): string | undefined => {
  const text = entries.find((entry) => entry.key === key)?.value[0]?.trim()
  return text === undefined || text === "" ? undefined : text
}

/** CF2: a whole number of beans from config; anything but plain digits counts as 0. */
export const configBeans = (entries: ReadonlyArray<ConfigItem>, key: string): number => {
  const text = configText(entries, key)
  return text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : 0
}

/**
 * CF4: the mobile site for NV6, or "" (none: phones get the mobile guide instead). Only an http(s)
 * address without credentials, query or hash counts, so a config entry cannot send phones to a
 * javascript: or data: address.
 */
export const mobileSiteAddress = (text: string | undefined): string => {
  if (text === undefined || !/^https?:\/\//i.test(text)) return ""
  try {
    const url = new URL(text)
    const plain = url.username === "" && url.password === "" && url.search === "" && url.hash === "" && !text.includes("?") && !text.includes("#")
    return plain && (url.protocol === "https:" || url.protocol === "http:") ? text : ""
  } catch {
    return ""
  }
}

/** Everything the app reads from config, typed (spec §3 keys; §2 feature prompt; §4 reminders). */
export interface AppSettings {
  readonly wecomQrcode: string | undefined
  readonly firstPostReward: number
  readonly dailyPostReward: number
  /** OR6: first-post + daily-post. */
  readonly dailyPostCap: number
  readonly reminderThresholds: ReminderThresholds
  /** CF4: where NV6 sends phones, "" when none is configured. */
  readonly mobileSite: string
}

/** CF3: the typed settings from the raw config list. */
export const appSettings = (entries: ReadonlyArray<ConfigItem>): AppSettings => {
  const firstPostReward = configBeans(entries, ConfigKeys.firstPostReward)
  const dailyPostReward = configBeans(entries, ConfigKeys.dailyPostReward)
  return {
    wecomQrcode: configText(entries, ConfigKeys.wecomPromotionQrcode),
    firstPostReward,
    dailyPostReward,
    dailyPostCap: dailyPostRewardCap(firstPostReward, dailyPostReward),
    reminderThresholds: readReminderThresholds(entries),
    mobileSite: mobileSiteAddress(configText(entries, ConfigKeys.mobileSite))
  }
}
