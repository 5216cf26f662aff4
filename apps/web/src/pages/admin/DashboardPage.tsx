import { useAdminRootStore } from "@mido/react/admin"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
import { Button } from "../../components/ui/Button"
import { AdminPageHeader } from "./AdminList"

/** 概览: today's figures (China time), each with a 查看 SQL disclosure showing the one statement behind it. */
export const DashboardPage = observer(function DashboardPage() {
  const { dashboard } = useAdminRootStore()
  useEffect(() => {
    void dashboard.load()
  }, [dashboard])
  const today = dashboard.dashboard
  return (
    <section>
      <AdminPageHeader title={today === null ? "概览" : `概览 · ${today.day}`}>
        <Button variant="secondary" disabled={dashboard.loading} onClick={() => void dashboard.load()}>
          刷新
        </Button>
      </AdminPageHeader>
      <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
        {(today?.figures ?? []).map((figure) => (
          <article key={figure.key} className="rounded-xl border border-line bg-surface p-4" aria-label={figure.label}>
            <h2 className="text-sm text-gray-500">{figure.label}</h2>
            <p className="mt-1 text-2xl font-semibold tabular-nums text-gray-900">{figure.value}</p>
            {figure.breakdown === undefined ? null : (
              <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-gray-600">
                {figure.breakdown.length === 0 ? <li>暂无</li> : figure.breakdown.map((row) => <li key={row.label}>{row.label} {row.value}</li>)}
              </ul>
            )}
            <details className="mt-3 text-xs">
              <summary className="cursor-pointer text-brand-600">查看 SQL</summary>
              <code className="mt-2 block whitespace-pre-wrap break-all rounded bg-gray-50 p-2 font-mono text-gray-700">{figure.sql}</code>
            </details>
          </article>
        ))}
      </div>
      <p className="mt-4 text-xs text-gray-500">按北京时间自然日统计；:day_start / :day_end 为当天 00:00 与次日 00:00。</p>
    </section>
  )
})
