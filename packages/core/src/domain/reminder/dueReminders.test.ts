import { describe, expect, it } from "vitest"
import { dueReminders, type ReminderSituation } from "./dueReminders.js"
import { markReminderShown, REMINDER_INTERVAL_MS } from "./reminderInterval.js"

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** 2025-06-15 12:00 in China. */
const now = Date.UTC(2025, 5, 15, 4)
const iso = (time: number) => new Date(time).toISOString()

const situation = (overrides: {
  readonly user?: Partial<ReminderSituation["user"]>
  readonly balance?: Partial<ReminderSituation["balance"]>
  readonly thresholds?: Partial<ReminderSituation["thresholds"]>
  readonly lastShown?: ReminderSituation["lastShown"]
} = {}): ReminderSituation => ({
  user: { is_vip: false, ...overrides.user },
  balance: { balance: 500, today_consumed: 0, ...overrides.balance },
  thresholds: { remainingBeanThreshold: 100, dailyConsumeThreshold: 200, expireRemainDays: 3, ...overrides.thresholds },
  lastShown: overrides.lastShown ?? {},
  now
})
const member = (vip_expired_at: string | null | undefined) => ({ is_vip: true, vip_expired_at })

type Row = readonly [rule: string, name: string, situation: ReminderSituation, expected: ReadonlyArray<number>]

