import { type PagedListView, usePropertyStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect, useRef } from "react"
import { Link } from "react-router-dom"
import { Button } from "../../components/ui/Button"
import { EmptyState } from "../../components/ui/EmptyState"
import { Skeleton } from "../../components/ui/Skeleton"
import { Spinner } from "../../components/ui/Spinner"
import { type LibraryItem, PropertyCard } from "./PropertyCard"
import { UploadButton } from "./UploadButton"

/** Spec §9: the next page loads 300 px before the end of the list. */
const INFINITE_SCROLL_DISTANCE_PX = 300

const GRID = "grid grid-cols-[repeat(auto-fill,minmax(200px,1fr))] gap-4"

/** The works in a grid, the next page on scrolling near the end, the empty and end states. */
export const PropertyGrid = observer(function PropertyGrid({ view }: { view: PagedListView<LibraryItem> }) {
  const property = usePropertyStore()
  const sentinel = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const element = sentinel.current
    if (element === null) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void property.list.loadMore()
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_DISTANCE_PX}px 0px` }
    )
    observer.observe(element)
    return () => observer.disconnect()
    // a new page re-arms the observer, so a short page that leaves the sentinel in view loads the next
  }, [property, view.items.length, view.hasMore])

  if (view.isEmpty) {
    return property.filtered ? (
      <EmptyState
        icon="search"
        title="没有符合条件的作品"
        description="换个关键词或日期试试，或清除筛选查看全部作品。"
        action={<Button variant="secondary" onClick={() => void property.clearFilters()}>清除筛选</Button>}
        className="rounded-xl bg-surface ring-1 ring-line"
      />
    ) : (
      <EmptyState
        icon="image"
        title="资产库还是空的"
        description="用 AI 创作的图片会自动保存到这里，也可以上传本地图片统一管理。"
        action={
          <div className="flex items-center gap-3">
            <Link to="/aigc" className="inline-flex h-10 items-center rounded-md bg-brand-600 px-4 font-medium text-white hover:bg-brand-500">
              去创作
            </Link>
            <UploadButton variant="secondary" />
          </div>
        }
        className="rounded-xl bg-surface ring-1 ring-line"
      />
    )
  }

  if (view.items.length === 0 && view.status !== "error") {
    return (
      <div className={GRID} aria-busy="true">
        {Array.from({ length: 10 }, (_, index) => (
          <Skeleton key={index} className="aspect-square rounded-lg" />
        ))}
      </div>
    )
  }

  return (
    <div className="flex flex-col gap-6">
      <ul className={GRID} aria-label="作品列表">
        {view.items.map((item) => (
          <PropertyCard key={item.id} item={item} />
        ))}
      </ul>
      <div ref={sentinel} className="flex h-10 items-center justify-center text-sm text-gray-400">
        {view.status === "error" ? (
          <Button variant="ghost" size="sm" onClick={() => void property.list.retry()}>
            加载失败，点击重试
          </Button>
        ) : view.isEnd ? (
          "没有更多了"
        ) : view.status === "loading" ? (
          <Spinner />
        ) : null}
      </div>
    </div>
  )
})
