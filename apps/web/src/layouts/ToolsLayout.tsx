import { useState } from "react"
import { Link, Outlet } from "react-router-dom"
import { LoginPromptDialog } from "../components/layout/LoginPromptDialog"
import { ToolSwitcher } from "../components/layout/ToolSwitcher"
import { UserArea } from "../components/layout/UserArea"
import { Icon } from "../components/ui/Icon"

/** The tools pages' frame (spec §2): back to the toolbox, the tool switcher, the asset library. */
export function ToolsLayout() {
  const [loginFor, setLoginFor] = useState<string | null>(null)
  return (
    <div className="min-h-screen bg-canvas">
      <header className="sticky top-0 z-30 flex h-topbar items-center gap-2 border-b border-line bg-surface/90 px-4 backdrop-blur">
        <Link
          to="/tools-panel"
          className="flex h-9 items-center gap-1.5 rounded-md px-3 text-base text-gray-700 hover:bg-gray-100 hover:text-gray-900"
        >
          <Icon name="arrow-left" size={18} />
          返回工具箱
        </Link>
        <span aria-hidden="true" className="mx-1 h-5 w-px bg-line" />
        <ToolSwitcher onNeedLogin={setLoginFor} />
        <div className="ml-auto flex items-center gap-3">
          <Link
            to="/property"
            className="flex h-9 items-center gap-1.5 rounded-md px-3 text-base text-gray-700 hover:bg-gray-100 hover:text-gray-900"
          >
            <Icon name="folder" size={18} />
            资产库
          </Link>
          <UserArea />
        </div>
      </header>
      <main className="px-6 py-6">
        <Outlet />
      </main>
      <LoginPromptDialog open={loginFor !== null} onClose={() => setLoginFor(null)} target={loginFor ?? undefined} />
    </div>
  )
}
