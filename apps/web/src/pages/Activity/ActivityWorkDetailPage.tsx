import { useActivityStore, useArtworkDetailStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
import { Link, useNavigate, useSearchParams } from "react-router-dom"
import { ArtworkDetailView } from "../../components/artwork-detail/ArtworkDetailView"
import { Icon } from "../../components/ui/Icon"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { Tag } from "../../components/ui/Tag"
import { STATUS_TONE } from "./ActivityCards"

/** The activity an entry belongs to, above the work: its banner, title and status, and the way back. */
const ActivityContext = observer(function ActivityContext({ activityKey }: { activityKey: string }) {
  const store = useActivityStore()
  useEffect(() => {
    void store.load(activityKey)
  }, [store, activityKey])
  const activity = store.activity
  if (activity === null || activity.key !== activityKey) return null
  return (
    <Link
      to={`/activity/detail/${encodeURIComponent(activity.key)}`}
      className="mb-4 flex items-center gap-4 rounded-xl bg-surface p-3 shadow-sm ring-1 ring-line hover:ring-brand-200"
      data-testid="activity-context"
    >
      <img src={activity.cover} alt="" className="h-14 w-24 shrink-0 rounded-lg object-cover" />
      <div className="min-w-0">
        <div className="flex items-center gap-2">
          <Tag tone={STATUS_TONE[store.liveStatus ?? activity.status]}>{store.statusText}</Tag>
          <span className="truncate font-medium text-gray-900">{activity.title}</span>
        </div>
        <div className="mt-1 text-xs text-gray-500">{store.datesText} · {activity.work_count} 件参赛作品</div>
      </div>
      <span className="ml-auto inline-flex shrink-0 items-center gap-1 text-sm text-brand-600">
        <Icon name="arrow-left" size={16} />
        返回活动
      </span>
    </Link>
  )
})

const WorkDetail = observer(function WorkDetail() {
  const detail = useArtworkDetailStore()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const id = search.get("id") ?? undefined
  const key = search.get("key")
  useEffect(() => {
    void detail.open(id)
    return () => detail.close()
  }, [detail, id])
  return (
    <div>
      {key !== null && key !== "" && <ActivityContext activityKey={key} />}
      <div className="overflow-hidden rounded-xl bg-surface shadow-md ring-1 ring-line">
        <ArtworkDetailView detail={detail} onNavigate={(path) => navigate(path)} variant="page" />
      </div>
    </div>
  )
})

/** /activity/work-detail?id={artwork}&key={activity} (spec §2): an entry as a page, like /work-detail, with its activity above. */
export function ActivityWorkDetailPage() {
  return (
    <StoreSuspense>
      <WorkDetail />
    </StoreSuspense>
  )
}
