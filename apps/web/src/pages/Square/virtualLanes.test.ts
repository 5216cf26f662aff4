import { masonryLayout } from "@mido/react"
import { Virtualizer } from "@tanstack/react-virtual"
import { describe, expect, it } from "vitest"

// ADR 0009: the page places cards where masonryLayout says and lets virtual-core pick which are
// near the window; both must put every card in the same lane at the same height, or cards go missing
// at the window's edges. This pins virtual-core's lane rule against ours (a version bump that changes
// it fails here).

const sizes = Array.from({ length: 400 }, (_, index) =>
  [{ width: 1024, height: 1024 }, { width: 768, height: 1024 }, { width: 720, height: 1280 }, { width: 1280, height: 720 }, { width: 1024, height: 768 }][(index * 7 + (index >> 3)) % 5]!)

describe("virtual-core's lanes agree with masonryLayout", () => {
  it.each([320, 700, 1180, 1622, 2400])("%i px wide", (width) => {
    const layout = masonryLayout(sizes, width)
    const virtualizer = new Virtualizer<Window, Element>({
      count: sizes.length,
      estimateSize: (index) => layout.cards[index]!.height,
      lanes: layout.lanes,
      gap: 16,
      getScrollElement: () => null,
      scrollToFn: () => undefined,
      observeElementRect: () => undefined,
      observeElementOffset: () => undefined
    })
    // the total size computes the measurements (public once computed)
    expect(virtualizer.getTotalSize()).toBe(layout.height)
    const measured = virtualizer.measurementsCache.map((item) => ({ lane: item.lane, top: item.start, height: item.size }))
    expect(measured).toEqual(layout.cards.map(({ lane, top, height }) => ({ lane, top, height })))
  })
})
