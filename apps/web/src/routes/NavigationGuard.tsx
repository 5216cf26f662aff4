import { type GuardDecision, guardNavigation, inviteCodeOf, LoginPath, loginRedirect, matchRoute, pageTitleForPath } from "@mido/core/navigation"
import { useConfigStore, useRootStore, useSavedFlagsStore, useSessionStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect, useRef } from "react"
import { Navigate, useLocation, useNavigate } from "react-router-dom"
import { isLandingPath, releaseFirstScreen } from "../lib/firstScreen"
import { isMobileDevice } from "./deviceFlags"
import { KeepAliveOutlet } from "./KeepAliveOutlet"
import { RouteFallback } from "./RouteFallback"

/** Dev aids outside the route table of spec §2 (the guard would send them to /). */
const UNGUARDED = ["/__styleguide"]

export interface NavigationGuardProps {
  /** Decided by the user agent once per page load; tests pass it. */
  readonly mobile?: boolean
  /** The mobile site (NV6); by default the config's `config.mobile.site` (CF4), "" for none. */
  readonly mobileSite?: string
  /** Leaves the app for another site (the mobile site); tests pass a spy. */
  readonly leave?: (url: string) => void
}

const leaveForSite = (url: string) => window.location.replace(url)

/**
 * Runs the core's guardNavigation (NV4–NV7) for every navigation: redirects replace the entry, an
 * external decision leaves for the mobile site. Sets the browser title (NV3), pushes the page view,
 * keeps an invite link's code and sends a -401 to /login?ref=… (spec §2, R9). Pages render through
 * the view cache (NV12), which keeps its pages over a redirect.
 */
export const NavigationGuard = observer(function NavigationGuard({
  mobile = isMobileDevice(),
  mobileSite: givenSite,
  leave = leaveForSite
}: NavigationGuardProps) {
  const session = useSessionStore()
  const config = useConfigStore()
  const root = useRootStore()
  const flags = useSavedFlagsStore()
  const location = useLocation()
  const navigate = useNavigate()
  const where = useRef(location)
  where.current = location
  const unguarded = UNGUARDED.some((path) => location.pathname.startsWith(path))
  const mobileSite = givenSite ?? config.settings.mobileSite
  // a phone's first visit to a mobile-site page (a shared /invited link) waits for the start-up config,
  // which may name the mobile site, rather than landing on the guide for want of it
  const awaitingSite = mobile && mobileSite === "" && !config.settled && matchRoute(location.pathname)?.route.mobileSiteRedirect === true
  const decision = unguarded
    ? ({ action: "allow" } as const)
    : guardNavigation({
      path: location.pathname,
      query: location.search,
      loggedIn: session.isLoggedIn,
      mobile,
      h5: flags.h5,
      mobileSite
    })
  const rememberH5 = decision.setH5 === true

  useEffect(() => {
    if (rememberH5) flags.rememberH5()
  }, [rememberH5, flags])
  const shown = !awaitingSite && decision.action === "allow"

  // the server's first screen of the square stays only while the square is the page (ADR 0028)
  useEffect(() => {
    if (!isLandingPath(location.pathname)) releaseFirstScreen()
  }, [location.pathname])

  useEffect(() => {
    if (!shown) return
    document.title = pageTitleForPath(location.pathname)
    void session.trackPageView(location.pathname)
  }, [shown, location.pathname, session])

  // an invite link (/invited?code=) keeps its code for the login that registers the visitor (spec §2, §3)
  const inviteCode = shown ? inviteCodeOf(location.pathname, location.search) : undefined
  useEffect(() => {
    if (inviteCode !== undefined) void session.rememberInviteCode(inviteCode)
  }, [inviteCode, session])

  const externalUrl = decision.action === "external" ? decision.url : undefined
  useEffect(() => {
    if (externalUrl !== undefined) leave(externalUrl)
  }, [externalUrl, leave])

  useEffect(
    () =>
      root.onUnauthorized(() => {
        const { pathname, search } = where.current
        if (pathname !== LoginPath) navigate(loginRedirect(pathname, search), { replace: true })
      }),
    [root, navigate]
  )

  // the outlet keeps its place in the tree whatever the decision, so a redirect does not drop the kept pages
  return (
    <>
      {shown ? null : <Decided decision={decision} waiting={awaitingSite} loggedIn={session.isLoggedIn} />}
      <KeepAliveOutlet active={shown} />
    </>
  )
})

interface DecidedProps {
  readonly decision: GuardDecision
  readonly waiting: boolean
  readonly loggedIn: boolean
}

/** What shows instead of a page: a spinner while waiting or leaving for the mobile site, or the redirect. */
function Decided({ decision, waiting, loggedIn }: DecidedProps) {
  const session = useSessionStore()
  const location = useLocation()
  if (waiting || decision.action !== "redirect") return <RouteFallback />
  // logged in on /login: the return address when there is a safe one, /list otherwise (NV5, NV8)
  const to = location.pathname === LoginPath && loggedIn ? session.returnAddress(location.search) : decision.to
  return <Navigate to={to} replace />
}
