import { Link, Outlet } from "react-router-dom"
import { ArtworkDetailHost } from "../components/artwork-detail/ArtworkDetailHost"
import { Logo } from "../components/layout/Logo"
import { UserArea } from "../components/layout/UserArea"

/** The activity pages' frame (spec §2): a slim bar with the logo and the way back to the site; works open in the detail dialog (`?artwork=`). */
export function ActivityLayout() {
  return (
    <div className="min-h-screen bg-canvas">
      <header className="sticky top-0 z-30 flex h-topbar items-center gap-4 border-b border-line bg-surface/90 px-6 backdrop-blur">
        <Logo />
        <Link to="/list" className="text-sm text-gray-600 hover:text-brand-600">
          返回灵感广场
        </Link>
        <div className="ml-auto">
          <UserArea />
        </div>
      </header>
      <main className="mx-auto max-w-[1440px] px-6 py-8">
        <Outlet />
      </main>
      <ArtworkDetailHost />
    </div>
  )
}
