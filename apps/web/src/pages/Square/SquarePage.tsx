import { SQUARE_MASONRY, SQUARE_SORT_TABS, SQUARE_TYPE_TABS, usePagedList, useSquareStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react"
import { useLocation, useNavigate } from "react-router-dom"
import { LoginPromptDialog } from "../../components/layout/LoginPromptDialog"
import { Button } from "../../components/ui/Button"
import { cx } from "../../components/ui/cx"
import { EmptyState } from "../../components/ui/EmptyState"
import { Skeleton } from "../../components/ui/Skeleton"
import { Spinner } from "../../components/ui/Spinner"
import { releaseFirstScreen } from "../../lib/firstScreen"
import { takeInlinedFirstPage } from "./inlinedFirstPage"
import { SquareMasonry } from "./SquareMasonry"

const PILL = "h-8 rounded-full px-4 text-sm transition-colors"

/** The width of the page's content, followed as the window and the sidebar change (0 while hidden). */
const useContentWidth = () => {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(0)
  useLayoutEffect(() => {
    const element = ref.current
    if (element === null) return
    const update = () => {
      const next = Math.floor(element.getBoundingClientRect().width)
      // a page hidden by the view cache measures 0: keep the last layout for its return
      if (next > 0) setWidth(next)
    }
    update()
    // jsdom and old browsers have no ResizeObserver: the window's resizes are the next best signal
    if (typeof ResizeObserver === "undefined") {
      window.addEventListener("resize", update)
      return () => window.removeEventListener("resize", update)
    }
    const observer = new ResizeObserver(update)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return { ref, width }
}

/** Placeholder columns while the first page loads, in the shape of the cards to come. */
function SquareSkeleton() {
  const heights = [320, 240, 400, 300, 260, 360]
  return (
    <div data-testid="square-skeleton" className="grid grid-cols-[repeat(auto-fill,minmax(220px,1fr))] gap-4" aria-hidden="true">
      {heights.map((height, column) => (
        <div key={column} className="flex flex-col gap-4">
          <Skeleton height={height} className="rounded-lg" />
          <Skeleton height={heights[(column + 3) % heights.length]} className="rounded-lg" />
        </div>
      ))}
    </div>
  )
}

/**
 * /list, the inspiration square (home): public artworks in a windowed masonry, filtered by type
 * and sorted 最新 / 最热 on the server, loaded a page at a time as the end comes near. Its state is
 * the SquareStore's, so the view cache brings it back as it was left.
 */
export const SquarePage = observer(function SquarePage() {
  const square = useSquareStore()
  // before usePagedList, whose effect starts the list: the landing page's HTML may carry a visitor's
  // first page, which the store then takes rather than asking (ADR 0028)
  useEffect(() => {
    const inlined = takeInlinedFirstPage()
    if (inlined !== undefined) square.offerFirstPage(inlined)
  }, [square])
  const view = usePagedList(square.list)
  const { ref, width } = useContentWidth()
  const navigate = useNavigate()
  const location = useLocation()
  const [loginOpen, setLoginOpen] = useState(false)

  useEffect(() => {
    void square.list.start()
  }, [square])

  const layout = useMemo(() => (width > 0 ? square.layout(width) : undefined), [square, view.items, width])
  const loadMore = useCallback(() => {
    if (square.list.error === null) void square.list.loadMore()
  }, [square])
  const open = useCallback((id: number) => {
    const search = new URLSearchParams(location.search)
    search.set("artwork", String(id))
    navigate({ pathname: location.pathname, search: `?${search.toString()}` })
  }, [navigate, location.pathname, location.search])
  const askLogin = useCallback(() => setLoginOpen(true), [])

  const { type, sort } = square.params
  // no cards to draw: the server's first screen gives way to the empty state or the error (ADR 0028)
  const nothingToDraw = view.status === "error" || view.isEmpty
  useLayoutEffect(() => {
    if (nothingToDraw) releaseFirstScreen()
  }, [nothingToDraw])
  const firstLoad = view.items.length === 0 && (view.status === "loading" || view.status === "idle")
  return (
    <section aria-label="灵感广场" className="mx-auto w-full max-w-[1920px] pb-10">
      <header className="mb-5 flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        <div className="flex items-baseline gap-3">
          <h1 className="text-xl font-semibold text-gray-900">灵感广场</h1>
          <p className="text-sm text-gray-500">发现创作者们的 AI 作品，找到你的下一个灵感</p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <div role="group" aria-label="作品类型" className="flex flex-wrap gap-2">
            {SQUARE_TYPE_TABS.map((tab) => (
              <button
                key={tab.label}
                type="button"
                aria-pressed={tab.type === type}
                onClick={() => void square.selectType(tab.type)}
                className={cx(PILL, tab.type === type ? "bg-brand-600 font-medium text-white" : "bg-gray-100 text-gray-700 hover:bg-gray-200")}
              >
                {tab.label}
              </button>
            ))}
          </div>
          <div role="group" aria-label="排序" className="flex rounded-full bg-gray-100 p-0.5">
            {SQUARE_SORT_TABS.map((tab) => (
              <button
                key={tab.sort}
                type="button"
                aria-pressed={tab.sort === sort}
                onClick={() => void square.selectSort(tab.sort)}
                className={cx("h-7 rounded-full px-3.5 text-sm", tab.sort === sort ? "bg-surface font-medium text-brand-700 shadow-sm" : "text-gray-600 hover:text-gray-900")}
              >
                {tab.label}
              </button>
            ))}
          </div>
        </div>
      </header>

      <div ref={ref} className="w-full">
        {firstLoad ? <SquareSkeleton /> : null}
        {view.isEmpty ? <EmptyState icon="image" title="暂无作品" description="换个类型看看，或者去创作第一幅作品吧" /> : null}
        {layout !== undefined && view.items.length > 0 ? (
          <SquareMasonry
            key={`${layout.lanes}:${layout.columnWidth}`}
            items={view.items}
            layout={layout}
            gap={SQUARE_MASONRY.gap}
            onNearEnd={loadMore}
            onOpen={open}
            onLoginNeeded={askLogin}
          />
        ) : null}
      </div>

      <footer className="flex h-16 items-center justify-center text-sm text-gray-500" data-testid="square-footer">
        {view.status === "error" ? (
          <span className="flex items-center gap-3">
            加载失败，请检查网络
            <Button size="sm" variant="secondary" onClick={() => void square.list.retry()}>
              重试
            </Button>
          </span>
        ) : view.status === "loading" && view.items.length > 0 ? (
          <span className="flex items-center gap-2 text-brand-600">
            <Spinner size={18} /> 加载中…
          </span>
        ) : view.isEnd ? (
          "没有更多了"
        ) : null}
      </footer>
      <LoginPromptDialog open={loginOpen} onClose={() => setLoginOpen(false)} />
    </section>
  )
})
