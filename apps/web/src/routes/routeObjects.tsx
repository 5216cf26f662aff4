import { pageRoutes, type RouteDefinition, type RouteLayout } from "@mido/core"
import type { ReactNode } from "react"
import type { RouteObject } from "react-router-dom"
import { ActivityLayout } from "../layouts/ActivityLayout"
import { BareLayout } from "../layouts/BareLayout"
import { MainLayout } from "../layouts/MainLayout"
import { ToolsLayout } from "../layouts/ToolsLayout"
import { LoginPage } from "../pages/Login/LoginPage"
import { MobileGuidePage } from "../pages/MobileGuide/MobileGuidePage"
import { UnderConstructionPage } from "../pages/UnderConstruction/UnderConstructionPage"
import { NavigationGuard, type NavigationGuardProps } from "./NavigationGuard"
import { RouteFallback } from "./RouteFallback"

/** The pages built so far, by route name; every other route shows the honest "建设中" panel. */
const BUILT: Readonly<Record<string, () => ReactNode>> = {
  Login: () => <LoginPage />,
  MobileGuide: () => <MobileGuidePage />
}

const LAYOUTS: Readonly<Record<RouteLayout, () => ReactNode>> = {
  main: () => <MainLayout />,
  activity: () => <ActivityLayout />,
  tools: () => <ToolsLayout />,
  none: () => <BareLayout />
}

const LAYOUT_ORDER: ReadonlyArray<RouteLayout> = ["main", "activity", "tools", "none"]

const pageRoute = (route: RouteDefinition): RouteObject => ({
  path: route.path,
  element: BUILT[route.name]?.() ?? <UnderConstructionPage key={route.name} title={route.title} />,
  handle: { name: route.name, title: route.title, requiresLogin: route.requiresLogin }
})

/**
 * Every route of spec §2 from the core's route table (NV1), grouped under its layout, all below the
 * navigation guard. `/` and unknown paths get an empty element: the guard redirects them first.
 */
export const appRoutes = (guard: NavigationGuardProps = {}): Array<RouteObject> => [
  {
    element: <NavigationGuard {...guard} />,
    children: [
      ...LAYOUT_ORDER.map((layout) => ({
        element: LAYOUTS[layout](),
        children: pageRoutes.filter((route) => route.layout === layout).map(pageRoute)
      })),
      {
        path: "/__styleguide",
        HydrateFallback: RouteFallback,
        lazy: async () => ({ Component: (await import("../pages/StyleGuide/StyleGuidePage")).StyleGuidePage })
      },
      { path: "*", element: <RouteFallback /> }
    ]
  }
]
