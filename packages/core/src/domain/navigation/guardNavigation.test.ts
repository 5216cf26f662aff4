import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type GuardDecision, guardNavigation, type NavigationRequest } from "./guardNavigation.js"
import { routes } from "./routeTable.js"
import { safeReturn } from "./safeReturn.js"

const site = "https://m.mido.example"
const desktop = (path: string, query = "", overrides: Partial<NavigationRequest> = {}): NavigationRequest => ({
  path,
  query,
  loggedIn: false,
  mobile: false,
  h5: false,
  mobileSite: site,
  ...overrides
})
const phone = (path: string, query = "", overrides: Partial<NavigationRequest> = {}): NavigationRequest =>
  desktop(path, query, { mobile: true, ...overrides })
const allow: GuardDecision = { action: "allow" }
const redirect = (to: string): GuardDecision => ({ action: "redirect", to })
const external = (url: string): GuardDecision => ({ action: "external", url })

type Row = readonly [rule: string, name: string, request: NavigationRequest, expected: GuardDecision]

const rows: ReadonlyArray<Row> = [
  ["NV4", "/ goes to /list", desktop("/"), redirect("/list")],
  ["NV4", "/ keeps its query", desktop("/", "?source=H5"), redirect("/list?source=H5")],
  ["NV4", "/ goes to /list even on mobile", phone("/"), redirect("/list")],
  ["NV4", "an unknown path goes to /", desktop("/nowhere", "?a=1"), redirect("/")],
  ["NV4", "an unknown path wins over mobile", phone("/nowhere"), redirect("/")],
  ["NV4", "a network path is unknown", desktop("//evil.com"), redirect("/")],
  ["NV4", "a relative path is unknown", desktop("list"), redirect("/")],
  ["NV4", "a known public page is allowed", desktop("/community"), allow],
  ["NV5", "logged in on /login goes to /list", desktop("/login", "", { loggedIn: true }), redirect("/list")],
  ["NV5", "logged in on /login ignores ref", desktop("/login", "?ref=%2Fproperty", { loggedIn: true }), redirect("/list")],
  ["NV5", "logged out on /login stays", desktop("/login", "?ref=%2Fproperty"), allow],
  ["NV5", "login-required page without login", desktop("/property"), redirect("/login?ref=%2Fproperty")],
  ["NV5", "the ref carries path and query", desktop("/webui", "?model=a b&x=1"), redirect("/login?ref=%2Fwebui%3Fmodel%3Da%20b%26x%3D1")],
  ["NV5", "a lone ? is no query", desktop("/intelligent", "?"), redirect("/login?ref=%2Fintelligent")],
  ["NV5", "every tool needs login", desktop("/tools/style-avatar"), redirect("/login?ref=%2Ftools%2Fstyle-avatar")],
  ["NV5", "circle form needs login", desktop("/community/circle-form", "?id=3"), redirect("/login?ref=%2Fcommunity%2Fcircle-form%3Fid%3D3")],
  ["NV5", "login-required page with login", desktop("/tools/redraw", "", { loggedIn: true }), allow],
  ["NV5", "public page without login", desktop("/personal/12"), allow],
  ["NV6", "/invited on mobile", phone("/invited", "?code=AB12"), external(`${site}/invited?code=AB12`)],
  ["NV6", "/activity/boat on mobile", phone("/activity/boat"), external(`${site}/activity/boat`)],
  ["NV6", "circle-detail on mobile", phone("/community/circle-detail", "?id=5"), external(`${site}/community/circle-detail?id=5`)],
  ["NV6", "assignment-detail on mobile", phone("/community/assignment-detail"), external(`${site}/community/assignment-detail`)],
  ["NV6", "ActivityDetail with key", phone("/activity/detail/spring"), external(`${site}/activity/detail/spring`)],
  ["NV6", "ActivityDetail without key", phone("/activity/detail"), external(`${site}/activity/detail`)],
  ["NV6", "WorkDetail", phone("/work-detail/88", "?from=share"), external(`${site}/work-detail/88?from=share`)],
  ["NV6", "CommunityDetail", phone("/community-detail/3"), external(`${site}/community-detail/3`)],
  ["NV6", "SpecialFeature", phone("/activity/special-feature/x"), external(`${site}/activity/special-feature/x`)],
  ["NV6", "the H5 flag does not keep them in the app", phone("/work-detail/88", "", { h5: true }), external(`${site}/work-detail/88`)],
  ["NV6", "logged in or not makes no difference", phone("/invited", "", { loggedIn: true }), external(`${site}/invited`)],
  ["NV6", "a trailing slash on the site is dropped", phone("/invited", "", { mobileSite: `${site}/` }), external(`${site}/invited`)],
  ["NV6", "a site with a base path", phone("/invited", "", { mobileSite: `${site}/h5` }), external(`${site}/h5/invited`)],
  ["NV6", "no mobile site configured falls through to the guide", phone("/invited", "", { mobileSite: "" }), redirect("/mobile-guide")],
  ["NV6", "not listed: ActivityWorkDetail stays in the app", phone("/activity/work-detail", "", { h5: true }), allow],
  ["NV6", "not listed: ArticleDetail stays in the app", phone("/article-detail/1", "", { h5: true }), allow],
  ["NV6", "desktop stays in the app", desktop("/work-detail/88"), allow],
  ["NV7", "mobile without H5 goes to the guide", phone("/community"), redirect("/mobile-guide")],
  ["NV7", "mobile without H5 on /list goes to the guide", phone("/list"), redirect("/mobile-guide")],
  ["NV7", "the guide itself is allowed (no loop)", phone("/mobile-guide"), allow],
  ["NV7", "the guide is harmless on desktop", desktop("/mobile-guide"), allow],
  ["NV7", "the guide wins over the login redirect", phone("/property"), redirect("/mobile-guide")],
  ["NV7", "the guide wins over logged in on /login", phone("/login", "", { loggedIn: true }), redirect("/mobile-guide")],
  ["NV7", "mobile with H5 stays", phone("/community", "", { h5: true }), allow],
  ["NV7", "mobile with H5 still needs login", phone("/property", "", { h5: true }), redirect("/login?ref=%2Fproperty")],
  ["NV7", "/list?source=H5 sets the flag and counts at once", phone("/list", "?source=H5"), { action: "allow", setH5: true }],
  ["NV7", "/list?source=H5 sets the flag on desktop too", desktop("/list", "?source=H5&x=1"), { action: "allow", setH5: true }],
  ["NV7", "/list/?source=H5 with a trailing slash", phone("/list/", "?source=H5"), { action: "allow", setH5: true }],
  ["NV7", "source must be exactly H5", phone("/list", "?source=h5"), redirect("/mobile-guide")],
  ["NV7", "the first source value decides", phone("/list", "?source=PC&source=H5"), redirect("/mobile-guide")],
  ["NV7", "source=H5 elsewhere sets nothing", phone("/community", "?source=H5"), redirect("/mobile-guide")],
  ["NV7", "a query without its ? still counts", desktop("/list", "source=H5"), { action: "allow", setH5: true }]
]

