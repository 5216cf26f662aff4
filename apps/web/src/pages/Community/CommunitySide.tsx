import type { CommunityFeedStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Link } from "react-router-dom"
import { Avatar } from "../../components/ui/Avatar"
import { Icon } from "../../components/ui/Icon"

const CARD = "rounded-xl border border-line bg-surface p-4 shadow-xs"

/** The side column: publish entries, the circles I joined, 热门专题. */
export const CommunitySide = observer(function CommunitySide({ feed, loggedIn }: { feed: CommunityFeedStore; loggedIn: boolean }) {
  return (
    <aside className="flex flex-col gap-4" aria-label="社区侧栏">
      <div className={CARD}>
        <p className="mb-3 text-sm font-medium text-gray-900">分享你的创作</p>
        <div className="grid grid-cols-2 gap-2">
          <Link to="/community/publish" className="flex h-10 items-center justify-center gap-1.5 rounded-md bg-brand-600 text-sm font-medium text-white hover:bg-brand-500">
            <Icon name="plus" size={16} /> 发布动态
          </Link>
          <Link to="/community/publish-article" className="flex h-10 items-center justify-center gap-1.5 rounded-md text-sm text-gray-800 ring-1 ring-line-strong ring-inset hover:text-brand-700 hover:ring-brand-300">
            <Icon name="brush" size={16} /> 写文章
          </Link>
        </div>
      </div>
      <section className={CARD} aria-label="我加入的圈子">
        <header className="mb-3 flex items-center justify-between">
          <h2 className="text-sm font-medium text-gray-900">我加入的圈子</h2>
          <Link to="/community/circle" className="text-xs text-gray-500 hover:text-brand-700">发现圈子</Link>
        </header>
        {!loggedIn ? (
          <p className="text-sm text-gray-500">登录后查看你加入的圈子</p>
        ) : feed.circles.length === 0 ? (
          <p className="text-sm text-gray-500">{feed.sideStatus === "ready" ? "还没有加入圈子" : "加载中…"}</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="joined-circles">
            {feed.circles.map((circle) => (
              <li key={circle.id}>
                <Link to={`/community/circle-detail?id=${circle.id}`} className="flex items-center gap-3 rounded-md p-1.5 hover:bg-gray-50">
                  <Avatar src={circle.avatar} name={circle.name} size={32} shape="rounded" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm text-gray-900">{circle.name}</span>
                    <span className="text-xs text-gray-500">{feed.countText(circle.member_count)} 成员 · {feed.countText(circle.post_count)} 帖子</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={CARD} aria-label="热门专题">
        <header className="mb-3 flex items-center justify-between">
          <h2 className="text-sm font-medium text-gray-900">热门专题</h2>
          <Link to="/community/special-topic" className="text-xs text-gray-500 hover:text-brand-700">全部</Link>
        </header>
        {feed.topics.length === 0 ? (
          <p className="text-sm text-gray-500">{feed.sideStatus === "ready" ? "暂无专题" : "加载中…"}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {feed.topics.map((topic, index) => (
              <li key={topic.id}>
                <Link to={`/community/special-topic?id=${encodeURIComponent(topic.key)}`} className="flex items-center gap-3 hover:text-brand-700">
                  <span className={index < 3 ? "w-4 text-sm font-semibold text-danger-600" : "w-4 text-sm text-gray-400"}>{index + 1}</span>
                  <img src={topic.cover} alt="" loading="lazy" className="h-10 w-16 shrink-0 rounded-md bg-gray-100 object-cover" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm text-gray-900">{topic.title}</span>
                    <span className="text-xs text-gray-500">{topic.item_count} 篇内容</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  )
})
