import type { ArtworkDetailStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Button } from "../ui/Button"
import { cx } from "../ui/cx"
import { DetailIcon } from "./detailIcons"

const TOGGLE = "inline-flex h-10 items-center justify-center gap-1.5 rounded-md px-3 text-base ring-1 ring-inset transition disabled:opacity-70"

/**
 * Like with its count and the heartbeat (spec §4, about 400 ms), 收藏 / 已收藏 (shown at once, back on
 * an error), and same-style (做同款); an assistant's drawing has no same-style (spec §2) but 继续创作:
 * its prompt in a new /intelligent conversation, or on /webui (SD12).
 */
export const DetailActions = observer(function DetailActions({ detail, onNavigate }: { detail: ArtworkDetailStore; onNavigate: (path: string) => void }) {
  const artwork = detail.artwork
  if (artwork === null) return null
  const sameStyle = () => {
    const path = detail.sameStyle()
    if (path !== null) onNavigate(path)
  }
  const continuation = detail.continuation
  const go = (path: string) => {
    detail.close()
    onNavigate(path)
  }
  return (
    <div className="border-t border-line px-5 py-4">
      {continuation !== null ? (
        <p className="mb-3 text-xs leading-5 text-gray-500" data-testid="detail-continue-hint">
          用这幅画的提示词开一个新对话接着画，或
          <button type="button" onClick={() => go(continuation.webui)} className="mx-0.5 font-medium text-brand-600 hover:text-brand-700 hover:underline" data-testid="detail-continue-webui">
            去在线 SD 绘画
          </button>
        </p>
      ) : null}
      <div className="flex items-center gap-2.5">
        <button
          type="button"
          onClick={() => void detail.like()}
          disabled={detail.liking}
          aria-pressed={artwork.is_like}
          aria-label={artwork.is_like ? "取消点赞" : "点赞"}
          data-testid="detail-like"
          className={cx(
            TOGGLE,
            "min-w-20",
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
        <button
          type="button"
          onClick={() => void detail.collect()}
          disabled={detail.collecting}
          aria-pressed={artwork.is_collected}
          data-testid="detail-collect"
          className={cx(
            TOGGLE,
            "shrink-0 text-sm",
            artwork.is_collected ? "bg-brand-50 text-brand-700 ring-brand-200" : "bg-surface text-gray-700 ring-line-strong hover:text-brand-700 hover:ring-brand-200"
          )}
        >
          <DetailIcon name="star" size={18} filled={artwork.is_collected} />
          {artwork.is_collected ? "已收藏" : "收藏"}
        </button>
        {detail.canSameStyle ? (
          <Button onClick={sameStyle} className="min-w-0 flex-1" icon={<DetailIcon name="wand" size={18} />} data-testid="detail-same-style">
            做同款
          </Button>
        ) : continuation !== null ? (
          <Button onClick={() => go(continuation.intelligent)} className="min-w-0 flex-1" icon={<DetailIcon name="chat" size={18} />} data-testid="detail-continue">
            继续创作
          </Button>
        ) : null}
      </div>
    </div>
  )
})
