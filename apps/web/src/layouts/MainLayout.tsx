import { useSidebarStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Outlet } from "react-router-dom"
import { ArtworkDetailHost } from "../components/artwork-detail/ArtworkDetailHost"
import { Logo } from "../components/layout/Logo"
import { MainLandmark } from "../components/layout/MainLandmark"
import { SidebarNav } from "../components/layout/SidebarNav"
import { UserArea } from "../components/layout/UserArea"
import { Drawer } from "../components/ui/Drawer"
import { Icon } from "../components/ui/Icon"

/**
 * The main layout (spec §2, LY1–LY2): a 240 px sidebar beside the content (margin 258 px) above
 * 1440 px unless folded; collapsed at 1440 px or less (margin 18 px), where the menu button opens it
 * over the page as a drawer.
 */
export const MainLayout = observer(function MainLayout() {
  const sidebar = useSidebarStore()
  const expanded = sidebar.mode === "expanded"
  return (
    <div className="min-h-screen bg-canvas" data-sidebar={sidebar.mode}>
      <header className="fixed inset-x-0 top-0 z-30 flex h-topbar items-center gap-3 border-b border-line bg-surface/90 px-4 backdrop-blur">
        <button
          type="button"
          onClick={sidebar.toggle}
          aria-label={expanded ? "收起侧边栏" : "展开侧边栏"}
          aria-expanded={expanded || sidebar.overlayOpen}
          className="flex size-9 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 hover:text-gray-900"
        >
          <Icon name="menu" size={20} />
        </button>
        <Logo />
        <div className="ml-auto">
          <UserArea />
        </div>
      </header>
      {expanded ? (
        <aside
          aria-label="侧边栏"
          className="fixed top-topbar bottom-0 left-0 z-20 w-sidebar border-r border-line bg-surface"
        >
          <SidebarNav />
        </aside>
      ) : null}
      <Drawer
        open={!expanded && sidebar.overlayOpen}
        onClose={sidebar.closeOverlay}
        side="left"
        width={sidebar.width}
        bodyClassName="p-0"
        title="米豆AI"
      >
        <SidebarNav onNavigate={sidebar.closeOverlay} />
      </Drawer>
      <MainLandmark
        className="pt-topbar pr-[18px] transition-[margin] duration-200"
        style={{ marginLeft: sidebar.contentMargin }}
        data-testid="main-content"
      >
        <div className="py-6">
          <Outlet />
        </div>
      </MainLandmark>
      <ArtworkDetailHost />
    </div>
  )
})
