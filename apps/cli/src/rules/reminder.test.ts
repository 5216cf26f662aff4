import { describe, expect, it } from "vitest"
import { runRule } from "../commands/rule.js"
import { reminderRules } from "./reminder.js"

const run = (input: unknown) => runRule(reminderRules, "reminder.decide", JSON.stringify(input))

const DAY = 86_400_000
/** 2025-06-15 12:00 in China. */
const now = Date.UTC(2025, 5, 15, 4)
const config = { remainingBeanThreshold: 100, dailyConsumeThreshold: 200, expireRemainDays: 3 }
const quiet = { balance: 500, today_consumed: 0 }
const input = (overrides: Record<string, unknown>) => ({
  user: { is_vip: false },
  balance: quiet,
  config,
  lastShown: {},
  now,
  ...overrides
})

describe("reminder.decide (harness)", () => {
  it.each([
    ["RM1", "nothing due", input({}), []],
    ["RM1", "beans low", input({ balance: { balance: 99, today_consumed: 0 } }), [1]],
    ["RM2", "high daily use", input({ balance: { balance: 500, today_consumed: 201 } }), [2]],
    ["RM3", "a member expiring in a day (ISO)", input({ user: { is_vip: true, vip_level: 2, vip_expired_at: "2025-06-16T04:00:00.000Z" } }), [3]],
    ["RM3", "server text without a zone is China time", input({ user: { is_vip: true, vip_expired_at: "2025-06-18 12:00:01" } }), []],
    ["RM3", "already expired", input({ user: { is_vip: true, vip_expired_at: "2025-06-14T00:00:00Z" } }), []],
    ["RM3", "a null expiry", input({ user: { is_vip: true, vip_level: null, vip_expired_at: null } }), []],
    ["RM4", "shown 23 hours ago", input({ balance: { balance: 0, today_consumed: 0 }, lastShown: { "1": now - DAY + 3_600_000 } }), []],
    ["RM4", "shown exactly 24 hours ago", input({ balance: { balance: 0, today_consumed: 0 }, lastShown: { "1": now - DAY } }), [1]],
    ["RM5", "a zero threshold switches the type off", input({ balance: { balance: 0, today_consumed: 0 }, config: { ...config, remainingBeanThreshold: 0 } }), []],
    ["RM5", "a missing threshold switches the type off", input({ balance: { balance: 0, today_consumed: 0 }, config: { dailyConsumeThreshold: 200, expireRemainDays: 3 } }), []],
    [
      "RM4",
      "all three, ascending",
      input({ user: { is_vip: true, vip_expired_at: "2025-06-16T04:00:00Z" }, balance: { balance: 1, today_consumed: 999 } }),
      [1, 2, 3]
    ]
  ])("%s %s", (_rule, _name, given, reminders) => {
    const result = run(given)
    expect(result.exitCode).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ reminders })
  })

  it.each([
    ["RM3", "an expiry that is not a date-time", input({ user: { is_vip: true, vip_expired_at: "next week" } })],
    ["RM3", "an impossible date", input({ user: { is_vip: true, vip_expired_at: "2025-02-30T00:00:00Z" } })],
    ["RM3", "is_vip as a number", input({ user: { is_vip: 1 } })],
    ["RM1", "a balance as text", input({ balance: { balance: "5", today_consumed: 0 } })],
    ["RM2", "a missing today_consumed", input({ balance: { balance: 5 } })],
    ["RM5", "a threshold as text", input({ config: { ...config, remainingBeanThreshold: "100" } })],
    ["RM4", "a stamp as text", input({ lastShown: { "1": "yesterday" } })],
    ["RM4", "no now", { user: { is_vip: false }, balance: quiet, config, lastShown: {} }],
    ["RM4", "no lastShown", { user: { is_vip: false }, balance: quiet, config, now }]
  ])("%s rejects %s with exit 2", (_rule, _name, given) => {
    const result = run(given)
    expect(result.exitCode).toBe(2)
    expect(result.stderr).not.toBe("")
  })
})
