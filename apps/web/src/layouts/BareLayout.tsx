import { Outlet } from "react-router-dom"

/** Routes without a frame (spec §2 layout "none"): detail pages, the mobile guide. */
export function BareLayout() {
  return (
    <div className="min-h-screen bg-canvas">
      <Outlet />
    </div>
  )
}
