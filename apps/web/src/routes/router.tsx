import { createBrowserRouter, Navigate } from "react-router-dom"
import { UnderConstructionPage } from "../pages/UnderConstruction/UnderConstructionPage"
import { RouteFallback } from "./RouteFallback"

// The first routes: the style guide (a dev aid, loaded on demand) and a placeholder home.
// The full route table of spec §2 with layouts and guards replaces this.
export const router = createBrowserRouter([
  { path: "/", element: <UnderConstructionPage /> },
  {
    path: "/__styleguide",
    HydrateFallback: RouteFallback,
    lazy: async () => ({ Component: (await import("../pages/StyleGuide/StyleGuidePage")).StyleGuidePage })
  },
  { path: "*", element: <Navigate to="/" replace /> }
])
