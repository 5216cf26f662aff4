import { usePagedList } from "@mido/react"
import { type AdminTaskState, useAdminRootStore } from "@mido/react/admin"
import { observer } from "mobx-react-lite"
import { Button } from "../../components/ui/Button"
import { AdminListFooter, AdminPageHeader } from "./AdminList"
import { TaskRecord } from "./TaskRecord"
import { TASK_STATE_CLASS, TASK_STATE_NAMES, TASK_TYPE_NAMES } from "./taskText"

const ENGINES: ReadonlyArray<[string, string]> = [["", "全部引擎"], ["offline", "本地演示"], ["a1111", "A1111 WebUI"], ["comfyui", "ComfyUI"], ["mj-proxy", "Midjourney"], ["openai", "OpenAI"]]
const SELECT = "h-9 rounded-lg border border-line bg-surface px-2 text-sm"

/** 任务: the queue by state and engine, newest first; a task's record beside it with 重试 and 失败并退款. */
export const TasksPage = observer(function TasksPage() {
  const { tasks } = useAdminRootStore()
  const view = usePagedList(tasks.list)
  const detail = tasks.detail
  return (
    <section>
      <AdminPageHeader title="任务">
        <select aria-label="任务状态" className={SELECT} value={tasks.filter.status} onChange={(event) => void tasks.setFilter({ status: event.target.value as AdminTaskState | "" })}>
          <option value="">全部状态</option>
          {Object.entries(TASK_STATE_NAMES).map(([value, name]) => <option key={value} value={value}>{name}</option>)}
        </select>
        <select aria-label="引擎" className={SELECT} value={tasks.filter.engine} onChange={(event) => void tasks.setFilter({ engine: event.target.value })}>
          {ENGINES.map(([value, name]) => <option key={value} value={value}>{name}</option>)}
        </select>
        <Button variant="secondary" onClick={() => void tasks.list.refresh()}>
          刷新
        </Button>
      </AdminPageHeader>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="overflow-x-auto rounded-xl border border-line bg-surface">
          <table className="w-full text-left text-sm">
            <thead className="whitespace-nowrap bg-gray-50 text-gray-500">
              <tr>
                <th className="px-3 py-2 font-medium">提交时间</th>
                <th className="px-3 py-2 font-medium">用户</th>
                <th className="px-3 py-2 font-medium">类型</th>
                <th className="px-3 py-2 font-medium">引擎</th>
                <th className="hidden px-3 py-2 font-medium 2xl:table-cell">提示词</th>
                <th className="px-3 py-2 text-right font-medium">米豆</th>
                <th className="px-3 py-2 font-medium">状态</th>
              </tr>
            </thead>
            <tbody>
              {view.items.map((row) => (
                <tr key={row.id} className={`cursor-pointer border-t border-line hover:bg-brand-50 ${detail?.task.id === row.id ? "bg-brand-50" : ""}`} onClick={() => void tasks.show(row.id)}>
                  <td className="whitespace-nowrap px-3 py-2 text-gray-600">{row.created_at_str}</td>
                  <td className="max-w-32 truncate whitespace-nowrap px-3 py-2">{row.nickname}</td>
                  <td className="whitespace-nowrap px-3 py-2">{TASK_TYPE_NAMES[row.type] ?? row.type}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-gray-600">{row.engine_label}</td>
                  <td className="hidden max-w-48 truncate px-3 py-2 text-gray-600 2xl:table-cell" title={row.prompt}>{row.prompt || "—"}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{row.cost}</td>
                  <td className={`whitespace-nowrap px-3 py-2 ${TASK_STATE_CLASS[row.status] ?? ""}`}>
                    {TASK_STATE_NAMES[row.status]}
                    {row.stuck ? <span className="ml-1 text-danger-600">（已卡住）</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <AdminListFooter view={view} onMore={() => void tasks.list.loadMore()} onRetry={() => void tasks.list.retry()} />
        </div>
        <div className="rounded-xl border border-line bg-surface p-4">
          {detail === null ? <p className="py-16 text-center text-sm text-gray-500">点击左侧任务查看详情</p> : <TaskRecord detail={detail} />}
        </div>
      </div>
    </section>
  )
})
