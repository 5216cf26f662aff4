import { describe, expect, it } from "vitest"
import * as H from "./history"

const stroke = (n: number): H.Stroke => ({ tool: "paint", size: n, points: [{ x: n, y: n }] })
const apply = (...steps: Array<(h: H.History) => H.History>) => steps.reduce((h, step) => step(h), H.emptyHistory)
const add = (n: number) => (h: H.History) => H.push(h, { kind: "stroke", stroke: stroke(n) })
const sizes = (h: H.History) => H.visibleStrokes(h).map((s) => s.size)

describe("mask editor undo stack", () => {
  it.each([
    ["strokes add up", [add(1), add(2)], [1, 2], true, false],
    ["undo removes the last stroke", [add(1), add(2), H.undo], [1], true, true],
    ["redo brings it back", [add(1), add(2), H.undo, H.redo], [1, 2], true, false],
    ["a new stroke drops the redo branch", [add(1), add(2), H.undo, add(3)], [1, 3], true, false],
    ["clear hides every stroke", [add(1), add(2), H.clear], [], true, false],
    ["clear is undoable", [add(1), add(2), H.clear, H.undo], [1, 2], true, true],
    ["strokes after a clear start a new mask", [add(1), H.clear, add(2)], [2], true, false],
    ["undo on an empty stack does nothing", [H.undo], [], false, false],
    ["redo at the top does nothing", [add(1), H.redo], [1], true, false],
    ["undo past a clear brings the older strokes", [add(1), H.clear, add(2), H.undo, H.undo], [1], true, true]
  ])("%s", (_name, steps, visible, canUndo, canRedo) => {
    const history = apply(...steps)
    expect(sizes(history)).toEqual(visible)
    expect(H.canUndo(history)).toBe(canUndo)
    expect(H.canRedo(history)).toBe(canRedo)
  })

  it("clearing an empty mask adds no undo step", () => {
    expect(H.clear(H.emptyHistory)).toBe(H.emptyHistory)
    const cleared = apply(add(1), H.clear)
    expect(H.clear(cleared)).toBe(cleared)
  })
})
