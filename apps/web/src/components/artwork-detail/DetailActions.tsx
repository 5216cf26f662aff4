import type { ArtworkDetailStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Button } from "../ui/Button"
import { cx } from "../ui/cx"
import { DetailIcon } from "./detailIcons"

/** Like with its count and the heartbeat (spec §4, about 400 ms), and same-style (做同款, hidden for agent). */
export const DetailActions = observer(function DetailActions({ detail, onNavigate }: { detail: ArtworkDetailStore; onNavigate: (path: string) => void }) {
  const artwork = detail.artwork
  if (artwork === null) return null
  const sameStyle = () => {
    const path = detail.sameStyle()
    if (path !== null) onNavigate(path)
  }
  return (
    <div className="flex items-center gap-3 border-t border-line px-5 py-4">
      <button
        type="button"
        onClick={() => void detail.like()}
        disabled={detail.liking}
        aria-pressed={artwork.is_like}
        aria-label={artwork.is_like ? "取消点赞" : "点赞"}
        data-testid="detail-like"
        className={cx(
          "inline-flex h-10 min-w-24 items-center justify-center gap-2 rounded-md px-4 text-base ring-1 ring-inset transition",
          artwork.is_like ? "bg-danger-50 text-danger-600 ring-danger-200" : "bg-surface text-gray-700 ring-line-strong hover:text-danger-600 hover:ring-danger-200"
        )}
      >
        <span
          className={cx("inline-flex transition-transform duration-200 ease-out", detail.heartbeat && "scale-[1.35]")}
          data-heartbeat={detail.heartbeat ? "on" : "off"}
        >
          <DetailIcon name="heart" size={20} filled={artwork.is_like} />
        </span>
        <span data-testid="detail-like-count" className="tabular-nums">{detail.countText(artwork.stat.like_count)}</span>
      </button>
      {detail.canSameStyle ? (
        <Button onClick={sameStyle} className="flex-1" icon={<DetailIcon name="wand" size={18} />} data-testid="detail-same-style">
          做同款
        </Button>
      ) : null}
    </div>
  )
})
