import { usePagedList } from "@mido/react"
import { useAdminRootStore } from "@mido/react/admin"
import { observer } from "mobx-react-lite"
import { type FormEvent, useState } from "react"
import { Button } from "../../components/ui/Button"
import { Input } from "../../components/ui/Input"
import { AdminListFooter, AdminPageHeader } from "./AdminList"
import { UserActions } from "./UserActions"
import { UserRecord } from "./UserRecord"

/** 用户: search by phone, nickname or uid; a user's record beside the list, with ban, sessions and beans. */
export const UsersPage = observer(function UsersPage() {
  const { users } = useAdminRootStore()
  const view = usePagedList(users.list)
  const [query, setQuery] = useState(users.query)
  const search = (event: FormEvent) => {
    event.preventDefault()
    void users.search(query)
  }
  const detail = users.detail
  return (
    <section>
      <AdminPageHeader title="用户">
        <form className="flex items-center gap-2" onSubmit={search} role="search">
          <Input aria-label="搜索用户" placeholder="手机号、昵称或 UID" value={query} onChange={(event) => setQuery(event.target.value)} />
          <Button type="submit">搜索</Button>
        </form>
      </AdminPageHeader>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="overflow-x-auto rounded-xl border border-line bg-surface">
          <table className="w-full text-left text-sm">
            <thead className="bg-gray-50 text-gray-500">
              <tr>
                <th className="px-3 py-2 font-medium">UID</th>
                <th className="px-3 py-2 font-medium">昵称</th>
                <th className="px-3 py-2 font-medium">手机号</th>
                <th className="px-3 py-2 text-right font-medium">米豆</th>
                <th className="px-3 py-2 font-medium">状态</th>
              </tr>
            </thead>
            <tbody>
              {view.items.map((row) => (
                <tr
                  key={row.uid}
                  className={`cursor-pointer border-t border-line hover:bg-brand-50 ${detail?.user.uid === row.uid ? "bg-brand-50" : ""}`}
                  onClick={() => void users.open(row.uid)}
                >
                  <td className="px-3 py-2 tabular-nums">{row.uid}</td>
                  <td className="max-w-40 truncate px-3 py-2">{row.nickname}</td>
                  <td className="px-3 py-2 tabular-nums">{row.phone}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{row.balance}</td>
                  <td className="px-3 py-2">{row.banned ? <span className="text-danger-600">已封禁</span> : <span className="text-gray-500">正常</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <AdminListFooter view={view} onMore={() => void users.list.loadMore()} onRetry={() => void users.list.retry()} />
        </div>
        <div className="rounded-xl border border-line bg-surface p-4">
          {detail === null ? (
            <p className="py-16 text-center text-sm text-gray-500">点击左侧用户查看详情</p>
          ) : (
            <>
              <UserActions detail={detail} />
              <UserRecord detail={detail} />
            </>
          )}
        </div>
      </div>
    </section>
  )
})