describe("NV4–NV7 the navigation guard (spec §2)", () => {
  it.each(rows)("%s %s", (_rule, _name, request, expected) => {
    expect(guardNavigation(request)).toEqual(expected)
  })
})

describe("NV4–NV7 guard properties", () => {
  const routePath = fc.constantFrom(...routes.map((route) => route.path.replace(/\/:\w+\??/, "/7")), "/", "/nowhere")
  const request = fc.record({
    path: routePath,
    query: fc.constantFrom("", "?a=1", "?source=H5", "?ref=%2Flist"),
    loggedIn: fc.boolean(),
    mobile: fc.boolean(),
    h5: fc.boolean(),
    mobileSite: fc.constantFrom(site, "")
  })

  it("NV7 following redirects always ends after at most three redirects, and never at /login when logged in", () => {
    fc.assert(
      fc.property(request, (start) => {
        let current: NavigationRequest = start
        for (let hop = 0; hop <= 3; hop++) {
          const decision = guardNavigation(current)
          if (decision.action !== "redirect") {
            if (current.loggedIn && decision.action === "allow") expect(current.path).not.toBe("/login")
            return
          }
          const [path = "", query = ""] = decision.to.split(/(?=\?)/)
          current = { ...current, path, query }
        }
        throw new Error(`more than three redirects from ${JSON.stringify(start)}`)
      })
    )
  })

  it("NV5 the login ref round-trips through the safe return address", () => {
    const loginRequired = routes.filter((route) => route.requiresLogin).map((route) => route.path)
    fc.assert(
      fc.property(fc.constantFrom(...loginRequired), fc.string({ unit: "grapheme" }), (path, value) => {
        const query = `?q=${encodeURIComponent(value)}`
        const decision = guardNavigation(desktop(path, query))
        expect(decision.action).toBe("redirect")
        const to = decision.action === "redirect" ? decision.to : ""
        const back = safeReturn(to.slice("/login?ref=".length))
        // The parser may escape a few more characters (' becomes %27), never change what they mean.
        const [backPath, backQuery = ""] = back.split(/(?=\?)/)
        expect(backPath).toBe(path)
        expect(new URLSearchParams(backQuery).get("q")).toBe(value)
      })
    )
  })
})
