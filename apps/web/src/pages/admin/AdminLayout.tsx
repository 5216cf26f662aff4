import { useAdminRootStore } from "@mido/react/admin"
import { observer } from "mobx-react-lite"
import { Suspense, useEffect } from "react"
import { Link, NavLink, Navigate, Route, Routes } from "react-router-dom"
import { Spinner } from "../../components/ui/Spinner"
import { cx } from "../../components/ui/cx"
import { AdminBadge } from "./AdminGate"
import { ADMIN_PAGES } from "./adminPages"

const PageLoading = () => (
  <div className="flex h-64 items-center justify-center">
    <Spinner size={20} label="加载中" />
  </div>
)

/**
 * The console's frame (issue 29): the left nav of the pages the operator's role may open, a header
 * with who is signed in, and the page. Rendered only behind AdminGate.
 */
export const AdminLayout = observer(function AdminLayout() {
  const { access } = useAdminRootStore()
  const pages = ADMIN_PAGES.filter((page) => access.allows(page.role))
  const first = pages[0]
  useEffect(() => {
    document.title = "米豆AI 运营后台"
  }, [])
  return (
    <div className="flex min-h-screen bg-canvas text-gray-900">
      <nav aria-label="后台导航" className="flex w-52 shrink-0 flex-col border-r border-line bg-surface">
        <Link to="/admin" className="px-5 py-4 text-base font-semibold text-brand-700">
          米豆AI 运营后台
        </Link>
        <ul className="flex flex-col gap-0.5 px-2">
          {pages.map((page) => (
            <li key={page.path}>
              <NavLink
                to={`/admin/${page.path}`}
                className={({ isActive }) =>
                  cx("block rounded-lg px-3 py-2 text-sm", isActive ? "bg-brand-50 font-medium text-brand-700" : "text-gray-700 hover:bg-gray-50")}
              >
                {page.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 items-center justify-between border-b border-line bg-surface px-6">
          <Link to="/list" className="text-sm text-gray-500 hover:text-brand-600">
            返回米豆AI
          </Link>
          <AdminBadge />
        </header>
        <main className="min-w-0 flex-1 p-6">
          <Suspense fallback={<PageLoading />}>
            <Routes>
              {pages.map(({ path, Page }) => <Route key={path} path={`${path}/*`} element={<Page />} />)}
              <Route path="*" element={first === undefined ? null : <Navigate replace to={`/admin/${first.path}`} />} />
            </Routes>
          </Suspense>
        </main>
      </div>
    </div>
  )
})
