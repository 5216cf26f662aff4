import type { ActivityStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
import { Link } from "react-router-dom"
import { LoginPromptDialog } from "../../components/layout/LoginPromptDialog"
import { Button } from "../../components/ui/Button"
import { EmptyState } from "../../components/ui/EmptyState"
import { Icon } from "../../components/ui/Icon"
import { Spinner } from "../../components/ui/Spinner"
import { Tag } from "../../components/ui/Tag"
import { GRID } from "../Personal/ArtworkTile"
import { PagedGrid } from "../Personal/PagedGrid"
import { EntryTile, STATUS_TONE } from "./ActivityCards"
import { SubmitWorkDialog } from "./SubmitWorkDialog"

const SUBMIT_LABEL = { upcoming: "未开始", ended: "已结束", ongoing: "已提交作品" } as const

const TextCard = ({ title, text, icon }: { title: string; text: string; icon: "info" | "gift" }) => (
  <section className="rounded-xl bg-surface p-5 shadow-sm ring-1 ring-line">
    <h2 className="mb-3 flex items-center gap-2 text-base font-semibold text-gray-900">
      <Icon name={icon} size={18} className="text-brand-600" />
      {title}
    </h2>
    <p className="whitespace-pre-line text-sm leading-7 text-gray-700">{text}</p>
  </section>
)

const SubmitButton = observer(function SubmitButton({ store }: { store: ActivityStore }) {
  const blocker = store.submitBlocker
  const status = store.liveStatus ?? "ongoing"
  return blocker === null ? (
    <Button size="lg" icon={<Icon name="send" size={18} />} onClick={store.startSubmit}>提交作品</Button>
  ) : (
    <Button size="lg" variant="secondary" disabled title={blocker}>{SUBMIT_LABEL[status]}</Button>
  )
})

/** The countdown on its own: only this line re-renders as the clock ticks. */
const Countdown = observer(function Countdown({ store }: { store: ActivityStore }) {
  return <div className="mt-1 font-medium text-brand-700 tabular-nums" data-testid="activity-countdown">{store.countdown}</div>
})

/** One activity (/activity/detail/{key}, /activity/boat): banner, status and countdown, rules, prizes, 提交作品, entries, awards. */
export const ActivityView = observer(function ActivityView({ store, activityKey }: { store: ActivityStore; activityKey: string }) {
  useEffect(() => {
    void store.load(activityKey)
  }, [store, activityKey])
  useEffect(() => store.watchClock(), [store])

  const activity = store.activity
  if (activity === null || activity.key !== activityKey) {
    if (store.status === "missing") {
      return <EmptyState icon="gift" title={store.problem} action={<Link className="text-brand-600 hover:underline" to="/activity/detail">去活动广场看看</Link>} />
    }
    if (store.status === "error") {
      return <EmptyState title={store.problem} action={<Button variant="secondary" onClick={() => void store.load(activityKey)}>重试</Button>} />
    }
    return <div className="flex min-h-[50vh] items-center justify-center"><Spinner label="加载中" /></div>
  }

  const status = store.liveStatus ?? activity.status
  return (
    <article className="space-y-6" data-testid="activity-page">
      <header className="overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-line">
        <div className="relative h-56 bg-gray-200 xl:h-72">
          <img src={activity.banner} alt="" className="h-full w-full object-cover" />
          <div className="absolute inset-0 bg-linear-to-t from-black/70 via-black/20 to-transparent" />
          <div className="absolute inset-x-0 bottom-0 p-6 text-white">
            <Tag tone={STATUS_TONE[status]} size="md" className="mb-3">{store.statusText}</Tag>
            <h1 className="text-2xl font-bold xl:text-3xl">{activity.title}</h1>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-x-8 gap-y-3 px-6 py-4">
          <div className="text-sm text-gray-600">
            <div>活动时间：{store.datesText}</div>
            <Countdown store={store} />
          </div>
          <div className="flex gap-6 text-sm text-gray-600">
            <span><b className="mr-1 text-lg text-gray-900">{activity.participant_count}</b>人参与</span>
            <span><b className="mr-1 text-lg text-gray-900">{activity.work_count}</b>件作品</span>
          </div>
          <div className="ml-auto">
            <SubmitButton store={store} />
          </div>
        </div>
      </header>

      <p className="whitespace-pre-line text-base leading-7 text-gray-700">{activity.description}</p>

      <div className="grid gap-5 lg:grid-cols-2">
        <TextCard title="活动规则" text={activity.rules} icon="info" />
        <TextCard title="活动奖励" text={activity.reward} icon="gift" />
      </div>

      {status === "ended" && store.results.length > 0 && (
        <section data-testid="activity-results">
          <h2 className="mb-3 text-lg font-semibold text-gray-900">获奖作品</h2>
          <div className={GRID}>
            {store.results.map((work) => <EntryTile key={work.id} work={work} activityKey={activity.key} />)}
          </div>
        </section>
      )}

      <section>
        <div className="mb-3 flex items-center justify-between">
          <h2 className="text-lg font-semibold text-gray-900">参赛作品</h2>
          <div className="flex rounded-md bg-gray-100 p-0.5 text-sm" role="group" aria-label="排序">
            {(["new", "hot"] as const).map((sort) => (
              <button
                key={sort}
                type="button"
                aria-pressed={store.entrySort === sort}
                onClick={() => store.selectEntrySort(sort)}
                className={store.entrySort === sort ? "rounded-sm bg-surface px-3.5 py-1 font-medium text-brand-700 shadow-sm" : "px-3.5 py-1 text-gray-600 hover:text-gray-900"}
              >
                {sort === "new" ? "最新" : "最热"}
              </button>
            ))}
          </div>
        </div>
        <PagedGrid
          list={store.entries}
          className={GRID}
          keyOf={(work) => work.id}
          renderItem={(work) => <EntryTile work={work} activityKey={activity.key} />}
          empty={{ title: "还没有参赛作品", description: status === "ongoing" ? "快来提交第一幅作品吧" : undefined }}
        />
      </section>

      <SubmitWorkDialog store={store} />
      <LoginPromptDialog open={store.loginPrompt} onClose={store.dismissLoginPrompt} />
    </article>
  )
})
