import { usePagedList } from "@mido/react"
import { useAdminRootStore } from "@mido/react/admin"
import { observer } from "mobx-react-lite"
import { type FormEvent, useState } from "react"
import { Button } from "../../components/ui/Button"
import { Input } from "../../components/ui/Input"
import { AdminListFooter, AdminPageHeader, JsonText } from "./AdminList"

/** 审计日志: every console change, newest first; read-only (the table is append-only on the server too). */
export const AuditLogPage = observer(function AuditLogPage() {
  const { audit } = useAdminRootStore()
  const view = usePagedList(audit.list)
  const [action, setAction] = useState(audit.filter.action)
  const [targetId, setTargetId] = useState(audit.filter.targetId)
  const search = (event: FormEvent) => {
    event.preventDefault()
    void audit.setFilter({ action: action.trim(), targetId: targetId.trim() })
  }
  return (
    <section>
      <AdminPageHeader title="审计日志">
        <form className="flex items-center gap-2" onSubmit={search}>
          <Input aria-label="操作" placeholder="操作，如 user.ban" value={action} onChange={(event) => setAction(event.target.value)} />
          <Input aria-label="对象 ID" placeholder="对象 ID" value={targetId} onChange={(event) => setTargetId(event.target.value)} />
          <Button type="submit" variant="secondary">
            筛选
          </Button>
        </form>
      </AdminPageHeader>
      <div className="overflow-x-auto rounded-xl border border-line bg-surface">
        <table className="w-full table-fixed text-left text-sm">
          <thead className="bg-gray-50 text-gray-500">
            <tr>
              <th className="w-44 px-4 py-2 font-medium">时间</th>
              <th className="w-32 px-4 py-2 font-medium">操作人</th>
              <th className="w-40 px-4 py-2 font-medium">操作</th>
              <th className="w-32 px-4 py-2 font-medium">对象</th>
              <th className="px-4 py-2 font-medium">修改前</th>
              <th className="px-4 py-2 font-medium">修改后</th>
            </tr>
          </thead>
          <tbody>
            {view.items.map((entry) => (
              <tr key={entry.id} className="border-t border-line align-top">
                <td className="px-4 py-2 text-gray-600">{entry.created_at_str}</td>
                <td className="px-4 py-2">{entry.actor_nickname}</td>
                <td className="px-4 py-2 font-mono text-xs">{entry.action}</td>
                <td className="px-4 py-2 text-gray-600">
                  {entry.target_type} #{entry.target_id}
                </td>
                <td className="px-4 py-2">
                  <JsonText value={entry.before} />
                </td>
                <td className="px-4 py-2">
                  <JsonText value={entry.after} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <AdminListFooter view={view} onMore={() => void audit.list.loadMore()} onRetry={() => void audit.list.retry()} />
      </div>
    </section>
  )
})
