import { describe, expect, it } from "vitest"
import { runRule } from "../commands/rule.js"
import { formatRules } from "./format.js"

const run = (name: string, input: unknown) => runRule(formatRules, name, JSON.stringify(input))
/** 2025-06-15 12:00 in China. */
const now = Date.UTC(2025, 5, 15, 4)

describe("format.* (harness)", () => {
  it.each([
    ["FM1", "format.relativeTime", { time: now - 30_000, now }, "刚刚"],
    ["FM1", "format.relativeTime", { time: now - 5 * 60_000, now }, "5分钟前"],
    ["FM1", "format.relativeTime", { time: now - 3 * 3_600_000, now }, "3小时前"],
    ["FM1", "format.relativeTime", { time: now - 6 * 86_400_000, now }, "6天前"],
    ["FM1", "format.relativeTime", { time: now + 60_000, now }, "刚刚"],
    ["FM2", "format.relativeTime", { time: Date.UTC(2025, 0, 1, 17), now }, "2025-01-02"],
    ["FM3", "format.count", { n: 1000 }, "1000"],
    ["FM3", "format.count", { n: 12345 }, "12.3k"],
    ["FM3", "format.count", { n: 999_999 }, "999.9k"],
    ["FM3", "format.count", { n: 1_000_000 }, "1m"],
    ["FM3", "format.count", { n: -4 }, "0"],
    ["FM4", "format.badge", { n: 100 }, "99+"],
    ["FM4", "format.badge", { n: 7 }, "7"],
    ["FM4", "format.badge", { n: 0 }, ""],
    ["FM5", "format.aspectRatio", { width: 1080, height: 1920 }, "9:16"],
    ["FM5", "format.aspectRatio", { width: 1024, height: 768 }, "4:3"],
    ["FM5", "format.aspectRatio", { width: 0, height: 768 }, "1:1"]
  ] as const)("%s %s %j", (_rule, name, input, expected) => {
    const result = run(name, input)
    expect(result.exitCode).toBe(0)
    expect(JSON.parse(result.stdout)).toBe(expected)
  })

  it.each([
    ["FM1", "format.relativeTime", { time: "2025-06-15", now }],
    ["FM1", "format.relativeTime", { time: now }],
    ["FM3", "format.count", { n: "1500" }],
    ["FM3", "format.count", {}],
    ["FM4", "format.badge", { n: null }],
    ["FM5", "format.aspectRatio", { width: 1024 }],
    ["FM5", "format.aspectRatio", [1024, 768]]
  ] as const)("%s %s rejects %j with exit 2", (_rule, name, input) => {
    const result = run(name, input)
    expect(result.exitCode).toBe(2)
    expect(result.stderr).not.toBe("")
  })
})
