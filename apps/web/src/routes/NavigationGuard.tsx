import { guardNavigation, loginRedirect, LoginPath, pageTitleForPath, safeReturn } from "@mido/core"
import { useRootStore, useSessionStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect, useRef } from "react"
import { Navigate, Outlet, useLocation, useNavigate } from "react-router-dom"
import { RouteFallback } from "./RouteFallback"
import { isMobileDevice, readH5Flag, rememberH5Flag } from "./deviceFlags"

/** Dev aids outside the route table of spec §2 (the guard would send them to /). */
const UNGUARDED = ["/__styleguide"]

/** The raw (still percent-encoded) `ref` value of a query, as safeReturn wants it. */
export const rawRef = (search: string): string | null => {
  const pair = search.replace(/^\?/, "").split("&").find((part) => part.split("=")[0] === "ref")
  return pair === undefined ? null : pair.slice(pair.indexOf("=") + 1 || pair.length)
}

export interface NavigationGuardProps {
  /** Decided by the user agent once per page load; tests pass it. */
  readonly mobile?: boolean
  /** The mobile site's origin; none is configured yet, so mobile routes use /mobile-guide. */
  readonly mobileSite?: string
}

/**
 * Runs the core's guardNavigation (NV4–NV7) for every navigation: redirects replace the entry, an
 * external decision leaves for the mobile site. Sets the browser title (NV3), pushes the page view and
 * sends a -401 to /login?ref=… (spec §2, R9).
 */
export const NavigationGuard = observer(function NavigationGuard({ mobile = isMobileDevice(), mobileSite = "" }: NavigationGuardProps) {
  const session = useSessionStore()
  const root = useRootStore()
  const location = useLocation()
  const navigate = useNavigate()
  const where = useRef(location)
  where.current = location
  const unguarded = UNGUARDED.some((path) => location.pathname.startsWith(path))
  const decision = unguarded
    ? ({ action: "allow" } as const)
    : guardNavigation({
      path: location.pathname,
      query: location.search,
      loggedIn: session.isLoggedIn,
      mobile,
      h5: readH5Flag(),
      mobileSite
    })
  if (decision.setH5) rememberH5Flag()

  useEffect(() => {
    if (decision.action !== "allow") return
    document.title = pageTitleForPath(location.pathname)
    void session.trackPageView(location.pathname)
  }, [decision.action, location.pathname, session])

  useEffect(() => {
    if (decision.action === "external") window.location.replace(decision.url)
  }, [decision])

  useEffect(
    () =>
      root.onUnauthorized(() => {
        const { pathname, search } = where.current
        if (pathname !== LoginPath) navigate(loginRedirect(pathname, search), { replace: true })
      }),
    [root, navigate]
  )

  if (decision.action === "external") return <RouteFallback />
  if (decision.action === "redirect") {
    // logged in on /login: the return address when there is a safe one, /list otherwise (NV5, NV8)
    const to = location.pathname === LoginPath && session.isLoggedIn ? safeReturn(rawRef(location.search)) : decision.to
    return <Navigate to={to} replace />
  }
  return <Outlet />
})
