import { describe, expect, it } from "vitest"
import {
  canLoadMoreMessages,
  closedMessageDrawer,
  closeMessageDrawer,
  type DrawerMessage,
  markMessagesRead,
  type MessageDrawerState,
  messageDrawerFooter,
  messageDrawerFooterText,
  nextDrawerPage,
  openMessageDrawer,
  receiveMessagePage,
  selectMessageTab,
  unreadMessageIds
} from "./messageDrawer.js"

const m = (id: number, is_read: 0 | 1 = 0): DrawerMessage => ({ id, is_read })
const opened = openMessageDrawer<DrawerMessage>()
const loaded = (list: ReadonlyArray<DrawerMessage>, total: number, page = 1): MessageDrawerState => ({ ...opened, page, list, total })

describe("MD1–MD2 open, close and tabs (spec §2, §4)", () => {
  it("MD1 opens on system with nothing loaded; closing resets page and tab", () => {
    expect(opened).toEqual({ open: true, tab: "system", page: 0, list: [], total: 0 })
    expect(closeMessageDrawer()).toEqual({ open: false, tab: "system", page: 0, list: [], total: 0 })
    expect(closeMessageDrawer()).toBe(closedMessageDrawer)
  })

  it("MD2 another tab starts over; the same tab is left alone", () => {
    const state = loaded([m(1)], 5)
    expect(selectMessageTab(state, "like")).toEqual({ open: true, tab: "like", page: 0, list: [], total: 0 })
    expect(selectMessageTab(state, "system")).toBe(state)
  })
})

describe("MD3–MD4 pages (spec §4)", () => {
  it.each([
    ["MD3", "nothing loaded yet", opened, true, 1],
    ["MD3", "fewer than the total", loaded([m(1)], 2), true, 2],
    ["MD3", "all loaded", loaded([m(1), m(2)], 2, 1), false, 2],
    ["MD3", "closed", { ...loaded([m(1)], 9), open: false }, false, 2]
  ] as const)("%s %s", (_rule, _name, state, more, next) => {
    expect(canLoadMoreMessages(state)).toBe(more)
    expect(nextDrawerPage(state)).toBe(next)
  })

  it("MD3 page 1 replaces, a later page appends, duplicates are skipped, the loaded ones are marked read", () => {
    const first = receiveMessagePage(opened, { type: "system", page: 1, list: [m(9), m(8, 1), m(7)], total: 5, markedRead: [] })
    expect(first).toEqual(loaded([m(9), m(8, 1), m(7)], 5))
    const second = receiveMessagePage(first, { type: "system", page: 2, list: [m(7), m(6), m(5)], total: 5, markedRead: [9, 7] })
    expect(second).toEqual(loaded([m(9, 1), m(8, 1), m(7, 1), m(6), m(5)], 5, 2))
  })

  it.each([
    ["MD3", "another tab's page", { type: "like", page: 1 }],
    ["MD3", "a page out of order", { type: "system", page: 3 }]
  ] as const)("%s ignores %s", (_rule, _name, load) => {
    expect(receiveMessagePage(opened, { ...load, list: [m(1)], total: 1, markedRead: [] })).toBe(opened)
  })

  it("MD3 ignores a page arriving after the drawer closed", () => {
    expect(receiveMessagePage(closedMessageDrawer, { type: "system", page: 1, list: [m(1)], total: 1, markedRead: [] })).toBe(closedMessageDrawer)
  })

  it("MD4 unread ids once each, in order; marking keeps read ones and unknown ids change nothing", () => {
    expect(unreadMessageIds([m(3), m(2, 1), m(3), m(1)])).toEqual([3, 1])
    const list = [m(3), m(2, 1)]
    expect(markMessagesRead(list, [])).toBe(list)
    expect(markMessagesRead(list, [42])).toEqual(list)
    expect(markMessagesRead(list, [3, 2])).toEqual([m(3, 1), m(2, 1)])
  })
})

describe("MD5 footer (spec §4)", () => {
  it.each([
    ["MD5", "before the first page", opened, "more", ""],
    ["MD5", "empty total", loaded([], 0), "empty", ""],
    ["MD5", "more to come", loaded([m(1)], 2), "more", ""],
    ["MD5", "the end", loaded([m(1), m(2)], 2), "end", "没有更多了"]
  ] as const)("%s %s", (_rule, _name, state, footer, text) => {
    expect(messageDrawerFooter(state)).toBe(footer)
    expect(messageDrawerFooterText(state)).toBe(text)
  })
})
