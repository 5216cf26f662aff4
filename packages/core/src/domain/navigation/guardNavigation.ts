import { matchRoute } from "./matchRoute.js"
import { HomePath, LoginPath, MobileGuidePath, RootPath } from "./routeTable.js"

export interface NavigationRequest {
  /** The path only, as the address bar holds it (percent-encoded, no query, no hash). */
  readonly path: string
  /** The query string with its "?" (`"?a=1"`), or `""` when there is none. */
  readonly query: string
  readonly loggedIn: boolean
  readonly mobile: boolean
  /** The remembered H5 flag (set by an earlier `/list?source=H5`). */
  readonly h5: boolean
  /** The mobile site's origin (optionally with a base path); `""` when none is configured. */
  readonly mobileSite: string
}

type Decision =
  | { readonly action: "allow" }
  | { readonly action: "redirect"; readonly to: string }
  | { readonly action: "external"; readonly url: string }

/** What to do with one navigation; `setH5: true` tells the caller to remember the H5 flag (NV7). */
export type GuardDecision = Decision & { readonly setH5?: true }

/** A lone "?" is no query; a query written without its "?" gets one. */
const normalizeQuery = (query: string): string =>
  query === "" || query === "?" ? "" : query.startsWith("?") ? query : `?${query}`

/** NV7: `/list?source=H5` (exactly "H5", the first `source` value) asks to remember the H5 flag. */
export const asksForH5 = (routeName: string, query: string): boolean =>
  routeName === "List" && new URLSearchParams(query).get("source") === "H5"

/** NV5: the login page carrying the full path (path + query) as its return address. */
export const loginRedirect = (path: string, query: string): string =>
  `${LoginPath}?ref=${encodeURIComponent(path + normalizeQuery(query))}`

/** NV6: the same path and query on the mobile site; trailing slashes of the site are dropped. */
export const mobileSiteUrl = (mobileSite: string, path: string, query: string): string =>
  `${mobileSite.replace(/\/+$/, "")}${path}${normalizeQuery(query)}`

/**
 * NV4–NV7: the decision for one navigation. The checks run in this order, the first that applies wins:
 * 1. `/` → `/list`, keeping the query;  2. an unknown path → `/`;
 * 3. mobile, on a mobile-site route, with a mobile site configured → that site (even with the H5 flag);
 * 4. mobile without the H5 flag → `/mobile-guide` (the guide itself is allowed, so it cannot loop);
 * 5. logged in on `/login` → `/list`;  6. login required but logged out → `/login?ref=…`;  7. allow.
 * `/list?source=H5` sets the flag and counts as H5 for this very navigation.
 */
export const guardNavigation = (request: NavigationRequest): GuardDecision => {
  const query = normalizeQuery(request.query)
  if (request.path === RootPath) return { action: "redirect", to: `${HomePath}${query}` }
  const match = matchRoute(request.path)
  if (match === undefined) return { action: "redirect", to: RootPath }
  const { route } = match
  const setH5 = asksForH5(route.name, query)
  const decide = (decision: Decision): GuardDecision => (setH5 ? { ...decision, setH5: true } : decision)

  if (request.mobile && route.mobileSiteRedirect && request.mobileSite !== "") {
    return decide({ action: "external", url: mobileSiteUrl(request.mobileSite, request.path, query) })
  }
  if (request.mobile && !(request.h5 || setH5) && route.path !== MobileGuidePath) {
    return decide({ action: "redirect", to: MobileGuidePath })
  }
  if (request.loggedIn && route.path === LoginPath) return decide({ action: "redirect", to: HomePath })
  if (route.requiresLogin && !request.loggedIn) {
    return decide({ action: "redirect", to: loginRedirect(request.path, query) })
  }
  return decide({ action: "allow" })
}
