import { describe, expect, it } from "vitest"
import { cardHeight, laneCount, masonryLayout, SQUARE_MASONRY } from "./masonryLayout.js"

const square = { width: 1024, height: 1024 }
const portrait = { width: 768, height: 1024 } // 3:4
const tall = { width: 720, height: 1280 } // 9:16
const wide = { width: 1280, height: 720 } // 16:9

describe("masonry: how many columns", () => {
  it.each([
    [0, 1],
    [200, 1],
    [456, 2], // 2 × 220 + 16
    [455, 1],
    [1180, 5],
    [1622, 6],
    [4000, 6] // never more than 6
  ])("%i px → %i columns", (width, lanes) => {
    expect(laneCount(width, SQUARE_MASONRY)).toBe(lanes)
  })
})

describe("masonry: FM5 card heights from the snapped aspect ratio", () => {
  it.each([
    ["1:1", square, 240, 240],
    ["3:4", portrait, 240, 320],
    ["9:16", tall, 225, 400],
    ["16:9", wide, 320, 180],
    ["nearly 3:4 snaps to 3:4", { width: 770, height: 1020 }, 240, 320],
    ["a broken size is 1:1", { width: 0, height: 1024 }, 240, 240]
  ])("%s", (_name, size, column, height) => {
    expect(cardHeight(column, size)).toBe(height)
  })
})

describe("masonry: positions", () => {
  const options = { minColumnWidth: 100, maxLanes: 3, gap: 10 }
  it.each([
    ["nothing", [], 320, { lanes: 3, columnWidth: 100, cards: [], height: 0 }],
    ["the first row fills the columns left to right", [square, portrait, tall], 320, {
      lanes: 3,
      columnWidth: 100,
      cards: [
        { lane: 0, left: 0, top: 0, height: 100 },
        { lane: 1, left: 110, top: 0, height: 133 },
        { lane: 2, left: 220, top: 0, height: 178 }
      ],
      height: 178
    }],
    ["then each card goes to the shortest column", [tall, square, portrait, wide, wide], 320, {
      lanes: 3,
      columnWidth: 100,
      cards: [
        { lane: 0, left: 0, top: 0, height: 178 },
        { lane: 1, left: 110, top: 0, height: 100 },
        { lane: 2, left: 220, top: 0, height: 133 },
        { lane: 1, left: 110, top: 110, height: 56 },
        { lane: 2, left: 220, top: 143, height: 56 }
      ],
      height: 199
    }],
    ["equal columns: the one whose last card came first", [square, square, square, square, square], 320, {
      lanes: 3,
      columnWidth: 100,
      cards: [
        { lane: 0, left: 0, top: 0, height: 100 },
        { lane: 1, left: 110, top: 0, height: 100 },
        { lane: 2, left: 220, top: 0, height: 100 },
        { lane: 0, left: 0, top: 110, height: 100 },
        { lane: 1, left: 110, top: 110, height: 100 }
      ],
      height: 210
    }],
    ["one column stacks every card", [square, wide], 150, {
      lanes: 1,
      columnWidth: 150,
      cards: [
        { lane: 0, left: 0, top: 0, height: 150 },
        { lane: 0, left: 0, top: 160, height: 84 }
      ],
      height: 244
    }]
  ])("%s", (_name, sizes, width, expected) => {
    expect(masonryLayout(sizes, width, options)).toEqual(expected)
  })

  it("5,000 cards: no column overlaps itself, and the columns end within one card of each other", () => {
    const sizes = Array.from({ length: 5000 }, (_, index) => [square, portrait, tall, wide][(index * 7) % 4]!)
    const layout = masonryLayout(sizes, 1600)
    expect(layout.lanes).toBe(6)
    const byLane = new Map<number, Array<{ top: number; height: number }>>()
    for (const card of layout.cards) byLane.set(card.lane, [...(byLane.get(card.lane) ?? []), card])
    const ends = [...byLane.values()].map((cards) => {
      for (let index = 1; index < cards.length; index++) expect(cards[index]!.top).toBe(cards[index - 1]!.top + cards[index - 1]!.height + 16)
      return cards.at(-1)!.top + cards.at(-1)!.height
    })
    expect(Math.max(...ends) - Math.min(...ends)).toBeLessThanOrEqual(Math.max(...layout.cards.map((card) => card.height)) + 16)
    expect(layout.height).toBe(Math.max(...ends))
  })
})
