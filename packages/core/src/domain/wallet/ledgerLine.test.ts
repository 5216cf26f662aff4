import { describe, expect, it } from "vitest"
import { ledgerAmountText, ledgerLine } from "./ledgerLine.js"

/** 2025-06-15 12:00 in China. */
const now = Date.UTC(2025, 5, 15, 4)

describe("ledger lines (spec §2 bean detail dialog, docs/spec/ledger.md)", () => {
  it.each([
    ["LG1", "income carries a plus", 100, "+100"],
    ["LG1", "spending carries a minus", -8, "-8"],
    ["LG1", "thousands are separated", 40000, "+40,000"],
    ["LG1", "large spending", -1234567, "-1,234,567"],
    ["LG1", "zero has no sign", 0, "0"],
    ["LG1", "bad input: NaN reads 0", Number.NaN, "0"],
    ["LG1", "bad input: a fraction is cut to whole beans", 2.9, "+2"],
    ["LG1", "bad input: a fraction below one bean reads 0", -0.5, "0"]
  ] as const)("%s %s", (_rule, _name, amount, expected) => {
    expect(ledgerAmountText(amount)).toBe(expected)
  })

  it.each([
    ["LG2", "income is green", { action_amount: 500, created_at_str: "2025-06-15 11:59:30" }, { amountText: "+500", tone: "income", timeText: "刚刚" }],
    ["LG2", "spending is red", { action_amount: -6, created_at_str: "2025-06-15 09:00:00" }, { amountText: "-6", tone: "expense", timeText: "3小时前" }],
    ["LG2", "a week ago reads the date", { action_amount: 10, created_at_str: "2025-06-08 12:00:00" }, { amountText: "+10", tone: "income", timeText: "2025-06-08" }],
    ["LG3", "an unreadable time shows nothing", { action_amount: -1, created_at_str: "yesterday" }, { amountText: "-1", tone: "expense", timeText: "" }],
    ["LG3", "a zero movement is neither", { action_amount: 0, created_at_str: "2025-06-15 11:00:00" }, { amountText: "0", tone: "zero", timeText: "1小时前" }]
  ] as const)("%s %s", (_rule, _name, entry, expected) => {
    expect(ledgerLine(entry, now)).toEqual(expected)
  })
})
