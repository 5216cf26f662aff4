import { describe, expect, it } from "vitest"
import { contentMarginPx, placeContextMenu, sidebarMode } from "./layout.js"

describe("layout (spec §2, §9, docs/spec/layout.md)", () => {
  it.each([
    ["LY1", "wide window honours the expanded flag", 1920, true, "expanded"],
    ["LY1", "wide window honours the collapsed flag", 1920, false, "collapsed"],
    ["LY1", "1441 px is still wide", 1441, true, "expanded"],
    ["LY1", "1440 px collapses", 1440, true, "collapsed"],
    ["LY1", "1280 px collapses", 1280, true, "collapsed"],
    ["LY1", "768 px is the narrowest collapsed width", 768, true, "collapsed"],
    ["LY1", "767 px uses the drawer", 767, true, "drawer"],
    ["LY1", "a phone uses the drawer", 390, false, "drawer"]
  ] as const)("%s %s", (_rule, _name, width, flag, mode) => {
    expect(sidebarMode(width, flag)).toBe(mode)
  })

  it.each([
    ["LY2", "expanded", "expanded", 258],
    ["LY2", "collapsed", "collapsed", 18],
    ["LY2", "drawer", "drawer", 18]
  ] as const)("%s margin beside the %s sidebar", (_rule, _name, mode, margin) => {
    expect(contentMarginPx(mode)).toBe(margin)
  })

  const menu = { width: 160, height: 90 }
  const viewport = { width: 1280, height: 800 }
  it.each([
    ["LY3", "room everywhere: 10 px below right", { x: 100, y: 100 }, viewport, { left: 110, top: 110 }],
    ["LY3", "near the right edge: flips left", { x: 1200, y: 100 }, viewport, { left: 1030, top: 110 }],
    ["LY3", "near the bottom: flips up", { x: 100, y: 780 }, viewport, { left: 110, top: 680 }],
    ["LY3", "exactly 8 px from the right edge fits", { x: 1102, y: 100 }, viewport, { left: 1112, top: 110 }],
    ["LY3", "one more pixel flips", { x: 1103, y: 100 }, viewport, { left: 933, top: 110 }],
    ["LY3", "bottom-right corner: flipped both ways", { x: 1275, y: 795 }, viewport, { left: 1105, top: 695 }],
    ["LY3", "a flip that would cross the near edge is clamped to 8 px", { x: 100, y: 60 }, { width: 220, height: 140 }, { left: 8, top: 8 }],
    ["LY3", "a window smaller than the menu keeps 8 px at the near edge", { x: 50, y: 50 }, { width: 150, height: 80 }, { left: 8, top: 8 }]
  ] as const)("%s %s", (_rule, _name, pointer, window, expected) => {
    expect(placeContextMenu(pointer, menu, window)).toEqual(expected)
  })
})
