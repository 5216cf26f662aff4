import type { ArtworkDetailStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Link } from "react-router-dom"
import { Avatar } from "../ui/Avatar"
import { Button } from "../ui/Button"
import { Icon } from "../ui/Icon"

/** The author (spec §2): avatar and name to /personal/{uid}, works and followers, follow (hidden on one's own work). */
export const AuthorBar = observer(function AuthorBar({ detail }: { detail: ArtworkDetailStore }) {
  const artwork = detail.artwork
  if (artwork === null) return null
  const profile = `/personal/${artwork.user_uid}`
  return (
    <div className="flex items-center gap-3">
      <Link to={profile} className="shrink-0" aria-label={`${artwork.user_name}的主页`}>
        <Avatar src={artwork.user_avatar} name={artwork.user_name} size={44} />
      </Link>
      <div className="min-w-0 flex-1">
        <Link to={profile} className="block truncate font-semibold text-gray-900 hover:text-brand-700" data-testid="detail-author">
          {artwork.user_name}
        </Link>
        <p className="mt-0.5 text-sm text-gray-500">
          作品 <span data-testid="detail-artwork-count">{detail.countText(artwork.user_stat.artwork_count)}</span>
          <span className="mx-1.5 text-gray-300">·</span>
          粉丝 <span data-testid="detail-follower-count">{detail.countText(artwork.user_stat.follower_count)}</span>
        </p>
      </div>
      {detail.canFollow ? (
        <Button
          size="sm"
          variant={artwork.is_follow ? "secondary" : "primary"}
          loading={detail.following}
          onClick={() => void detail.follow()}
          icon={artwork.is_follow ? <Icon name="check" size={14} /> : <Icon name="plus" size={14} />}
          aria-pressed={artwork.is_follow}
          data-testid="detail-follow"
        >
          {artwork.is_follow ? "已关注" : "关注"}
        </Button>
      ) : null}
    </div>
  )
})
