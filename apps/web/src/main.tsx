import { browserHost, CoreProvider, createBrowserRuntime } from "@mido/react"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { App } from "./App"
import { RouteFallback } from "./routes/RouteFallback"
import "./styles/index.css"

// Composition root (design.md §1): the core over the browser's adapters, the stores, the router.
// RootStore.start() (CoreProvider's effect) reads ?token= through browserHost()'s address bar and
// removes it with history.replaceState before <App> (and so the router) is rendered (R8).
const container = document.getElementById("root")
if (!container) throw new Error("index.html has no #root element")

const runtime = createBrowserRuntime({ baseUrl: window.location.origin })

createRoot(container).render(
  <StrictMode>
    <CoreProvider runtime={runtime} host={browserHost()} fallback={<RouteFallback />}>
      <App />
    </CoreProvider>
  </StrictMode>
)
