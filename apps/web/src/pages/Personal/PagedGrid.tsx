import type { PagedList } from "@mido/react"
import { usePagedList } from "@mido/react"
import { observer } from "mobx-react-lite"
import { type ReactNode, useEffect, useRef } from "react"
import { Button } from "../../components/ui/Button"
import { EmptyState } from "../../components/ui/EmptyState"
import { Spinner } from "../../components/ui/Spinner"

/** Spec §9: the next page loads 300 px before the end of the list. */
const INFINITE_SCROLL_DISTANCE = 300

type Props<Item, Cursor, Params> = {
  list: PagedList<Item, Cursor, Params>
  renderItem: (item: Item) => ReactNode
  keyOf: (item: Item) => string | number
  empty: { title: string; description?: string; action?: ReactNode }
  className?: string
}

/** A PagedList on screen: items, loading, retry, the empty state, 没有更多了 at the end. */
function PagedGridView<Item, Cursor, Params>({ list, renderItem, keyOf, empty, className }: Props<Item, Cursor, Params>) {
  const view = usePagedList(list)
  const sentinel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const target = sentinel.current
    if (target === null || !view.hasMore || view.status === "error") return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void list.loadMore()
    }, { rootMargin: `0px 0px ${INFINITE_SCROLL_DISTANCE}px 0px` })
    observer.observe(target)
    return () => observer.disconnect()
  }, [list, view.hasMore, view.status, view.items.length])

  if (view.isEmpty) return <EmptyState className="py-16" title={empty.title} description={empty.description} action={empty.action} />
  return (
    <div>
      <div className={className}>{view.items.map((item) => <div key={keyOf(item)}>{renderItem(item)}</div>)}</div>
      <div ref={sentinel} className="flex h-14 items-center justify-center text-sm text-gray-500">
        {view.status === "loading" && <Spinner label="加载中" />}
        {view.status === "error" && <Button variant="ghost" size="sm" onClick={() => void list.retry()}>加载失败，点击重试</Button>}
        {view.isEnd && <span>没有更多了</span>}
      </div>
    </div>
  )
}

export const PagedGrid = observer(PagedGridView) as typeof PagedGridView
