import { pageRoutes, type RouteDefinition, type RouteLayout } from "@mido/core"
import { matchRoutes, type NonIndexRouteObject, type RouteObject } from "react-router-dom"
import { MainLayout } from "../layouts/MainLayout"
import { UnderConstructionPage } from "../pages/UnderConstruction/UnderConstructionPage"
import { type LoadComponent, lazyRoute } from "./lazyRoute"
import { NavigationGuard, type NavigationGuardProps } from "./NavigationGuard"
import { RouteFallback } from "./RouteFallback"

/**
 * The pages built so far, by route name, each fetched on its first visit (a chunk of its own); every
 * other route shows the honest "建设中" panel, which is in the entry. The landing page (/ → /list, the
 * first load that counts) belongs in the entry with its layout, so that it paints without waiting for a
 * second request: once built, it is imported statically in `pageRoute`, not listed here.
 */
const BUILT: Readonly<Record<string, LoadComponent>> = {
  Login: async () => (await import("../pages/Login/LoginPage")).LoginPage,
  MobileGuide: async () => (await import("../pages/MobileGuide/MobileGuidePage")).MobileGuidePage
}

/**
 * The main layout frames / and /list, the first load that counts (its budget: bench/web-first-load.mjs),
 * so it is part of the entry; the other layouts are fetched with their first page.
 */
const layoutRoute = (layout: RouteLayout): NonIndexRouteObject => {
  switch (layout) {
    case "main":
      return { element: <MainLayout /> }
    case "activity":
      return lazyRoute("layout:activity", async () => (await import("../layouts/ActivityLayout")).ActivityLayout)
    case "tools":
      return lazyRoute("layout:tools", async () => (await import("../layouts/ToolsLayout")).ToolsLayout)
    case "none":
      return lazyRoute("layout:none", async () => (await import("../layouts/BareLayout")).BareLayout)
  }
}

const LAYOUT_ORDER: ReadonlyArray<RouteLayout> = ["main", "activity", "tools", "none"]

const pageRoute = (route: RouteDefinition): RouteObject => {
  const load = BUILT[route.name]
  return {
    path: route.path,
    ...(load === undefined ? { element: <UnderConstructionPage key={route.name} title={route.title} /> } : lazyRoute(route.path, load)),
    handle: { name: route.name, title: route.title, requiresLogin: route.requiresLogin }
  }
}

/**
 * Every route of spec §2 from the core's route table (NV1), grouped under its layout, all below the
 * navigation guard. `/` and unknown paths get an empty element: the guard redirects them first.
 */
export const appRoutes = (guard: NavigationGuardProps = {}): Array<RouteObject> => [
  {
    element: <NavigationGuard {...guard} />,
    children: [
      ...LAYOUT_ORDER.map((layout) => ({
        ...layoutRoute(layout),
        children: pageRoutes.filter((route) => route.layout === layout).map(pageRoute)
      })),
      {
        path: "/__styleguide",
        ...lazyRoute("/__styleguide", async () => (await import("../pages/StyleGuide/StyleGuidePage")).StyleGuidePage)
      },
      { path: "*", element: <RouteFallback /> }
    ]
  }
]

/**
 * Starts fetching the code of the page at `pathname` (and of its layout when that is lazy) while the
 * app starts, rather than when the router first renders: the composition root calls it before the first
 * render. Code that has arrived by the time the router is made renders at once (lazyRoute.ts); a
 * failed fetch is left to the router, which tries again and shows its error.
 */
export const preloadRoute = (pathname: string): void => {
  for (const { route } of matchRoutes(appRoutes(), pathname) ?? []) {
    if (typeof route.lazy === "function") void route.lazy().catch(() => undefined)
  }
}
