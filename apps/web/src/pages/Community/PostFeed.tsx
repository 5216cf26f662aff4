import type { CommunityFeedStore, Post } from "@mido/react"
import { measureElement as measureShown, useWindowVirtualizer, type Virtualizer } from "@tanstack/react-virtual"
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react"
import { PostCard } from "./PostCard"

/** The next page is asked for when the end of the feed comes this close to the bottom of the window (spec §9: 300). */
export const LOAD_AHEAD_PX = 300
const GAP = 16

/** A first guess of a card's height before it is measured: text lines plus the image block. */
const estimate = (post: Post | undefined): number => {
  if (post === undefined) return 200
  const lines = Math.min(6, Math.ceil(post.content.length / 40) + post.content.split("\n").length - 1)
  const images = post.images.length === 0 ? 0 : post.images.length === 1 ? 320 : Math.ceil(Math.min(post.images.length, 9) / 3) * 160
  return 140 + lines * 26 + images
}

/**
 * A card's height as the virtualizer measures it, except while the view cache keeps the page hidden
 * (display: none, every card 0 px high): then the height measured while shown stands, so the page
 * comes back as tall as it left and its scroll position can be restored.
 */
const measureCard = (element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<Window, Element>): number => {
  if (element instanceof HTMLElement && element.offsetParent === null) {
    const index = instance.indexFromElement(element)
    return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index)
  }
  return measureShown(element, entry, instance)
}

export interface PostFeedProps {
  readonly items: ReadonlyArray<Post>
  readonly feed: CommunityFeedStore
  readonly onNearEnd: () => void
  readonly onLoginNeeded: () => void
}

/**
 * The feed's cards on the window's scroller, windowed as the square is (ADR 0009): the window
 * virtualizer keeps only the cards near the viewport in the DOM; heights are guessed, then measured.
 */
export function PostFeed({ items, feed, onNearEnd, onLoginNeeded }: PostFeedProps) {
  const container = useRef<HTMLDivElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    const element = container.current
    if (element !== null) setScrollMargin(element.getBoundingClientRect().top + window.scrollY)
  }, [])
  const getItemKey = useCallback((index: number) => items[index]?.id ?? index, [items])
  const estimateSize = useCallback((index: number) => estimate(items[index]), [items])
  const virtualizer = useWindowVirtualizer({ count: items.length, estimateSize, getItemKey, gap: GAP, overscan: 3, scrollMargin, measureElement: measureCard })
  const total = virtualizer.getTotalSize()
  const scrolled = virtualizer.scrollOffset ?? 0
  const nearEnd = scrolled + window.innerHeight >= scrollMargin + total - LOAD_AHEAD_PX
  useEffect(() => {
    if (nearEnd) onNearEnd()
  }, [nearEnd, items.length, onNearEnd])

  return (
    <div ref={container} data-testid="post-feed" data-loaded={items.length} className="relative w-full" style={{ height: total }}>
      {virtualizer.getVirtualItems().map((virtual) => {
        const post = items[virtual.index]
        if (post === undefined) return null
        return (
          <div
            key={virtual.key}
            data-index={virtual.index}
            data-post-id={post.id}
            ref={virtualizer.measureElement}
            className="absolute top-0 left-0 w-full"
            style={{ transform: `translateY(${virtual.start - scrollMargin}px)` }}
          >
            <PostCard post={post} feed={feed} onLoginNeeded={onLoginNeeded} />
          </div>
        )
      })}
    </div>
  )
}
