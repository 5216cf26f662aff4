import { describe, expect, it } from "vitest"
import { MAX_PIXEL_ZOOM, clampView, fitView, panBy, toImagePoint, wheelFactor, zoomAt, zoomCentre, zoomLimits } from "./viewport"

const image = { width: 1000, height: 500 }
const box = { width: 800, height: 600 }

describe("mask editor view maths", () => {
  it.each([
    ["a wide image fills the width, centred vertically", { width: 1000, height: 500 }, { scale: 0.8, x: 0, y: 100 }],
    ["a tall image fills the height, centred horizontally", { width: 300, height: 1200 }, { scale: 0.5, x: 325, y: 0 }],
    ["a small image is enlarged to fit", { width: 200, height: 150 }, { scale: 4, x: 0, y: 0 }]
  ])("fit: %s", (_name, size, expected) => {
    expect(fitView(size, box)).toEqual(expected)
  })

  it("fit of an unknown size is the identity (no division by zero)", () => {
    expect(fitView({ width: 0, height: 0 }, box)).toEqual({ scale: 1, x: 0, y: 0 })
  })

  it("zooming keeps the image point under the anchor in place", () => {
    const fitted = fitView(image, box)
    const anchor = { x: 600, y: 300 }
    const before = toImagePoint(fitted, anchor)
    const zoomed = zoomAt(fitted, 2, anchor, image, box)
    expect(zoomed.scale).toBeCloseTo(1.6)
    const after = toImagePoint(zoomed, anchor)
    expect(after.x).toBeCloseTo(before.x)
    expect(after.y).toBeCloseTo(before.y)
  })

  it("zoom stays between fit and the largest pixel zoom", () => {
    const fitted = fitView(image, box)
    expect(zoomCentre(fitted, 0.5, image, box)).toEqual(fitted)
    expect(zoomCentre(fitted, 1000, image, box).scale).toBe(MAX_PIXEL_ZOOM)
    expect(zoomLimits(image, box)).toEqual({ min: 0.8, max: MAX_PIXEL_ZOOM })
  })

  it("panning stops at the image's edges and a smaller-than-box axis stays centred", () => {
    const zoomed = { scale: 2, x: -100, y: -100 } // image 2000 × 1000 on screen
    expect(panBy(zoomed, 500, 0, image, box).x).toBe(0)
    expect(panBy(zoomed, -5000, 0, image, box).x).toBe(800 - 2000)
    expect(panBy(zoomed, 0, -40, image, box).y).toBe(-140)
    expect(clampView({ scale: 0.5, x: -300, y: 9 }, image, box)).toEqual({ scale: 0.5, x: 150, y: 175 })
  })

  it("a viewport point maps to image pixels", () => {
    expect(toImagePoint({ scale: 2, x: 10, y: 20 }, { x: 30, y: 60 })).toEqual({ x: 10, y: 20 })
  })

  it("wheel: up zooms in, down zooms out, one mouse notch is about ×1.2, lines and pages count more", () => {
    expect(wheelFactor(-100)).toBeGreaterThan(1.15)
    expect(wheelFactor(-100)).toBeLessThan(1.25)
    expect(wheelFactor(100)).toBeLessThan(1)
    expect(wheelFactor(-3, 1)).toBeCloseTo(wheelFactor(-48))
    expect(wheelFactor(-10_000)).toBe(wheelFactor(-400))
  })
})
