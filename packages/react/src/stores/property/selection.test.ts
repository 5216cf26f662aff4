import { describe, expect, it } from "vitest"
import { NO_SELECTION, nextSelection, type Selection, type SelectionAction } from "./selection.js"

const shown = [10, 11, 12, 13, 14, 15]
const click = (id: number, shift = false): SelectionAction => ({ kind: "click", id, shift })
const state = (ids: ReadonlyArray<number>, anchor: number | null = null): Selection => ({ ids, anchor })

describe("the library's selection rules (/property, issue 12)", () => {
  it.each<[string, Selection, SelectionAction, Selection]>([
    ["a click selects a work and anchors there", NO_SELECTION, click(12), state([12], 12)],
    ["a click on a selected work deselects it (toggle)", state([12, 13], 13), click(12), state([13], 12)],
    ["a second click adds to the selection", state([12], 12), click(14), state([12, 14], 14)],
    ["shift-click selects the range from the anchor down", state([11], 11), click(14, true), state([11, 12, 13, 14], 11)],
    ["shift-click selects the range from the anchor up", state([14], 14), click(11, true), state([14, 11, 12, 13], 14)],
    ["shift-click keeps the anchor, so a second shift-click measures from it", state([11, 12, 13, 14], 11), click(12, true), state([11, 12, 13, 14], 11)],
    ["shift-click adds the range to what was selected elsewhere", state([15, 10], 10), click(12, true), state([15, 10, 11, 12], 10)],
    ["shift-click without an anchor is a plain click", NO_SELECTION, click(13, true), state([13], 13)],
    ["shift-click whose anchor is no longer shown is a plain click", state([99], 99), click(13, true), state([99, 13], 13)],
    ["shift-click on the anchor itself selects just it", state([], 12), click(12, true), state([12], 12)],
    ["全选 selects every loaded work", state([12], 12), { kind: "selectAll" }, state([12, 10, 11, 13, 14, 15], 12)],
    ["全选 when all are selected clears", state(shown, 10), { kind: "selectAll" }, NO_SELECTION],
    ["clear empties the selection and its anchor", state([10, 11], 11), { kind: "clear" }, NO_SELECTION],
    ["works no longer shown (deleted, filtered out) drop out", state([10, 99, 12], 99), { kind: "keepShown" }, state([10, 12], null)]
  ])("%s", (_name, before, action, after) => {
    expect(nextSelection(before, action, shown)).toEqual(after)
  })

  it("全选 on an empty page selects nothing", () => {
    expect(nextSelection(NO_SELECTION, { kind: "selectAll" }, [])).toEqual(NO_SELECTION)
  })
})
