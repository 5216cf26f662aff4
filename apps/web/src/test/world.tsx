import { Analytics, FileSaver, Http, KeyValueStore, makeCoreRuntime, type HttpRequest, type HttpResponse } from "@mido/core"
import { envelope, makeMemoryAnalytics, makeMemoryFileSaver, makeMemoryHttp, makeMemoryKeyValueStore } from "@mido/core/testing"
import { CoreProvider, RootStore, type StoreHost, type Viewport } from "@mido/react"
import { render } from "@testing-library/react"
import { Layer } from "effect"
import { type ReactNode, StrictMode } from "react"
import { type Location, MemoryRouter, type NavigateFunction, useLocation, useNavigate } from "react-router-dom"
import { GlobalOverlays } from "../components/overlays/GlobalOverlays"
import { AppRoutes } from "../routes/routeObjects"

export type Answers = Record<string, (request: HttpRequest) => HttpResponse | undefined>

export const TOKEN = "tok_fresh_0123456789abcdef"
export const SVG = "data:image/svg+xml;base64,PHN2Zz4="
export const user = {
  uid: 20001, avatar: "", nickname: "星河画师", is_vip: false, vip_level: 0, vip_name: "", vip_expired_at_str: null,
  invite_code: "MD8K2Q", invite_user_id: 0, invite_user_name: "", nid: "10020001", phone: "138****0000", bio: ""
}

/** A viewport of a fixed width (the sidebar tests). */
export const fixedViewport = (width: number): Viewport => ({ width: () => width, subscribe: () => () => undefined })

/** The core's in-memory world (fake server, storage, analytics events, downloads and saved `files`) under a RootStore, as in @mido/react's tests. */
export const makeWorld = ({ answers = {}, host = {} }: { answers?: Answers; host?: StoreHost } = {}) => {
  const server: Answers = {
    "/api/v1/open/config/app_config": () => envelope(0, { list: [] }),
    "/api/v1/open/config/tools/list": () => envelope(0, { list: [] }),
    ...answers
  }
  const memory = makeMemoryHttp((request) => server[request.url]?.(request))
  const files = makeMemoryFileSaver()
  const analytics = makeMemoryAnalytics()
  const runtime = makeCoreRuntime(Layer.mergeAll(
    Layer.succeed(Http, memory.http),
    Layer.succeed(KeyValueStore, makeMemoryKeyValueStore({}).store),
    Layer.succeed(Analytics, analytics.analytics),
    Layer.succeed(FileSaver, files.fileSaver)
  ))
  const store = new RootStore({ runtime, host })
  const calls = (url: string) => memory.requests.filter((request) => request.url === url)
  return { server, memory, files, analytics, runtime, store, calls }
}

export type World = ReturnType<typeof makeWorld>

/** What a test sees of the router: the current location, and navigation as a user's link would do it. */
export interface TestRouter {
  readonly state: { readonly location: Location }
  navigate(to: string): void
}

/**
 * `children` under a memory router at `path`, and a handle on that router (the app's router is
 * declarative: its location and navigate are read from inside, by a probe).
 */
export const memoryRouter = (path: string, children: ReactNode) => {
  const seen: { location?: Location; navigate?: NavigateFunction } = {}
  function Probe() {
    seen.location = useLocation()
    seen.navigate = useNavigate()
    return null
  }
  const router: TestRouter = {
    get state() {
      if (seen.location === undefined) throw new Error("the memory router has not rendered yet")
      return { location: seen.location }
    },
    navigate: (to) => void seen.navigate?.(to)
  }
  const element = (
    <MemoryRouter initialEntries={[path]}>
      {children}
      <Probe />
    </MemoryRouter>
  )
  return { router, element }
}

/** The whole app (guard, layouts, pages, overlays) on a memory router at `path`, under StrictMode. */
export const renderApp = (world: World, path: string) => {
  const { router, element } = memoryRouter(path, <AppRoutes mobile={false} />)
  const view = render(
    <StrictMode>
      <CoreProvider store={world.store}>
        {element}
        <GlobalOverlays />
      </CoreProvider>
    </StrictMode>
  )
  return { router, ...view }
}
