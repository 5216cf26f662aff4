import type { ReminderLastShown, ReminderType } from "./Reminder.js"

/** RM4: each type at most once per 24 hours (spec §4, §9). */
export const REMINDER_INTERVAL_MS = 24 * 60 * 60 * 1000

/**
 * RM4: whether a type may be shown again. Never shown (or a stamp that is not a number) → yes.
 * Exactly 24 hours after it was shown → yes again. A stamp more than 24 hours in the future is
 * treated the same way: it can only come from a device clock that was wrong when it was stored, and
 * trusting it would silence the reminder for as long as the clock was off. A stamp less than 24 hours
 * ahead still counts, so small clock skew never shows a reminder twice.
 */
export const hasReminderIntervalPassed = (lastShownAt: number | undefined, now: number): boolean =>
  lastShownAt === undefined || !Number.isFinite(lastShownAt) || Math.abs(now - lastShownAt) >= REMINDER_INTERVAL_MS

/** RM4: the stamps after showing `type` at `now`. */
export const markReminderShown = (lastShown: ReminderLastShown, type: ReminderType, now: number): ReminderLastShown =>
  ({ ...lastShown, [`${type}`]: now })
