import { describe, expect, it } from "vitest"
import { messageBadgeText } from "./messageBadge.js"
import { hasMoreMessages, MESSAGE_PAGE_SIZE, messageListFooter, nextMessagePage } from "./messagePaging.js"
import { DEFAULT_MESSAGE_TAB, MESSAGE_TABS, readUnreadCounts } from "./unreadCounts.js"

describe("MS3 unread badge (spec §9)", () => {
  it.each([
    ["MS3", "zero hides the badge", 0, ""],
    ["MS3", "one", 1, "1"],
    ["MS3", "ninety-nine", 99, "99"],
    ["MS3", "one hundred", 100, "99+"],
    ["MS3", "thousands", 12345, "99+"],
    ["MS3", "infinity", Number.POSITIVE_INFINITY, "99+"],
    ["MS3", "a fraction is floored", 5.9, "5"],
    ["MS3", "99.5 is still 99", 99.5, "99"],
    ["MS3", "negative hides the badge", -3, ""],
    ["MS3", "NaN hides the badge", Number.NaN, ""]
  ] as const)("%s %s", (_rule, _name, unread, expected) => {
    expect(messageBadgeText(unread)).toBe(expected)
  })
})

describe("MS4 paging (spec §4, §9)", () => {
  it.each([
    ["MS4", "first page of more", 20, 45, true, "more"],
    ["MS4", "all loaded", 45, 45, false, "end"],
    ["MS4", "more loaded than the total", 50, 45, false, "end"],
    ["MS4", "nothing yet", 0, 3, true, "more"],
    ["MS4", "empty total", 0, 0, false, "empty"],
    ["MS4", "NaN total ends the list", 0, Number.NaN, false, "empty"],
    ["MS4", "negative total ends the list", 10, -1, false, "empty"],
    ["MS4", "NaN loaded counts as none", Number.NaN, 5, true, "more"]
  ] as const)("%s %s", (_rule, _name, loaded, total, more, footer) => {
    expect(hasMoreMessages(loaded, total)).toBe(more)
    expect(messageListFooter(loaded, total)).toBe(footer)
  })

  it.each([
    ["MS4", "first page", 0, MESSAGE_PAGE_SIZE, 1],
    ["MS4", "second page", 20, MESSAGE_PAGE_SIZE, 2],
    ["MS4", "third page", 40, MESSAGE_PAGE_SIZE, 3],
    ["MS4", "a bad page size counts as 1", 3, 0, 4]
  ] as const)("%s next page: %s", (_rule, _name, loaded, size, expected) => {
    expect(nextMessagePage(loaded, size)).toBe(expected)
  })
})

describe("MS5 unread counts and tabs (spec §2, §3, §4)", () => {
  it("MS5 tab order is system, like, follow, mention and the drawer opens on system", () => {
    expect(MESSAGE_TABS).toEqual(["system", "like", "follow", "mention"])
    expect(DEFAULT_MESSAGE_TAB).toBe("system")
  })

  it.each([
    ["MS5", "every count", { total: 10, system: 1, mention: 2, like: 3, follow: 4 }, { total: 10, system: 1, like: 3, follow: 4, mention: 2 }],
    ["MS5", "numeric strings", { total: "3", system: "3" }, { total: 3, system: 3, like: 0, follow: 0, mention: 0 }],
    ["MS5", "missing total is the sum", { system: 1, like: 2 }, { total: 3, system: 1, like: 2, follow: 0, mention: 0 }],
    ["MS5", "bad values are 0", { total: "x", system: -1, like: null, follow: Number.NaN, mention: "2" }, { total: 2, system: 0, like: 0, follow: 0, mention: 2 }],
    ["MS5", "fractions are floored", { total: 2.7, like: 1.2 }, { total: 2, system: 0, like: 1, follow: 0, mention: 0 }],
    ["MS5", "null", null, { total: 0, system: 0, like: 0, follow: 0, mention: 0 }],
    ["MS5", "an array", [1, 2], { total: 0, system: 0, like: 0, follow: 0, mention: 0 }],
    ["MS5", "a string", "5", { total: 0, system: 0, like: 0, follow: 0, mention: 0 }]
  ] as const)("%s %s", (_rule, _name, raw, expected) => {
    expect(readUnreadCounts(raw)).toEqual(expected)
  })
})
