import { describe, expect, it } from "vitest"
import { assignmentDeadline } from "./assignmentDeadline.js"

const NOW = 1_780_000_000
const M = 60
const H = 60 * M
const D = 24 * H

describe("the assignment countdown (issue 17 /community/assignment-detail; docs/spec/circle.md)", () => {
  it.each([
    ["CI1", "days and hours", NOW + 2 * D + 3 * H + 20 * M, { open: true, text: "剩余 2 天 3 小时" }],
    ["CI1", "whole days", NOW + 5 * D + 59 * M, { open: true, text: "剩余 5 天" }],
    ["CI1", "hours and minutes under a day", NOW + 3 * H + 5 * M + 59, { open: true, text: "剩余 3 小时 5 分钟" }],
    ["CI1", "whole hours", NOW + 23 * H + 30, { open: true, text: "剩余 23 小时" }],
    ["CI1", "minutes under an hour", NOW + 5 * M + 30, { open: true, text: "剩余 5 分钟" }],
    ["CI1", "under a minute", NOW + 59, { open: true, text: "剩余不到 1 分钟" }],
    ["CI1", "at the deadline it is closed", NOW, { open: false, text: "已截止" }],
    ["CI1", "past the deadline", NOW - 3 * D, { open: false, text: "已截止" }],
    ["CI1", "bad input: a broken deadline offers nothing", Number.NaN, { open: false, text: "" }]
  ] as const)("%s %s", (_rule, _name, deadline, expected) => {
    expect(assignmentDeadline(deadline, NOW)).toEqual(expected)
  })

  it("CI1 bad input: a broken clock offers nothing", () => {
    expect(assignmentDeadline(NOW, Number.POSITIVE_INFINITY)).toEqual({ open: false, text: "" })
  })
})
