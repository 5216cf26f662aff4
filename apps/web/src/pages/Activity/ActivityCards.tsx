import type { Activity, ActivityStatus, ActivityStore, ActivityWork } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Link } from "react-router-dom"
import { AigcNotice } from "../../components/ui/AigcNotice"
import { Tag, type TagTone } from "../../components/ui/Tag"

export const STATUS_TONE: Readonly<Record<ActivityStatus, TagTone>> = { upcoming: "bean", ongoing: "success", ended: "gray" }

/** A card of the 活动广场: cover, status, title, dates and how many joined; opens the activity. */
export const ActivityCard = observer(function ActivityCard({ store, activity }: { store: ActivityStore; activity: Activity }) {
  return (
    <Link
      to={`/activity/detail/${encodeURIComponent(activity.key)}`}
      className="group block overflow-hidden rounded-xl bg-surface shadow-sm ring-1 ring-line transition hover:-translate-y-0.5 hover:shadow-md"
      data-testid="activity-card"
    >
      <div className="relative aspect-[16/9] overflow-hidden bg-gray-100">
        <img src={activity.cover} alt="" loading="lazy" className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]" />
        <Tag tone={STATUS_TONE[activity.status]} className="absolute left-3 top-3 shadow-sm">{store.statusTextOf(activity)}</Tag>
      </div>
      <div className="space-y-1.5 p-4">
        <h3 className="line-clamp-1 text-base font-semibold text-gray-900">{activity.title}</h3>
        <p className="line-clamp-2 min-h-10 text-sm text-gray-500">{activity.description}</p>
        <div className="flex items-center justify-between pt-1 text-xs text-gray-500">
          <span>{store.datesTextOf(activity)}</span>
          <span>{activity.participant_count} 人参与</span>
        </div>
      </div>
    </Link>
  )
})

/** An entry of an activity: the work's cover, its author, votes and award; opens /activity/work-detail. */
export function EntryTile({ work, activityKey }: { work: ActivityWork; activityKey: string }) {
  const artwork = work.artwork
  const search = new URLSearchParams({ id: String(artwork.id), key: activityKey })
  return (
    <div className="group relative overflow-hidden rounded-lg bg-gray-100" data-testid="activity-entry" data-id={artwork.id}>
      <Link to={`/activity/work-detail?${search.toString()}`} className="block aspect-[3/4]" title={artwork.title ?? "参赛作品"}>
        <img src={artwork.cover} alt={artwork.title ?? "参赛作品"} loading="lazy" className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]" />
      </Link>
      {work.award !== null && <Tag tone="hot" className="absolute left-2 top-2 shadow-sm">{work.award}</Tag>}
      <AigcNotice label={artwork.aigc_label} className="absolute right-2 top-2" />
      <div className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end justify-between gap-2 bg-linear-to-t from-black/65 to-transparent p-2.5 pt-10 text-xs text-white">
        <span className="flex min-w-0 items-center gap-1.5">
          <img src={artwork.user_avatar} alt="" className="size-5 shrink-0 rounded-full bg-white/30 object-cover" />
          <span className="truncate">{artwork.user_name}</span>
        </span>
        <span className="shrink-0">{work.vote_count} 票</span>
      </div>
    </div>
  )
}
