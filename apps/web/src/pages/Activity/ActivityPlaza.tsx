import { type ActivityStore, usePagedList } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Link } from "react-router-dom"
import { Tag } from "../../components/ui/Tag"
import { PagedGrid } from "../Personal/PagedGrid"
import { ActivityCard, STATUS_TONE } from "./ActivityCards"

/** The 活动广场 (/activity/detail without a key): the current activity on top (AC6), then every activity by status. */
export const ActivityPlaza = observer(function ActivityPlaza({ store }: { store: ActivityStore }) {
  const featured = store.featured
  return (
    <div className="space-y-6" data-testid="activity-plaza">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">活动广场</h1>
        <p className="mt-1 text-sm text-gray-500">参加创作赛事，赢取会员与米豆奖励</p>
      </div>
      {featured !== null && (
        <Link to={`/activity/detail/${encodeURIComponent(featured.key)}`} className="group relative block h-64 overflow-hidden rounded-2xl bg-gray-200 shadow-sm">
          <img src={featured.banner} alt="" className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.02]" />
          <div className="absolute inset-0 bg-linear-to-r from-black/70 via-black/30 to-transparent" />
          <div className="absolute inset-y-0 left-0 flex max-w-xl flex-col justify-center gap-3 p-8 text-white">
            <Tag tone={STATUS_TONE[featured.status]} size="md" className="self-start">{store.statusTextOf(featured)}</Tag>
            <h2 className="text-2xl font-bold">{featured.title}</h2>
            <p className="line-clamp-2 text-sm text-white/85">{featured.description}</p>
            <span className="text-sm text-white/80">{store.datesTextOf(featured)} · {featured.participant_count} 人参与</span>
          </div>
        </Link>
      )}
      <div className="flex items-center gap-2" role="group" aria-label="活动状态">
        {store.tabs.map((tab) => (
          <button
            key={tab.label}
            type="button"
            aria-pressed={store.listStatus === tab.status}
            onClick={() => store.selectListStatus(tab.status)}
            className={store.listStatus === tab.status ? "rounded-full bg-brand-600 px-4 py-1.5 text-sm font-medium text-white" : "rounded-full bg-surface px-4 py-1.5 text-sm text-gray-600 ring-1 ring-line hover:text-gray-900"}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <PagedGrid
        list={store.activities}
        className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3"
        keyOf={(activity) => activity.id}
        renderItem={(activity) => <ActivityCard store={store} activity={activity} />}
        empty={{ title: "暂无活动", description: "敬请期待新的创作赛事" }}
      />
    </div>
  )
})

/** The other activities under one activity's page (/activity/boat): the first page of the list, this one left out. */
export const MoreActivities = observer(function MoreActivities({ store, exclude }: { store: ActivityStore; exclude: string }) {
  const view = usePagedList(store.activities)
  const others = view.items.filter((activity) => activity.key !== exclude)
  if (others.length === 0) return null
  return (
    <section className="space-y-4 border-t border-line pt-8">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold text-gray-900">更多活动</h2>
        <Link to="/activity/detail" className="text-sm text-brand-600 hover:underline">活动广场</Link>
      </div>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {others.map((activity) => <ActivityCard key={activity.id} store={store} activity={activity} />)}
      </div>
    </section>
  )
})
