import { parseChinaDateTime } from "../format/chinaTime.js"
import { reminderTypes, type ReminderLastShown, type ReminderType } from "./Reminder.js"
import { hasReminderIntervalPassed } from "./reminderInterval.js"
import { activeThreshold, type ReminderThresholds } from "./reminderThresholds.js"

const DAY_MS = 24 * 60 * 60 * 1000

/** The user fields a reminder looks at (spec §3 user info); vip_expired_at is ISO or the server's China-time text. */
export interface ReminderUser {
  readonly is_vip: boolean
  readonly vip_expired_at?: string | null | undefined
}

/** Spec §3 balance info, in whole beans, and whether any was ever spent (ours; absent: unknown). */
export interface ReminderBalance {
  readonly balance: number
  readonly today_consumed: number
  readonly has_consumed?: boolean | undefined
}

export interface ReminderSituation {
  readonly user: ReminderUser
  readonly balance: ReminderBalance
  readonly thresholds: ReminderThresholds
  readonly lastShown: ReminderLastShown
  readonly now: number
}

/**
 * RM1: strictly below the threshold; a balance equal to it is not yet low. RM7: only once the user
 * has spent beans: a new account at 0, or one still holding its sign-up grant, has used nothing up,
 * and its first sight of Mido must not be a scolding. A server that does not say (absent) → RM1 alone.
 */
const beansRunningLow = ({ balance, thresholds }: ReminderSituation): boolean => {
  const threshold = activeThreshold(thresholds.remainingBeanThreshold)
  return threshold !== undefined && balance.balance < threshold && balance.has_consumed !== false
}

/** RM2: strictly above the threshold. */
const highDailyUse = ({ balance, thresholds }: ReminderSituation): boolean => {
  const threshold = activeThreshold(thresholds.dailyConsumeThreshold)
  return threshold !== undefined && balance.today_consumed > threshold
}

/**
 * RM3: a member whose expiry is still ahead and at most N days away (N days exactly counts). An
 * expiry at or before now is already past: that is no longer "expiring", and the lapsed state is
 * shown by the membership badge and the buy dialog, not by this reminder. A missing or unreadable
 * expiry never reminds.
 */
const membershipExpiring = ({ user, thresholds, now }: ReminderSituation): boolean => {
  const days = activeThreshold(thresholds.expireRemainDays)
  if (!user.is_vip || days === undefined || user.vip_expired_at == null) return false
  const expiresAt = parseChinaDateTime(user.vip_expired_at)
  return expiresAt !== undefined && expiresAt > now && expiresAt - now <= days * DAY_MS
}

const conditions: Readonly<Record<ReminderType, (situation: ReminderSituation) => boolean>> = {
  1: beansRunningLow,
  2: highDailyUse,
  3: membershipExpiring
}

/** RM1–RM4: the reminder types due now, ascending: the condition holds and 24 hours have passed. */
export const dueReminders = (situation: ReminderSituation): ReadonlyArray<ReminderType> =>
  reminderTypes.filter(
    (type) => conditions[type](situation) && hasReminderIntervalPassed(situation.lastShown[`${type}`], situation.now)
  )
