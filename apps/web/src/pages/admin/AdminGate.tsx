import { useSessionStore } from "@mido/react"
import { ADMIN_ROLE_NAMES, useAdminRootStore } from "@mido/react/admin"
import { observer } from "mobx-react-lite"
import { type ReactNode, useEffect } from "react"
import { Link } from "react-router-dom"
import { Button } from "../../components/ui/Button"
import { Spinner } from "../../components/ui/Spinner"

const Notice = ({ title, children }: { readonly title: string; readonly children?: ReactNode }) => (
  <div className="flex min-h-screen items-center justify-center bg-canvas p-6">
    <div className="w-full max-w-sm rounded-xl border border-line bg-surface p-8 text-center shadow-sm">
      <h1 className="text-lg font-semibold text-gray-900">{title}</h1>
      <div className="mt-3 text-sm text-gray-600">{children}</div>
    </div>
  </div>
)

/**
 * The console's gate: nothing of the console renders (no nav, no page, no call of its data) until the
 * server says the signed-in account has a role. A visitor is sent to log in; a plain account sees 无权访问.
 */
export const AdminGate = observer(function AdminGate({ children }: { readonly children: ReactNode }) {
  const session = useSessionStore()
  const admin = useAdminRootStore()
  const { status } = admin.access
  const loggedIn = session.isLoggedIn
  useEffect(() => {
    void admin.access.check(loggedIn)
  }, [admin, loggedIn])

  switch (status) {
    case "checking":
      return (
        <div className="flex min-h-screen items-center justify-center bg-canvas">
          <Spinner size={24} label="正在确认后台权限" />
        </div>
      )
    case "visitor":
      return (
        <Notice title="请先登录">
          <p>运营后台需要登录后使用。</p>
          <Link className="mt-5 inline-block text-brand-600 hover:underline" to={`/login?ref=${encodeURIComponent("/admin")}`}>
            去登录
          </Link>
        </Notice>
      )
    case "refused":
      return (
        <Notice title="无权访问">
          <p>当前账号没有运营后台的权限。如需开通，请联系管理员。</p>
          <Link className="mt-5 inline-block text-brand-600 hover:underline" to="/list">
            返回首页
          </Link>
        </Notice>
      )
    case "failed":
      return (
        <Notice title="暂时无法打开后台">
          <p>网络或服务器出了点问题。</p>
          <Button className="mt-5" variant="secondary" onClick={() => void admin.access.check(loggedIn)}>
            重试
          </Button>
        </Notice>
      )
    case "granted":
      return <>{children}</>
  }
})

/** The operator's name and role, for the layout's header. */
export const AdminBadge = observer(function AdminBadge() {
  const { me } = useAdminRootStore().access
  if (me === null) return null
  return (
    <span className="text-sm text-gray-600">
      {me.nickname} · {ADMIN_ROLE_NAMES[me.role]}
    </span>
  )
})
