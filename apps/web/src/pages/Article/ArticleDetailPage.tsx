import { useArticleStore, useSessionStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
import { Link, useLocation, useNavigate, useParams } from "react-router-dom"
import { Logo } from "../../components/layout/Logo"
import { LazyMarkdownView as MarkdownView } from "../../components/markdown/lazyMarkdown"
import { Avatar } from "../../components/ui/Avatar"
import { Button } from "../../components/ui/Button"
import { EmptyState } from "../../components/ui/EmptyState"
import { Icon } from "../../components/ui/Icon"
import { Skeleton } from "../../components/ui/Skeleton"
import { StoreSuspense } from "../../components/ui/StoreSuspense"

/** /article-detail/{id}: an article, its author (follow) and its Markdown rendered safely. */
export function ArticleDetailPage() {
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-10 flex h-14 items-center gap-4 border-b border-line bg-surface/95 px-6 backdrop-blur">
        <Logo />
        <Link to="/community" className="ml-auto inline-flex items-center gap-1 text-sm text-gray-600 hover:text-brand-700">
          <Icon name="arrow-left" size={16} />
          返回社区
        </Link>
        <Link to="/community/publish-article" className="inline-flex items-center gap-1 rounded-md bg-brand-600 px-3 py-1.5 text-sm text-white hover:bg-brand-700">
          <Icon name="plus" size={14} />
          写文章
        </Link>
      </header>
      <StoreSuspense>
        <ArticleView />
      </StoreSuspense>
    </div>
  )
}

const ArticleView = observer(function ArticleView() {
  const articles = useArticleStore()
  const session = useSessionStore()
  const { id } = useParams()
  const navigate = useNavigate()
  const location = useLocation()
  const numericId = Number(id)
  useEffect(() => {
    if (Number.isInteger(numericId) && numericId > 0) void articles.load(numericId)
  }, [articles, numericId])

  if (!Number.isInteger(numericId) || numericId <= 0 || articles.status === "missing") {
    return <EmptyState className="py-24" title={articles.problem !== "" ? articles.problem : "文章不存在或已删除"} />
  }
  if (articles.status === "error") {
    return (
      <div className="flex flex-col items-center gap-3 py-24 text-gray-500">
        <p>{articles.problem}</p>
        <Button variant="secondary" onClick={() => void articles.load(numericId)}>重试</Button>
      </div>
    )
  }
  const article = articles.article
  if (article === null || article.id !== numericId) return <ArticleSkeleton />

  const follow = async () => {
    if ((await articles.toggleFollow()) === "login") navigate(session.loginHref(location.pathname, location.search))
  }
  return (
    <main className="mx-auto w-full max-w-[860px] px-6 py-8">
      <article className="overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-line">
        {article.cover !== null ? <img src={article.cover} alt="" className="aspect-[16/9] w-full object-cover" /> : null}
        <div className="px-10 pt-8 pb-12">
          <h1 className="text-[30px] leading-tight font-semibold text-gray-900">{article.title}</h1>
          <div className="mt-5 flex items-center gap-3 border-b border-line pb-5">
            <Link to={`/personal/${article.author.uid}`} className="flex min-w-0 items-center gap-3">
              <Avatar src={article.author.avatar} name={article.author.nickname} size={40} />
              <span className="flex min-w-0 flex-col">
                <span className="truncate font-medium text-gray-900">{article.author.nickname}</span>
                <span className="text-xs text-gray-500">
                  <time dateTime={new Date(article.created_at * 1000).toISOString()}>{articles.dateText}</time>
                  {" · "}阅读 {article.view_count.toLocaleString("zh-CN")} · 点赞 {article.like_count.toLocaleString("zh-CN")} · {articles.wordCount} 字
                </span>
              </span>
            </Link>
            {articles.canFollow ? (
              <Button className="ml-auto" size="sm" variant={articles.following === true ? "secondary" : "primary"} disabled={articles.followBusy} onClick={() => void follow()}>
                {articles.following === true ? "已关注" : "关注"}
              </Button>
            ) : null}
          </div>
          {article.summary !== "" ? <p className="mt-5 rounded-lg bg-gray-50 px-4 py-3 text-sm leading-relaxed text-gray-600">{article.summary}</p> : null}
          <MarkdownView className="mt-4" testId="article-body" markdown={article.content} linkHref={articles.linkHref} imageSrc={articles.imageSrc} />
        </div>
      </article>
    </main>
  )
})

function ArticleSkeleton() {
  return (
    <main className="mx-auto w-full max-w-[860px] px-6 py-8" aria-busy="true">
      <div className="flex flex-col gap-4 rounded-2xl bg-surface p-10 ring-1 ring-line">
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-10 w-1/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-4 w-4/6" />
      </div>
    </main>
  )
}
