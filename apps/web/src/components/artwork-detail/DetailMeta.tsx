import type { ArtworkDetailStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Tag } from "../ui/Tag"
import { DetailIcon } from "./detailIcons"

/** Title (when published with one), draw type, publish time (relative, FM1–FM2), views and collections. */
export const DetailMeta = observer(function DetailMeta({ detail }: { detail: ArtworkDetailStore }) {
  const artwork = detail.artwork
  if (artwork === null) return null
  return (
    <div className="space-y-2">
      {artwork.title ? <h2 className="text-lg font-semibold leading-snug text-gray-900">{artwork.title}</h2> : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm text-gray-500">
        {/* LB4: an upload or a tool result is an sd artwork, but not 在线 SD */}
        <span className="inline-flex" data-testid="detail-type">
          <Tag tone="brand">{detail.typeLabel}</Tag>
        </span>
        <span className="inline-flex items-center gap-1" title="发布时间">
          <DetailIcon name="clock" size={15} />
          <span data-testid="detail-published">{detail.publishedText(Date.now())}</span>
        </span>
        <span className="inline-flex items-center gap-1" title="浏览量">
          <DetailIcon name="eye" size={15} />
          <span data-testid="detail-views">{detail.countText(artwork.stat.view_count)}</span>
        </span>
        <span className="inline-flex items-center gap-1" title="收藏数">
          <DetailIcon name="star" size={15} />
          <span data-testid="detail-favorites">{detail.countText(artwork.stat.favorite_count)}</span>
        </span>
      </div>
    </div>
  )
})
