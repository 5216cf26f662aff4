import { BrowserRouter } from "react-router-dom"
import { AccountOverlays } from "./components/overlays/AccountOverlays"
import { GlobalOverlays } from "./components/overlays/GlobalOverlays"
import { AppRoutes } from "./routes/routeObjects"

/**
 * Rendered inside <CoreProvider> once the root store is ready: the store has removed ?token= from the
 * address (R8) by then, so the router, made here on first render, reads the cleaned address.
 */
export function App() {
  return (
    <>
      <BrowserRouter>
        <AppRoutes />
        <AccountOverlays />
      </BrowserRouter>
      <GlobalOverlays />
    </>
  )
}
