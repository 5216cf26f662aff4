import type { Circle } from "@mido/react"
import { Link } from "react-router-dom"
import { Avatar } from "../../components/ui/Avatar"
import { Button } from "../../components/ui/Button"

type Props = {
  circle: Circle
  busy: boolean
  onToggleJoin: (circle: Circle) => void
}

/** A circle on the discover and list pages: cover, avatar, name, description, counts and 加入 / 已加入. */
export function CircleCard({ circle, busy, onToggleJoin }: Props) {
  const href = `/community/circle-detail?id=${circle.id}`
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl bg-surface shadow-sm ring-1 ring-line transition hover:shadow-md" data-testid="circle-card" data-id={circle.id}>
      <Link to={href} className="relative block aspect-[16/7] overflow-hidden bg-gray-100" aria-label={circle.name}>
        {circle.cover !== "" && <img src={circle.cover} alt="" loading="lazy" className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]" />}
      </Link>
      <div className="flex flex-1 flex-col px-4 pb-4">
        <div className="-mt-7 flex items-start justify-between gap-3">
          <Avatar src={circle.avatar} name={circle.name} size={56} shape="rounded" className="ring-4 ring-surface" />
          {circle.is_owner ? (
            <span className="mt-10 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-600">我创建的</span>
          ) : (
            <Button size="sm" className="mt-9" variant={circle.is_joined ? "secondary" : "primary"} loading={busy} onClick={() => onToggleJoin(circle)}>
              {circle.is_joined ? "已加入" : "加入"}
            </Button>
          )}
        </div>
        <Link to={href} className="mt-2 truncate text-base font-semibold text-gray-900 hover:text-brand-600" data-testid="circle-name">{circle.name}</Link>
        <p className="mt-1 line-clamp-2 min-h-10 text-sm text-gray-500">{circle.description !== "" ? circle.description : "圈主还没有写简介"}</p>
        <p className="mt-auto pt-3 text-xs text-gray-400">
          <span data-testid="circle-members">{circle.member_count} 成员</span> · {circle.post_count} 动态
        </p>
      </div>
    </article>
  )
}

export const CIRCLE_GRID = "grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
