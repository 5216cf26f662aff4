import type { MasonryLayout, SquareArtwork } from "@mido/react"
import { useWindowVirtualizer } from "@tanstack/react-virtual"
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react"
import { releaseFirstScreen } from "../../lib/firstScreen"
import { SquareCard } from "./SquareCard"

/** The next page is asked for when the end of the masonry comes this close to the bottom of the window. */
export const LOAD_AHEAD_PX = 300

export interface SquareMasonryProps {
  readonly items: ReadonlyArray<SquareArtwork>
  readonly layout: MasonryLayout
  readonly gap: number
  /** Called while the end is within LOAD_AHEAD_PX of the window's bottom (the list ignores repeats). */
  readonly onNearEnd: () => void
  readonly onOpen: (id: number) => void
  readonly onLoginNeeded: () => void
}

/**
 * The cards on the window's scroller, windowed (ADR 0009): @tanstack/react-virtual's window
 * virtualizer in `lanes` mode with every card's height known from the layout (no measuring), so
 * only the cards near the viewport are in the DOM, whatever the number loaded. Positions are the
 * layout's; the virtualizer's lane rule is the same, so its range and the layout agree.
 * The parent keys it by column width: a new width starts a fresh virtualizer.
 */
export function SquareMasonry({ items, layout, gap, onNearEnd, onOpen, onLoginNeeded }: SquareMasonryProps) {
  const container = useRef<HTMLDivElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    const element = container.current
    if (element !== null) setScrollMargin(element.getBoundingClientRect().top + window.scrollY)
  }, [])

  // stable between scroll frames: a new getItemKey makes virtual-core lay out every card again
  const getItemKey = useCallback((index: number) => items[index]?.id ?? index, [items])
  const estimateSize = useCallback((index: number) => layout.cards[index]?.height ?? 0, [layout])
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize,
    getItemKey,
    lanes: layout.lanes,
    gap,
    overscan: 4,
    scrollMargin
  })

  const virtualItems = virtualizer.getVirtualItems()
  // the server's static first screen gives way in the frame these cards are first drawn (ADR 0028)
  const drawn = virtualItems.length > 0
  useLayoutEffect(() => {
    if (drawn) releaseFirstScreen()
  }, [drawn])
  const scrolled = virtualizer.scrollOffset ?? 0
  const nearEnd = scrolled + window.innerHeight >= scrollMargin + layout.height - LOAD_AHEAD_PX
  useEffect(() => {
    if (nearEnd) onNearEnd()
  }, [nearEnd, items.length, onNearEnd])

  return (
    <div ref={container} data-testid="square-masonry" data-loaded={items.length} className="relative w-full" style={{ height: layout.height }}>
      {virtualItems.map((virtual) => {
        const card = items[virtual.index]
        const place = layout.cards[virtual.index]
        if (card === undefined || place === undefined) return null
        return (
          <div
            key={virtual.key}
            // a card never changes the layout or paint outside its box: the browser can skip the rest
            className="absolute top-0 left-0 [contain:strict]"
            style={{ width: layout.columnWidth, height: place.height, transform: `translate(${place.left}px, ${place.top}px)` }}
          >
            <SquareCard card={card} onOpen={onOpen} onLoginNeeded={onLoginNeeded} priority={place.top === 0} />
          </div>
        )
      })}
    </div>
  )
}
