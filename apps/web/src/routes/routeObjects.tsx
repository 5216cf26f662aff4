import { pageRoutes, type RouteDefinition, type RouteLayout } from "@mido/core/navigation"
import type { ToolKey } from "@mido/react"
import { useState } from "react"
import { matchRoutes, type NonIndexRouteObject, type RouteObject, useRoutes } from "react-router-dom"
import { MainLayout } from "../layouts/MainLayout"
import { type LoadComponent, lazyRoute, preloadRouteCode } from "./lazyRoute"
import { NavigationGuard, type NavigationGuardProps } from "./NavigationGuard"
import { RouteFallback } from "./RouteFallback"

/** The seven tool pages share one frame, fetched once (one import site keeps the entry small). */
const toolRoute = (tool: ToolKey): LoadComponent => async () =>
  (await import("../pages/Tools/ToolPage")).toolPage(tool)

/**
 * The page of every route, by route name, each fetched on its first visit (a chunk of its own). The landing page (/ → /list, the
 * first load that counts) belongs in the entry with its layout, so that it paints without waiting for a
 * second request: once built, it is imported statically in `pageRoute`, not listed here.
 */
const BUILT: Readonly<Record<string, LoadComponent>> = {
  List: async () => (await import("../pages/Square/SquarePage")).SquarePage,
  Login: async () => (await import("../pages/Login/LoginPage")).LoginPage,
  MobileGuide: async () => (await import("../pages/MobileGuide/MobileGuidePage")).MobileGuidePage,
  Personal: async () => (await import("../pages/Personal/PersonalPage")).PersonalPage,
  WorkDetail: async () => (await import("../pages/WorkDetail/WorkDetailPage")).WorkDetailPage,
  Property: async () => (await import("../pages/Property/PropertyPage")).PropertyPage,
  WebUI: async () => (await import("../pages/WebUI/WebUIPage")).WebUIPage,
  Aigc: async () => (await import("../pages/Aigc/AigcPage")).AigcPage,
  Intelligent: async () => (await import("../pages/Intelligent/IntelligentPage")).IntelligentPage,
  InviteInfo: async () => (await import("../pages/invites")).InviteInfoPage,
  Invited: async () => (await import("../pages/invites")).InvitedPage,
  ToolsPanel: async () => (await import("../pages/Tools/ToolsPanelPage")).ToolsPanelPage,
  ToolHdRepair: toolRoute("hd-repair"),
  ToolDiscount: toolRoute("discount"),
  ToolRemoveWatermark: toolRoute("remove-watermark"),
  ToolElementElimination: toolRoute("element-elimination"),
  ToolStyleAvatar: toolRoute("style-avatar"),
  ToolOldPhotoRestoration: toolRoute("old-photo-restoration"),
  ToolRedraw: toolRoute("redraw"),
  Community: async () => (await import("../pages/Community/CommunityPage")).CommunityPage,
  CommunityDetail: async () => (await import("../pages/CommunityDetail/PostDetailPage")).PostDetailPage,
  CommunityPublish: async () => (await import("../pages/CommunityPublish/PublishPage")).PublishPage,
  Circle: async () => (await import("../pages/circles")).CircleDiscoverPage,
  CircleList: async () => (await import("../pages/circles")).CircleListPage,
  CircleDetail: async () => (await import("../pages/circles")).CircleDetailPage,
  CircleForm: async () => (await import("../pages/circles")).CircleFormPage,
  AssignmentDetail: async () => (await import("../pages/circles")).AssignmentDetailPage,
  GroupDetail: async () => (await import("../pages/circles")).GroupDetailPage,
  ActivityDetail: async () => (await import("../pages/Activity/ActivityDetailPage")).ActivityDetailPage,
  ActivityBoat: async () => (await import("../pages/Activity/ActivityBoatPage")).ActivityBoatPage,
  ActivityWorkDetail: async () => (await import("../pages/Activity/ActivityWorkDetailPage")).ActivityWorkDetailPage,
  SpecialFeature: async () => (await import("../pages/SpecialTopic/SpecialFeaturePage")).SpecialFeaturePage,
  SpecialTopic: async () => (await import("../pages/SpecialTopic/SpecialTopicPage")).SpecialTopicPage,
  PublishArticle: async () => (await import("../pages/articles")).PublishArticlePage,
  ArticleDetail: async () => (await import("../pages/articles")).ArticleDetailPage,
  DemoEditor: async () => (await import("../pages/articles")).DemoEditorPage
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

/** The paths of the route table that have no page (none since issue 17; a new route needs its page). */
export const routesWithoutPage = (): Array<string> => pageRoutes.filter((route) => !(route.name in BUILT)).map((route) => route.path)

const pageRoute = (route: RouteDefinition): RouteObject => {
  const load = BUILT[route.name]
  if (load === undefined) throw new Error(`no page for the route ${route.path} (${route.name})`)
  return { path: route.path, ...lazyRoute(route.path, load) }
}

/**
 * Every route of spec §2 from the core's route table (NV1), grouped under its layout, all below the
 * navigation guard. `/` and unknown paths get an empty element: the guard redirects them first.
 */
export const appRoutes = (guard: NavigationGuardProps = {}): Array<RouteObject> => [
  // the operator console: its own lazy group with its own gate, outside the public guard (docs/adr/0023)
  { path: "/admin/*", ...lazyRoute("/admin", async () => (await import("../pages/admin/AdminApp")).AdminApp) },
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
 * The app's routes under a router (react-router's declarative mode: the data router's loaders and
 * actions are not used, and it would add 16 KB gzip to the first load).
 */
export function AppRoutes(guard: NavigationGuardProps) {
  const [routes] = useState(() => appRoutes(guard))
  return useRoutes(routes)
}

/**
 * Starts fetching the code of the page at `pathname` (and of its layout when that is lazy) while the
 * app starts, rather than when the router first renders: the composition root calls it before the first
 * render. Code that has arrived by then renders at once (lazyRoute.tsx); a failed fetch is left to the
 * render, which shows 重试.
 */
export const preloadRoute = (pathname: string): void => {
  for (const { route } of matchRoutes(appRoutes(), pathname) ?? []) {
    if (route.id !== undefined) preloadRouteCode(route.id)
  }
}
