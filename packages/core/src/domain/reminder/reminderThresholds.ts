/** The three config keys the reminders read (spec §3), verbatim. */
export const ReminderConfigKeys = {
  remainingBeanThreshold: "config.member.remaining.bean.threshold",
  dailyConsumeThreshold: "config.member.daily.bean.consume.threshold",
  expireRemainDays: "config.member.expire.remain.days.notice"
} as const

/**
 * RM5: the reminder limits. A value that is missing, not a number, 0 or negative switches its
 * reminder type off: the operator disables a reminder by setting 0, and a broken config must never
 * make a reminder fire on every balance.
 */
export interface ReminderThresholds {
  readonly remainingBeanThreshold: number | undefined
  readonly dailyConsumeThreshold: number | undefined
  readonly expireRemainDays: number | undefined
}

/** RM5: a threshold that switches its reminder on, or undefined when it is off. */
export const activeThreshold = (value: number | undefined): number | undefined =>
  value !== undefined && Number.isFinite(value) && value > 0 ? value : undefined

const PLAIN_NUMBER = /^\d+(?:\.\d+)?$/

const parseConfigNumber = (text: string | undefined): number | undefined => {
  const trimmed = text?.trim()
  return trimmed !== undefined && PLAIN_NUMBER.test(trimmed) ? Number(trimmed) : undefined
}

/**
 * RM5: the thresholds from the app config list (GET /api/v1/open/config/app_config, entries of key
 * and value list). The first entry with a key counts and its first value is read as a plain
 * non-negative decimal ("20", " 3 ", "1.5"); a missing key, an empty list or text such as "abc",
 * "-5" or "1e3" leaves the threshold undefined, which switches that reminder off.
 */
export const readReminderThresholds = (
  entries: ReadonlyArray<{ readonly key: string; readonly value: ReadonlyArray<string> }>
): ReminderThresholds => {
  const read = (key: string) => parseConfigNumber(entries.find((entry) => entry.key === key)?.value[0])
  return {
    remainingBeanThreshold: read(ReminderConfigKeys.remainingBeanThreshold),
    dailyConsumeThreshold: read(ReminderConfigKeys.dailyConsumeThreshold),
    expireRemainDays: read(ReminderConfigKeys.expireRemainDays)
  }
}
