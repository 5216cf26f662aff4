/**
 * @mido/core/navigation: the pages of the Mido web app (spec §1, NV): the page table with each page's
 * layout and login rule, matching a path to its page, the navigation guard (login, the H5 site), page
 * titles, the view cache, safe return paths, the invite link's code, and the §3 help pages' links. A web
 * app's router and the server that serves those pages use them; an app that calls the core's services
 * with a UI of its own needs none of them, so they are not in the main entry (its budget: ADR 0005,
 * ADR 0030). The token query (NV, read by the Session service) stays in the main entry. Names exported
 * here are exported from no other entry.
 */
export {
  HomePath,
  LoginPath,
  MobileGuidePath,
  RootPath,
  type RouteDefinition,
  type RouteLayout,
  routeByName,
  routes as pageRoutes,
  VIEW_CACHE_SIZE
} from "./domain/navigation/routeTable.js"
export { matchPattern, matchRoute, type RouteMatch } from "./domain/navigation/matchRoute.js"
export { viewCacheKey, visitViewCache } from "./domain/navigation/viewCache.js"
export { pageTitle, pageTitleForPath, ProductName, TitleSeparator } from "./domain/navigation/pageTitle.js"
export {
  asksForH5,
  type GuardDecision,
  guardNavigation,
  loginRedirect,
  mobileSiteUrl,
  type NavigationRequest
} from "./domain/navigation/guardNavigation.js"
export { safeReturn } from "./domain/navigation/safeReturn.js"
export { InvitedPath, inviteCodeOf } from "./domain/navigation/inviteQuery.js"

// the §3 help pages as data (key, title, path under /help), for the server that serves them and the app that links them
export { HELP_CONTACT_ANCHOR, HELP_LINKS, HELP_PATH_PREFIX, helpContactHref, type HelpLink, helpLink, helpLinkAt, type HelpPageKey, helpPageKeys } from "./domain/help/helpLinks.js"
