import type { ArticleSummary, SpecialTopicItem, SpecialTopicStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
import { Link } from "react-router-dom"
import { Button } from "../../components/ui/Button"
import { EmptyState } from "../../components/ui/EmptyState"
import { Spinner } from "../../components/ui/Spinner"
import { ArtworkTile, GRID } from "../Personal/ArtworkTile"
import { PagedGrid } from "../Personal/PagedGrid"

function ArticleTile({ article }: { article: ArticleSummary }) {
  return (
    <Link to={`/article-detail/${article.id}`} className="group flex aspect-[3/4] flex-col overflow-hidden rounded-lg bg-surface ring-1 ring-line hover:ring-brand-200" data-testid="topic-article">
      {article.cover !== null ? (
        <img src={article.cover} alt="" loading="lazy" className="h-1/2 w-full object-cover" />
      ) : (
        <div className="flex h-1/2 items-center justify-center bg-linear-to-br from-brand-50 to-brand-100 text-sm font-medium text-brand-600">文章</div>
      )}
      <div className="flex min-h-0 flex-1 flex-col gap-1.5 p-3">
        <span className="line-clamp-2 text-sm font-semibold text-gray-900 group-hover:text-brand-700">{article.title}</span>
        <span className="line-clamp-3 text-xs text-gray-500">{article.summary}</span>
        <span className="mt-auto truncate text-xs text-gray-400">{article.author.nickname} · {article.view_count} 阅读</span>
      </div>
    </Link>
  )
}

const itemKey = (item: SpecialTopicItem) => (item.kind === "artwork" ? `artwork-${item.artwork.id}` : `article-${item.article.id}`)

/** A special topic: cover, title, description (line breaks kept) and its works and articles, paged. */
export const TopicView = observer(function TopicView({ store, topicKey, listHref }: { store: SpecialTopicStore; topicKey: string; listHref: string }) {
  // the store is shared with the other topic route: whichever page shows asks for its own key again
  const shownKey = store.items.params.key
  useEffect(() => {
    store.open(topicKey)
  }, [store, topicKey, shownKey])
  const topic = store.topic
  if (topic === null || topic.key !== topicKey) {
    if (store.status === "missing" || store.status === "error") {
      return (
        <EmptyState
          title={store.problem}
          action={store.status === "error" ? <Button variant="secondary" onClick={() => void store.items.retry()}>重试</Button> : <Link className="text-brand-600 hover:underline" to={listHref}>查看全部专题</Link>}
        />
      )
    }
    return <div className="flex min-h-[50vh] items-center justify-center"><Spinner label="加载中" /></div>
  }
  return (
    <article className="space-y-6" data-testid="topic-page">
      <header className="relative overflow-hidden rounded-2xl bg-gray-800 text-white shadow-sm">
        <img src={topic.cover} alt="" className="absolute inset-0 h-full w-full object-cover opacity-60" />
        <div className="absolute inset-0 bg-linear-to-r from-black/75 via-black/40 to-transparent" />
        <div className="relative flex min-h-56 max-w-2xl flex-col justify-end gap-3 p-8">
          <span className="text-sm text-white/80">专题 · {topic.item_count} 篇内容</span>
          <h1 className="text-2xl font-bold xl:text-3xl">{topic.title}</h1>
          <p className="whitespace-pre-line text-sm leading-6 text-white/90">{topic.description}</p>
        </div>
      </header>
      <PagedGrid
        list={store.items}
        className={GRID}
        keyOf={itemKey}
        renderItem={(item) => (item.kind === "artwork" ? <ArtworkTile work={item.artwork} /> : <ArticleTile article={item.article} />)}
        empty={{ title: "专题还没有内容" }}
      />
    </article>
  )
})

/** The list of special topics, newest first; each opens at `hrefOf(key)`. */
export const TopicList = observer(function TopicList({ store, hrefOf }: { store: SpecialTopicStore; hrefOf: (key: string) => string }) {
  return (
    <div className="space-y-6" data-testid="topic-list">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">专题</h1>
        <p className="mt-1 text-sm text-gray-500">编辑精选的主题合集：作品与教程，一次看个够</p>
      </div>
      <PagedGrid
        list={store.topics}
        className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3"
        keyOf={(topic) => topic.id}
        renderItem={(topic) => (
          <Link to={hrefOf(topic.key)} className="group block overflow-hidden rounded-xl bg-surface shadow-sm ring-1 ring-line hover:shadow-md" data-testid="topic-card">
            <div className="aspect-[16/9] overflow-hidden bg-gray-100">
              <img src={topic.cover} alt="" loading="lazy" className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]" />
            </div>
            <div className="space-y-1.5 p-4">
              <h3 className="line-clamp-1 font-semibold text-gray-900">{topic.title}</h3>
              <p className="line-clamp-2 text-sm text-gray-500">{topic.description}</p>
              <span className="block text-xs text-gray-400">{topic.item_count} 篇内容</span>
            </div>
          </Link>
        )}
        empty={{ title: "暂无专题" }}
      />
    </div>
  )
})
