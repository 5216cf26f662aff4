import { describe, expect, it } from "vitest"
import { activityCountdown, activityDatesText, activityStatusAt, countdownText, currentActivity, entryBlocker, submitBlocker } from "./activityRules.js"

// 2026-06-01 00:00:00 UTC = 08:00 China time
const T = Date.UTC(2026, 5, 1) / 1000
const HOUR = 3600
const DAY = 86_400
const at = (start: number, end: number) => ({ start_at: T + start, end_at: T + end })

describe("AC1 — status from the times", () => {
  it.each([
    ["before the start", at(HOUR, DAY), "upcoming"],
    ["at the start", at(0, DAY), "ongoing"],
    ["one second before the end", at(-DAY, 1), "ongoing"],
    ["at the end", at(-DAY, 0), "ended"],
    ["after the end", at(-2 * DAY, -DAY), "ended"]
  ] as const)("%s → %s", (_name, activity, status) => {
    expect(activityStatusAt(activity, T * 1000)).toBe(status)
  })
})

describe("AC2 — the countdown", () => {
  it.each([
    [0, "00:00:00"],
    [-5000, "00:00:00"],
    [59_999, "00:00:59"],
    [(3 * DAY + 4 * HOUR + 5 * 60 + 6) * 1000 + 999, "3天 04:05:06"],
    [DAY * 1000, "1天 00:00:00"]
  ])("%i ms → %s", (ms, text) => {
    expect(countdownText(ms)).toBe(text)
  })

  it.each([
    ["upcoming", at(2 * HOUR, DAY), "距开始 02:00:00"],
    ["ongoing", at(-HOUR, 2 * DAY + 30), "距结束 2天 00:00:30"],
    ["ended", at(-DAY, -HOUR), "活动已结束"]
  ] as const)("%s → %s", (_name, activity, text) => {
    expect(activityCountdown(activity, T * 1000)).toBe(text)
  })
})

describe("AC3 — the dates in China time", () => {
  it("shows both ends to the minute", () => {
    expect(activityDatesText(at(2 * HOUR + 30, 20 * DAY))).toBe("2026-06-01 10:00 — 2026-06-21 08:00")
  })
})

describe("AC4 — who may use 提交作品", () => {
  it.each([
    ["upcoming", { ...at(HOUR, DAY), is_joined: false }, "活动尚未开始，开始后再来投稿吧"],
    ["ended", { ...at(-DAY, -1), is_joined: false }, "活动已结束，无法再提交作品"],
    ["ongoing, already handed in", { ...at(-1, DAY), is_joined: true }, "你已提交过参赛作品"],
    ["ongoing, not yet", { ...at(-1, DAY), is_joined: false }, null]
  ] as const)("%s → %s", (_name, activity, blocker) => {
    expect(submitBlocker(activity, T * 1000)).toBe(blocker)
  })
})

describe("AC5 — which library works can enter", () => {
  it.each([
    ["approved and public", "approved", true, null],
    ["approved but private", "approved", false, "作品公开发布并通过审核后才能参赛"],
    ["in review", "pending", true, "作品公开发布并通过审核后才能参赛"],
    ["a draft", "draft", false, "作品公开发布并通过审核后才能参赛"],
    ["rejected", "rejected", true, "作品公开发布并通过审核后才能参赛"]
  ] as const)("%s", (_name, audit_status, is_public, blocker) => {
    expect(entryBlocker({ audit_status, is_public })).toBe(blocker)
  })
})

describe("AC6 — the current activity", () => {
  const ended = { id: 1, ...at(-9 * DAY, -5 * DAY) }
  const endedLater = { id: 2, ...at(-9 * DAY, -DAY) }
  const soon = { id: 3, ...at(DAY, 9 * DAY) }
  const later = { id: 4, ...at(3 * DAY, 9 * DAY) }
  const open = { id: 5, ...at(-DAY, 9 * DAY) }
  const closingFirst = { id: 6, ...at(-DAY, 2 * DAY) }
  it.each([
    ["an ongoing one first, the one closing first", [ended, soon, open, closingFirst], 6],
    ["else the next to start", [ended, later, soon], 3],
    ["else the last to end", [ended, endedLater], 2],
    ["none", [], null]
  ] as const)("%s", (_name, list, id) => {
    expect(currentActivity(list, T * 1000)?.id ?? null).toBe(id)
  })
})
