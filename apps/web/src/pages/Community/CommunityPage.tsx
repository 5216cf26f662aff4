import { useCommunityStore, usePagedList, useSessionStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useCallback, useEffect, useState } from "react"
import { Link, useSearchParams } from "react-router-dom"
import { LoginPromptDialog } from "../../components/layout/LoginPromptDialog"
import { Button } from "../../components/ui/Button"
import { EmptyState } from "../../components/ui/EmptyState"
import { Skeleton } from "../../components/ui/Skeleton"
import { Spinner } from "../../components/ui/Spinner"
import { Tabs } from "../../components/ui/Tabs"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { CommunitySide } from "./CommunitySide"
import { PostFeed } from "./PostFeed"

const Feed = observer(function Feed() {
  const { feed } = useCommunityStore()
  const session = useSessionStore()
  const view = usePagedList(feed.list)
  const [loginOpen, setLoginOpen] = useState(false)
  const loggedIn = session.isLoggedIn
  const [search] = useSearchParams()
  const topicParam = search.get("topic")

  // a #话题# link (MN7) narrows the feed before its first page loads
  useEffect(() => {
    feed.setTopic(topicParam)
  }, [feed, topicParam])
  useEffect(() => {
    void feed.list.start()
  }, [feed])
  useEffect(() => {
    void feed.loadSide()
  }, [feed, loggedIn])

  const loadMore = useCallback(() => {
    if (feed.list.error === null) void feed.list.loadMore()
  }, [feed])
  const askLogin = useCallback(() => setLoginOpen(true), [])
  const posts = feed.posts
  const firstLoad = posts.length === 0 && (view.status === "loading" || view.status === "idle")

  return (
    <section aria-label="社区" className="mx-auto grid w-full max-w-[1200px] grid-cols-[minmax(0,1fr)_300px] items-start gap-6 pb-10">
      <div className="min-w-0">
        <header className="mb-4 flex items-center justify-between gap-4">
          <div className="flex items-baseline gap-3">
            <h1 className="text-xl font-semibold text-gray-900">设计社区</h1>
            <p className="text-sm text-gray-500">分享创作，交流心得</p>
          </div>
          <Tabs
            variant="pill"
            manual
            label="动态分类"
            items={feed.tabs.map(({ tab, label }) => ({ key: tab, label }))}
            selectedIndex={feed.tabs.findIndex(({ tab }) => tab === feed.tab)}
            onChange={(index) => {
              const tab = feed.tabs[index]?.tab
              if (tab !== undefined && feed.selectTab(tab) === "login") askLogin()
            }}
          />
        </header>
        {feed.topic !== null ? (
          <div className="mb-4 flex items-center gap-3 rounded-lg bg-brand-50 px-4 py-2.5 text-sm" data-testid="community-topic">
            <span className="font-medium text-brand-700">#{feed.topic}#</span>
            <span className="text-gray-500">话题下的动态</span>
            <Link to="/community" className="ml-auto text-gray-500 hover:text-brand-700">查看全部动态</Link>
          </div>
        ) : null}
        {firstLoad ? (
          <div className="flex flex-col gap-4" aria-hidden="true">
            {[220, 320, 260].map((height, index) => <Skeleton key={index} height={height} className="rounded-xl" />)}
          </div>
        ) : null}
        {view.isEmpty && posts.length === 0 ? (
          <EmptyState
            icon="chat"
            title={feed.tab === "follow" ? "关注的人还没有发布动态" : "暂无动态"}
            description={feed.tab === "follow" ? "去推荐里找找感兴趣的创作者吧" : "来发布第一条动态吧"}
          />
        ) : null}
        {posts.length > 0 ? <PostFeed items={posts} feed={feed} onNearEnd={loadMore} onLoginNeeded={askLogin} /> : null}
        <footer className="flex h-16 items-center justify-center text-sm text-gray-500" data-testid="community-footer">
          {view.status === "error" ? (
            <span className="flex items-center gap-3">
              加载失败，请检查网络
              <Button size="sm" variant="secondary" onClick={() => void feed.list.retry()}>重试</Button>
            </span>
          ) : view.status === "loading" && posts.length > 0 ? (
            <span className="flex items-center gap-2 text-brand-600"><Spinner size={18} /> 加载中…</span>
          ) : view.isEnd ? "没有更多了" : null}
        </footer>
      </div>
      <div className="sticky top-4">
        <CommunitySide feed={feed} loggedIn={loggedIn} />
      </div>
      <LoginPromptDialog open={loginOpen} onClose={() => setLoginOpen(false)} />
    </section>
  )
})

/**
 * /community (kept by the view cache): the post feed with 推荐 / 关注 / 最新, windowed and paged as the
 * window scrolls, beside the publish entries, my circles and the hot special topics.
 */
export function CommunityPage() {
  return (
    <StoreSuspense>
      <Feed />
    </StoreSuspense>
  )
}
