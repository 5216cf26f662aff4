import { type SquareArtwork, useSquareStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useLayoutEffect, useRef, useState } from "react"
import { AigcNotice } from "../../components/ui/AigcNotice"
import { Avatar } from "../../components/ui/Avatar"
import { cx } from "../../components/ui/cx"
import { Icon } from "../../components/ui/Icon"
import { Skeleton } from "../../components/ui/Skeleton"
import { CARD_IMAGE_SIZES, cardSrcSet } from "./cardImage"

export interface SquareCardProps {
  readonly card: SquareArtwork
  readonly onOpen: (id: number) => void
  /** A visitor's like: the page asks them to log in. */
  readonly onLoginNeeded: () => void
  /** A card of the first row: its picture is fetched at once and before the others (the first paint, ADR 0028). */
  readonly priority?: boolean
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width={16} height={16} aria-hidden="true" fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth={2}>
      <path d="M12 20.5s-7.5-4.6-9.4-9.3C1.3 7.9 3.5 4.5 7 4.5c2 0 3.6 1.1 5 2.9 1.4-1.8 3-2.9 5-2.9 3.5 0 5.7 3.4 4.4 6.7-1.9 4.7-9.4 9.3-9.4 9.3Z" strokeLinejoin="round" />
    </svg>
  )
}

/**
 * One artwork of the square: the image (lazy, a shimmer until it paints, a fallback when it cannot
 * load) filling a box whose size the masonry gave from the ratio (FM5); on hover the author and the
 * time along the bottom, and the like button with its count in the top corner. A click opens the detail dialog (?artwork=); a right-click
 * on the image gives the app's 下载图片 (the overlay lets the pointer through to the <img>).
 */
export const SquareCard = observer(function SquareCard({ card, onOpen, onLoginNeeded, priority = false }: SquareCardProps) {
  const square = useSquareStore()
  const [image, setImage] = useState<"loading" | "loaded" | "broken">("loading")
  const picture = useRef<HTMLImageElement>(null)
  // a picture the page already has (the server's first screen drew it) is complete at once: shown
  // before the first paint, with no shimmer and no fade-in in between (ADR 0028)
  useLayoutEffect(() => {
    const element = picture.current
    if (element !== null && element.complete && element.naturalWidth > 0) setImage("loaded")
  }, [])
  const liked = square.liked(card)
  const title = card.title || `${card.user_name}的作品`
  const srcSet = cardSrcSet(card.cover)
  const like = async () => {
    if ((await square.toggleLike(card)) === "login") onLoginNeeded()
  }
  return (
    <article
      data-testid="square-card"
      data-artwork-id={card.id}
      data-type={card.type}
      aria-label={title}
      tabIndex={0}
      onClick={() => onOpen(card.id)}
      onKeyDown={(event) => {
        if (event.key === "Enter") onOpen(card.id)
      }}
      className="group relative h-full w-full cursor-pointer overflow-hidden rounded-lg bg-gray-100 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      {/* a first-row picture is preloaded by the HTML: the card's grey shows until it draws, no skeleton over it */}
      {image === "loading" && !priority ? <Skeleton className="absolute inset-0 rounded-none" /> : null}
      {image === "broken" ? (
        <div data-testid="square-card-fallback" className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-gray-400">
          <Icon name="image" size={28} />
          <span className="text-xs">图片加载失败</span>
        </div>
      ) : (
        <img
          ref={picture}
          src={card.cover}
          srcSet={srcSet}
          sizes={srcSet === undefined ? undefined : CARD_IMAGE_SIZES}
          alt={title}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          // the first row's pictures are preloaded by the page's HTML: drawn at once, not faded in after a
          // decode off the main thread (that held the first artwork's paint back by about a second)
          decoding={priority ? "auto" : "async"}
          draggable={false}
          // Element Timing: bench/square.mjs reads when the first artwork image was painted
          {...{ elementtiming: "square-card" }}
          onLoad={() => setImage("loaded")}
          onError={() => setImage("broken")}
          className={cx("h-full w-full object-cover transition-[opacity,transform] duration-300 group-hover:scale-[1.03]", image === "loaded" || priority ? "opacity-100" : "opacity-0")}
        />
      )}
      <AigcNotice label={card.aigc_label} className="absolute top-2 left-2" />
      {/* the author on the left of the bottom edge and the like button at the top: the bottom-right corner
          stays clear for the 本地演示引擎 caption the offline engine draws on its pictures */}
      <div className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end bg-linear-to-t from-black/65 via-black/25 to-transparent px-3 pt-10 pb-2.5 text-white opacity-0 transition-opacity duration-200 group-hover:opacity-100 group-focus-visible:opacity-100">
        <div className="flex max-w-[70%] min-w-0 items-center gap-2" data-testid="square-card-byline">
          <Avatar src={card.user_avatar} name={card.user_name} size={24} />
          <div className="min-w-0">
            <p className="truncate text-sm leading-5 font-medium" data-testid="square-card-author">{card.user_name}</p>
            <p className="text-xs leading-4 text-white/75">{square.timeText(card.created_at)}</p>
          </div>
        </div>
      </div>
      <button
        type="button"
        aria-label={liked.is_like ? "取消点赞" : "点赞"}
        aria-pressed={liked.is_like}
        data-testid="square-card-like"
        onClick={(event) => {
          event.stopPropagation()
          void like()
        }}
        className={cx(
          "absolute top-2 right-2 flex h-7 items-center gap-1 rounded-full bg-black/45 px-2.5 text-xs font-medium opacity-0 transition-opacity duration-200 group-hover:opacity-100 group-focus-visible:opacity-100 hover:bg-black/60 focus-visible:opacity-100",
          liked.is_like ? "text-danger-500" : "text-white"
        )}
      >
        <Heart filled={liked.is_like} />
        <span className="text-white">{square.countText(liked.like_count)}</span>
      </button>
    </article>
  )
})