const rows: ReadonlyArray<Row> = [
  ["RM1", "nothing to remind", situation(), []],
  ["RM1", "balance below the threshold", situation({ balance: { balance: 99 } }), [1]],
  ["RM1", "balance equal to the threshold is not low", situation({ balance: { balance: 100 } }), []],
  ["RM1", "an empty balance", situation({ balance: { balance: 0 } }), [1]],
  ["RM1", "members are reminded too", situation({ user: { is_vip: true }, balance: { balance: 10 } }), [1]],
  ["RM1", "bad input: a negative balance is low", situation({ balance: { balance: -5 } }), [1]],
  ["RM1", "bad input: a NaN balance never reminds", situation({ balance: { balance: Number.NaN } }), []],
  ["RM7", "a new account at 0 that never spent is not scolded", situation({ balance: { balance: 0, has_consumed: false } }), []],
  ["RM7", "a sign-up grant below the threshold, unspent, is not low", situation({ balance: { balance: 60, has_consumed: false } }), []],
  ["RM7", "once something was spent, a low balance reminds", situation({ balance: { balance: 60, has_consumed: true } }), [1]],
  ["RM7", "a server that does not say: RM1 alone", situation({ balance: { balance: 60, has_consumed: undefined } }), [1]],
  ["RM7", "never spent still hears of the membership expiring", situation({ user: member(iso(now + DAY)), balance: { balance: 0, has_consumed: false } }), [3]],
  ["RM2", "today's use above the threshold", situation({ balance: { today_consumed: 201 } }), [2]],
  ["RM2", "today's use equal to the threshold is not high", situation({ balance: { today_consumed: 200 } }), []],
  ["RM2", "bad input: a NaN use never reminds", situation({ balance: { today_consumed: Number.NaN } }), []],
  ["RM3", "a member expiring in 2 days", situation({ user: member(iso(now + 2 * DAY)) }), [3]],
  ["RM3", "exactly the notice period away counts", situation({ user: member(iso(now + 3 * DAY)) }), [3]],
  ["RM3", "one ms beyond the notice period", situation({ user: member(iso(now + 3 * DAY + 1)) }), []],
  ["RM3", "one ms before expiry", situation({ user: member(iso(now + 1)) }), [3]],
  ["RM3", "expiring right now is already past", situation({ user: member(iso(now)) }), []],
  ["RM3", "already expired yesterday", situation({ user: member(iso(now - DAY)) }), []],
  ["RM3", "server text is China time: 3 days less a second", situation({ user: member("2025-06-18 11:59:59") }), [3]],
  ["RM3", "server text is China time: 3 days and a second", situation({ user: member("2025-06-18 12:00:01") }), []],
  ["RM3", "a non-member is never reminded of expiry", situation({ user: { is_vip: false, vip_expired_at: iso(now + DAY) } }), []],
  ["RM3", "bad input: a member without an expiry", situation({ user: member(undefined) }), []],
  ["RM3", "bad input: a null expiry", situation({ user: member(null) }), []],
  ["RM3", "bad input: an unreadable expiry", situation({ user: member("soon") }), []],
  ["RM4", "shown 24 hours less a ms ago", situation({ balance: { balance: 0 }, lastShown: { "1": now - REMINDER_INTERVAL_MS + 1 } }), []],
  ["RM4", "shown exactly 24 hours ago is due again", situation({ balance: { balance: 0 }, lastShown: { "1": now - REMINDER_INTERVAL_MS } }), [1]],
  ["RM4", "shown two days ago", situation({ balance: { balance: 0 }, lastShown: { "1": now - 2 * DAY } }), [1]],
  ["RM4", "another type's stamp does not hold it back", situation({ balance: { balance: 0 }, lastShown: { "2": now, "3": now } }), [1]],
  ["RM4", "a stamp an hour ahead (clock skew) still holds", situation({ balance: { balance: 0 }, lastShown: { "1": now + HOUR } }), []],
  ["RM4", "bad input: a stamp 24 hours or more ahead is ignored", situation({ balance: { balance: 0 }, lastShown: { "1": now + DAY } }), [1]],
  ["RM4", "bad input: a NaN stamp is ignored", situation({ balance: { balance: 0 }, lastShown: { "1": Number.NaN } }), [1]],
  ["RM4", "the 24 hours hold expiry reminders too", situation({ user: member(iso(now + HOUR)), lastShown: { "3": now - HOUR } }), []],
  ["RM5", "threshold 0 switches beans-low off", situation({ balance: { balance: -1 }, thresholds: { remainingBeanThreshold: 0 } }), []],
  ["RM5", "a missing beans-low threshold", situation({ balance: { balance: 0 }, thresholds: { remainingBeanThreshold: undefined } }), []],
  ["RM5", "threshold 0 switches daily use off", situation({ balance: { today_consumed: 1 }, thresholds: { dailyConsumeThreshold: 0 } }), []],
  ["RM5", "bad input: a negative daily threshold is off", situation({ balance: { today_consumed: 1 }, thresholds: { dailyConsumeThreshold: -10 } }), []],
  ["RM5", "notice days 0 switches expiry off", situation({ user: member(iso(now + HOUR)), thresholds: { expireRemainDays: 0 } }), []],
  ["RM5", "bad input: NaN notice days are off", situation({ user: member(iso(now + HOUR)), thresholds: { expireRemainDays: Number.NaN } }), []],
  ["RM5", "a fractional notice period", situation({ user: member(iso(now + 12 * HOUR)), thresholds: { expireRemainDays: 0.5 } }), [3]],
  [
    "RM4",
    "all three due come out ascending",
    situation({ user: member(iso(now + DAY)), balance: { balance: 1, today_consumed: 999 } }),
    [1, 2, 3]
  ]
]

describe("reminders (spec §4, docs/spec/reminders.md)", () => {
  it.each(rows)("%s %s", (_rule, _name, input, expected) => {
    expect(dueReminders(input)).toEqual(expected)
  })

  it("RM4 showing a reminder holds it back for 24 hours, and only that one", () => {
    const due = situation({ user: member(iso(now + 2 * DAY)), balance: { balance: 1 } })
    const lastShown = markReminderShown({ "3": now - 2 * DAY }, 1, now)
    expect(lastShown).toEqual({ "1": now, "3": now - 2 * DAY })
    expect(dueReminders({ ...due, lastShown })).toEqual([3])
    expect(dueReminders({ ...due, lastShown, now: now + REMINDER_INTERVAL_MS })).toEqual([1, 3])
  })
})
