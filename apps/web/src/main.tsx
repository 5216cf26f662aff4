import { browserHost, CoreProvider, createBrowserRuntime } from "@mido/react"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { App } from "./App"
import { Dialog } from "./components/ui/Dialog"
import { Drawer } from "./components/ui/Drawer"
import { RouteFallback } from "./routes/RouteFallback"
import { preloadRoute } from "./routes/routeObjects"
import "./styles/index.css"

// Composition root (docs/ARCHITECTURE.md, the dependency rule): the core over the browser's adapters, the stores, the router.
// RootStore.start() (CoreProvider's effect) reads ?token= through browserHost()'s address bar and
// removes it with history.replaceState before <App> (and so the router) is rendered (R8).
const container = document.getElementById("root")
if (!container) throw new Error("index.html has no #root element")

// a deep link's page (a lazy route) downloads while the stores start, not after the first render
preloadRoute(window.location.pathname)

const runtime = createBrowserRuntime({ baseUrl: window.location.origin })

createRoot(container).render(
  <StrictMode>
    <CoreProvider runtime={runtime} host={browserHost()} fallback={<RouteFallback />}>
      <App />
    </CoreProvider>
  </StrictMode>
)

// Dialogs and drawers load on their first opening (components/ui/onDemand.tsx), out of the first load;
// fetching them once the page is idle makes that first opening instant all the same.
const whenIdle = (work: () => void) => {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(work, { timeout: 3000 })
  else setTimeout(work, 1500) // Safari has no requestIdleCallback
}
const preloadOverlays = () => whenIdle(() => void Promise.all([Dialog.preload(), Drawer.preload()]).catch(() => undefined))
// on the landing page the entry runs after the first screen is drawn (public/first-screen.js), maybe after load
if (document.readyState === "complete") preloadOverlays()
else window.addEventListener("load", preloadOverlays, { once: true })
