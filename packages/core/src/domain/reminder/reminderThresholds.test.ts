import { describe, expect, it } from "vitest"
import { activeThreshold, readReminderThresholds, ReminderConfigKeys } from "./reminderThresholds.js"

const entry = (key: string, ...value: ReadonlyArray<string>) => ({ key, value })
const low = (...value: ReadonlyArray<string>) => entry(ReminderConfigKeys.remainingBeanThreshold, ...value)

describe("RM5 reading the thresholds from the app config", () => {
  it.each([
    [
      "RM5",
      "all three keys",
      [
        entry("config.member.remaining.bean.threshold", "100"),
        entry("config.member.daily.bean.consume.threshold", "200"),
        entry("config.member.expire.remain.days.notice", "3"),
        entry("points.first-post", "20")
      ],
      { remainingBeanThreshold: 100, dailyConsumeThreshold: 200, expireRemainDays: 3 }
    ],
    ["RM5", "an empty config", [], { remainingBeanThreshold: undefined, dailyConsumeThreshold: undefined, expireRemainDays: undefined }],
    ["RM5", "only unrelated keys", [entry("points.daily-post", "5")], { remainingBeanThreshold: undefined, dailyConsumeThreshold: undefined, expireRemainDays: undefined }],
    ["RM5", "0 is read as 0 (it switches the reminder off)", [low("0")], { remainingBeanThreshold: 0, dailyConsumeThreshold: undefined, expireRemainDays: undefined }],
    ["RM5", "blanks around the number", [low(" 30 ")], { remainingBeanThreshold: 30, dailyConsumeThreshold: undefined, expireRemainDays: undefined }],
    ["RM5", "a decimal", [low("1.5")], { remainingBeanThreshold: 1.5, dailyConsumeThreshold: undefined, expireRemainDays: undefined }],
    ["RM5", "the first value of the list counts", [low("10", "99")], { remainingBeanThreshold: 10, dailyConsumeThreshold: undefined, expireRemainDays: undefined }],
    ["RM5", "the first entry of a key counts", [low("10"), low("99")], { remainingBeanThreshold: 10, dailyConsumeThreshold: undefined, expireRemainDays: undefined }],
    ["RM5", "bad input: an empty value list", [low()], { remainingBeanThreshold: undefined, dailyConsumeThreshold: undefined, expireRemainDays: undefined }],
    ["RM5", "bad input: an empty string", [low("")], { remainingBeanThreshold: undefined, dailyConsumeThreshold: undefined, expireRemainDays: undefined }],
    ["RM5", "bad input: words", [low("abc")], { remainingBeanThreshold: undefined, dailyConsumeThreshold: undefined, expireRemainDays: undefined }],
    ["RM5", "bad input: negative", [low("-5")], { remainingBeanThreshold: undefined, dailyConsumeThreshold: undefined, expireRemainDays: undefined }],
    ["RM5", "bad input: exponent form", [low("1e3")], { remainingBeanThreshold: undefined, dailyConsumeThreshold: undefined, expireRemainDays: undefined }],
    ["RM5", "bad input: a number with a unit", [low("100豆")], { remainingBeanThreshold: undefined, dailyConsumeThreshold: undefined, expireRemainDays: undefined }]
  ] as const)("%s %s", (_rule, _name, entries, expected) => {
    expect(readReminderThresholds(entries)).toEqual(expected)
  })

  it.each([
    ["RM5", "a positive threshold is on", 5, 5],
    ["RM5", "a fractional threshold is on", 0.5, 0.5],
    ["RM5", "0 is off", 0, undefined],
    ["RM5", "missing is off", undefined, undefined],
    ["RM5", "bad input: negative is off", -1, undefined],
    ["RM5", "bad input: NaN is off", Number.NaN, undefined],
    ["RM5", "bad input: infinite is off", Number.POSITIVE_INFINITY, undefined]
  ] as const)("%s %s", (_rule, _name, value, expected) => {
    expect(activeThreshold(value)).toBe(expected)
  })
})
