import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { RouterProvider } from "react-router-dom"
import { router } from "./routes/router"
import "./styles/index.css"

// Composition root (design.md §1). The providers of @mido/react (CoreProvider with the browser
// adapters) wrap the router here once that package lands.
const container = document.getElementById("root")
if (!container) throw new Error("index.html has no #root element")

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
)
