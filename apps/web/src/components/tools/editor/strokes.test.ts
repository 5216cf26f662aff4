import { describe, expect, it } from "vitest"
import type { Stroke } from "./history"
import { DISPLAY_PALETTE, displayScale, drawSegment, drawStroke, exportPalette, quantiseMask, renderStrokes, type PaintContext } from "./strokes"

/** A 2D context that records what is drawn, with the style in force at each fill / stroke. */
function recorder() {
  const ops: string[] = []
  const ctx = {
    fillStyle: "",
    strokeStyle: "",
    lineWidth: 0,
    lineCap: "butt",
    lineJoin: "miter",
    globalCompositeOperation: "source-over",
    beginPath: () => ops.push("begin"),
    moveTo: (x: number, y: number) => ops.push(`move ${x},${y}`),
    lineTo: (x: number, y: number) => ops.push(`line ${x},${y}`),
    arc: (x: number, y: number, r: number) => ops.push(`arc ${x},${y} r${r}`),
    fill: () => ops.push(`fill ${ctx.fillStyle} ${ctx.globalCompositeOperation}`),
    stroke: () => ops.push(`stroke ${ctx.strokeStyle} w${ctx.lineWidth} ${ctx.lineCap}/${ctx.lineJoin} ${ctx.globalCompositeOperation}`),
    fillRect: (x: number, y: number, w: number, h: number) => ops.push(`fillRect ${ctx.fillStyle} ${x},${y},${w},${h}`),
    clearRect: (x: number, y: number, w: number, h: number) => ops.push(`clearRect ${x},${y},${w},${h}`),
    setTransform: (a: number) => ops.push(`scale ${a}`)
  }
  return { ctx: ctx as unknown as PaintContext, ops }
}

const line: Stroke = { tool: "paint", size: 20, points: [{ x: 1, y: 2 }, { x: 5, y: 6 }, { x: 9, y: 2 }] }

describe("strokes → canvas operations", () => {
  it("a stroke is one round path at its width", () => {
    const { ctx, ops } = recorder()
    drawStroke(ctx, line, DISPLAY_PALETTE)
    expect(ops).toEqual(["begin", "move 1,2", "line 5,6", "line 9,2", "stroke #ef4444 w20 round/round source-over"])
  })

  it("a tap is a dot of the brush's diameter", () => {
    const { ctx, ops } = recorder()
    drawStroke(ctx, { tool: "keep", size: 30, points: [{ x: 4, y: 4 }] }, DISPLAY_PALETTE)
    expect(ops).toEqual(["begin", "arc 4,4 r15", "fill #22c55e source-over"])
  })

  it("the eraser cuts the display canvas but paints the background into the export", () => {
    const erase: Stroke = { ...line, tool: "erase" }
    const shown = recorder()
    drawStroke(shown.ctx, erase, DISPLAY_PALETTE)
    expect(shown.ops.at(-1)).toContain("destination-out")
    const mask = recorder()
    drawStroke(mask.ctx, erase, exportPalette("mask"))
    expect(mask.ops.at(-1)).toBe("stroke #000000 w20 round/round source-over")
    const hints = recorder()
    drawStroke(hints.ctx, erase, exportPalette("hints"))
    expect(hints.ops.at(-1)).toBe("stroke #808080 w20 round/round source-over")
  })

  it.each([
    ["mask", "paint", "#ffffff"],
    ["hints", "keep", "#ffffff"],
    ["hints", "remove", "#000000"]
  ] as const)("export (%s): %s paints %s", (mode, tool, colour) => {
    expect(exportPalette(mode)[tool]).toBe(colour)
  })

  it("a live segment draws from the last point, the first point alone a dot", () => {
    const { ctx, ops } = recorder()
    drawSegment(ctx, line, null, { x: 1, y: 2 }, DISPLAY_PALETTE)
    drawSegment(ctx, line, { x: 1, y: 2 }, { x: 5, y: 6 }, DISPLAY_PALETTE)
    expect(ops).toEqual(["begin", "arc 1,2 r10", "fill #ef4444 source-over", "begin", "move 1,2", "line 5,6", "stroke #ef4444 w20 round/round source-over"])
  })

  it("a repaint clears, fills the background, scales to the canvas, then replays every stroke", () => {
    const { ctx, ops } = recorder()
    renderStrokes(ctx, [line, { ...line, tool: "erase" }], { width: 50, height: 40 }, exportPalette("hints"), 0.5)
    expect(ops.slice(0, 4)).toEqual(["scale 1", "clearRect 0,0,50,40", "fillRect #808080 0,0,50,40", "scale 0.5"])
    expect(ops.filter((op) => op.startsWith("stroke"))).toHaveLength(2)
  })

  it("the display canvas of a huge image is capped at 4096 px on its long side", () => {
    expect(displayScale({ width: 2000, height: 1000 })).toBe(1)
    expect(displayScale({ width: 8192, height: 3000 })).toBe(0.5)
  })
})

describe("export quantisation", () => {
  const pixels = (...greys: number[]) => new Uint8ClampedArray(greys.flatMap((g) => [g, g, g, 200]))
  const greys = (data: Uint8ClampedArray) => [...data].filter((_, i) => i % 4 === 0)

  it("mask: anti-aliased edges become pure white or black, alpha opaque", () => {
    const data = pixels(0, 100, 128, 255)
    expect(quantiseMask(data, "mask")).toBe(true)
    expect(greys(data)).toEqual([0, 0, 255, 255])
    expect(data[3]).toBe(255)
  })

  it("hints: keep 255, remove 0, unknown 128", () => {
    const data = pixels(0, 64, 65, 128, 191, 192, 255)
    expect(quantiseMask(data, "hints")).toBe(true)
    expect(greys(data)).toEqual([0, 0, 128, 128, 128, 255, 255])
  })

  it.each([
    ["mask", 0],
    ["hints", 128]
  ] as const)("%s: only background means empty", (mode, background) => {
    expect(quantiseMask(pixels(background, background), mode)).toBe(false)
  })
})
