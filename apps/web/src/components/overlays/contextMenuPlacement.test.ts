import { describe, expect, it } from "vitest"
import { placeContextMenu } from "./contextMenuPlacement"

const WINDOW = { width: 1280, height: 800 }
const MENU = { width: 120, height: 80 }

describe("context menu placement (spec §2: stays inside the window; §9: 10 px offset, 8 px margin)", () => {
  it.each([
    ["room on both sides: 10 px right of and below the pointer", { x: 400, y: 300 }, { x: 410, y: 310 }],
    ["near the right edge: flipped to the left of the pointer", { x: 1200, y: 300 }, { x: 1070, y: 310 }],
    ["near the bottom: flipped above the pointer", { x: 400, y: 760 }, { x: 410, y: 670 }],
    ["in the bottom-right corner: flipped both ways", { x: 1275, y: 795 }, { x: 1145, y: 705 }],
    ["exactly fits before the margin: not flipped", { x: 1142, y: 702 }, { x: 1152, y: 712 }],
    ["one pixel more: flipped", { x: 1143, y: 703 }, { x: 1013, y: 613 }]
  ] as const)("%s", (_name, pointer, expected) => {
    expect(placeContextMenu(pointer, MENU, WINDOW)).toEqual(expected)
  })

  it("a flip that would cross the near edge is clamped to the 8 px margin", () => {
    expect(placeContextMenu({ x: 100, y: 60 }, MENU, { width: 220, height: 140 })).toEqual({ x: 8, y: 8 })
  })

  it("a window smaller than the menu keeps its top-left corner 8 px in", () => {
    expect(placeContextMenu({ x: 50, y: 50 }, MENU, { width: 100, height: 60 })).toEqual({ x: 8, y: 8 })
  })
})
