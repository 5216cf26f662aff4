import type { PagedListView } from "@mido/react"
import type { ReactNode } from "react"
import { Button } from "../../components/ui/Button"
import { Spinner } from "../../components/ui/Spinner"

/** A console page's title line, with its actions on the right. */
export function AdminPageHeader({ title, children }: { readonly title: string; readonly children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
      <div className="flex flex-wrap items-center gap-2">{children}</div>
    </div>
  )
}

/** Below a console table: the count, 加载更多 while there is more, the state of the last page. */
export function AdminListFooter<Item>({ view, onMore, onRetry }: { readonly view: PagedListView<Item>; readonly onMore: () => void; readonly onRetry: () => void }) {
  return (
    <div className="flex items-center justify-between px-4 py-3 text-sm text-gray-500">
      <span>{view.total === undefined ? "" : `共 ${view.total} 条，已显示 ${view.items.length} 条`}</span>
      {view.status === "loading" ? <Spinner size={16} label="加载中" /> : null}
      {view.status === "error" ? (
        <Button size="sm" variant="secondary" onClick={onRetry}>
          重试
        </Button>
      ) : null}
      {view.status === "ready" && view.hasMore ? (
        <Button size="sm" variant="secondary" onClick={onMore}>
          加载更多
        </Button>
      ) : null}
      {view.isEmpty ? <span>暂无记录</span> : null}
    </div>
  )
}

/** A JSON value as one compact, wrapping line (before / after of an audit row, a task's record). */
export function JsonText({ value }: { readonly value: unknown }) {
  if (value === null || value === undefined) return <span className="text-gray-400">—</span>
  return <code className="break-all font-mono text-xs text-gray-700">{JSON.stringify(value)}</code>
}
