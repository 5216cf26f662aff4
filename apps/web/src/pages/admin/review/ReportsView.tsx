import { type ReportGroup, reportReasonName, type ReportsStore, reviewTimeText } from "@mido/react/admin"
import { observer } from "mobx-react-lite"
import { useEffect, useState } from "react"
import { Button } from "../../../components/ui/Button"
import { EmptyState } from "../../../components/ui/EmptyState"
import { Pager } from "./Pager"
import { ReasonDialog, type ReasonRequest, TAKEDOWN_PRESETS } from "./ReasonDialog"
import { ReviewItemCard } from "./ReviewItemCard"

/** How many of each reason a target's reports give, most first: "色情低俗 ×2、垃圾广告 ×1". */
const reasonSummary = (group: ReportGroup): string => {
  const counts = new Map<string, number>()
  for (const report of group.reports) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1]).map(([reason, n]) => `${reportReasonName(reason)} ×${n}`).join("、")
}

/** 举报: open reports grouped by target, the newest report first; 驳回举报 or 下架 resolves them all. */
export const ReportsView = observer(function ReportsView({ store }: { store: ReportsStore }) {
  const [asking, setAsking] = useState<ReasonRequest | null>(null)
  useEffect(() => void store.load(), [store])
  return (
    <section aria-labelledby="reports-title" aria-busy={store.loading} className="space-y-4">
      <header className="flex items-baseline justify-between gap-4">
        <h1 id="reports-title" className="text-xl font-semibold text-gray-900">举报处理</h1>
        <p className="text-sm text-gray-500">同一内容的举报合并处理，处理结果会通知每位举报人</p>
      </header>
      {store.groups.length === 0 && !store.loading
        ? <EmptyState title="没有待处理的举报" description="用户举报的内容会按被举报对象汇总在这里" />
        : (
          <div className="space-y-3">
            {store.groups.map((group) => {
              const busy = store.busyId === group.target_id
              return (
                <div key={group.target_id} data-testid="report-group" className="space-y-2">
                  <ReviewItemCard
                    item={group.target}
                    badge={<span className="rounded-full bg-danger-50 px-2 py-0.5 text-xs font-medium text-danger-600">被举报 {group.count} 次</span>}
                    actions={
                      <>
                        <Button size="sm" variant="danger" disabled={busy} onClick={() => setAsking({ title: "下架被举报的帖子", action: "下架", presets: TAKEDOWN_PRESETS, send: (reason) => store.takeDown(group, reason) })}>
                          下架
                        </Button>
                        <Button size="sm" variant="secondary" loading={busy} onClick={() => void store.dismiss(group)}>驳回举报</Button>
                      </>
                    }
                  />
                  <div className="rounded-md bg-gray-50 px-4 py-2 text-xs text-gray-600">
                    <p className="font-medium text-gray-700">{reasonSummary(group)} · 最近 {reviewTimeText(group.latest_at)}</p>
                    <ul className="mt-1 space-y-0.5">
                      {group.reports.map((report) => (
                        <li key={report.uid} className="break-words">
                          {report.nickname}（UID {report.uid}）：{reportReasonName(report.reason)}{report.detail === "" ? "" : `，${report.detail}`}
                        </li>
                      ))}
                    </ul>
                  </div>
                </div>
              )
            })}
          </div>
        )}
      <Pager page={store.page} pageCount={store.pageCount} total={store.total} onPage={(page) => void store.showPage(page)} />
      <ReasonDialog request={asking} onClose={() => setAsking(null)} />
    </section>
  )
})
