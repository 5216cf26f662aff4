import { useCommunityStore, useSessionStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect, useState } from "react"
import { Link, useNavigate, useParams } from "react-router-dom"
import { LoginPromptDialog } from "../../components/layout/LoginPromptDialog"
import { Logo } from "../../components/layout/Logo"
import { Avatar } from "../../components/ui/Avatar"
import { Button } from "../../components/ui/Button"
import { cx } from "../../components/ui/cx"
import { EmptyState } from "../../components/ui/EmptyState"
import { Spinner } from "../../components/ui/Spinner"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { CommentSection } from "./CommentSection"
import { ImageViewer } from "./ImageViewer"
import { ReportDialog } from "./ReportDialog"

const ACTION = "flex h-10 items-center gap-2 rounded-full px-4 text-sm ring-1 ring-inset ring-line-strong hover:ring-brand-300 hover:text-brand-700"

const Detail = observer(function Detail() {
  const { detail, mentions } = useCommunityStore()
  const session = useSessionStore()
  const { id } = useParams()
  const navigate = useNavigate()
  const [loginOpen, setLoginOpen] = useState(false)
  const askLogin = () => setLoginOpen(true)
  const whenLogin = (result: "login" | "done") => (result === "login" ? askLogin() : undefined)
  const postId = Number(id)

  useEffect(() => {
    if (Number.isSafeInteger(postId) && postId > 0) void detail.open(postId)
  }, [detail, postId, session.user?.uid])

  const post = detail.post
  const author = detail.author
  if (!Number.isSafeInteger(postId) || postId <= 0 || detail.status === "missing") {
    return <EmptyState icon="inbox" title="帖子不存在或已删除" action={<Button onClick={() => navigate("/community")}>返回社区</Button>} className="pt-24" />
  }
  if (post === null) return <div className="flex min-h-[60vh] items-center justify-center text-gray-400"><Spinner /></div>

  return (
    <article className="mx-auto grid max-w-[1200px] grid-cols-[minmax(0,1fr)_300px] items-start gap-6 px-6 py-6">
      <div className="min-w-0 rounded-xl border border-line bg-surface p-8 shadow-xs">
        <p className="text-[16px] leading-8 whitespace-pre-wrap break-words text-gray-900" data-testid="post-content">{post.content}</p>
        {post.images.length > 0 ? (
          <div className={cx("mt-5 grid gap-2", post.images.length === 1 ? "max-w-[640px] grid-cols-1" : "max-w-[720px] grid-cols-3")}>
            {post.images.map((image, index) => (
              <button
                key={image.url}
                type="button"
                aria-label={`查看图片 ${index + 1}`}
                onClick={() => detail.openViewer(index)}
                className={cx("overflow-hidden rounded-lg bg-gray-100", post.images.length > 1 && "aspect-square")}
              >
                <img src={image.url} alt={`帖子图片 ${index + 1}`} loading="lazy" className="size-full cursor-zoom-in object-cover" />
              </button>
            ))}
          </div>
        ) : null}
        {post.artwork_id !== null ? (
          <Link to={`/work-detail/${post.artwork_id}`} className="mt-4 inline-flex items-center gap-1.5 rounded-md bg-brand-50 px-3 py-1.5 text-sm text-brand-700 hover:bg-brand-100">
            查看分享的作品 ›
          </Link>
        ) : null}
        {post.topics.length > 0 ? (
          <div className="mt-4 flex flex-wrap gap-2">{post.topics.map((topic) => <Link key={topic} to={detail.topicHref(topic)} className="text-sm text-brand-600 hover:underline">#{topic}#</Link>)}</div>
        ) : null}
        <p className="mt-4 text-xs text-gray-400">
          发布于 {detail.timeText(post.created_at)}
          {post.circle_id !== null && post.circle_name !== null ? (
            <> · 圈子 <Link to={`/community/circle-detail?id=${post.circle_id}`} className="text-brand-600 hover:underline">{post.circle_name}</Link></>
          ) : null}
        </p>
        <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-line pt-5" role="group" aria-label="互动">
          <button type="button" aria-pressed={post.is_like} onClick={() => void detail.toggleLike().then(whenLogin)} className={cx(ACTION, post.is_like && "text-danger-600 ring-danger-300")}>
            <span aria-hidden="true">{post.is_like ? "♥" : "♡"}</span> 点赞 <span data-testid="detail-like-count">{detail.countText(post.like_count)}</span>
          </button>
          <button type="button" aria-pressed={post.is_collected} onClick={() => void detail.toggleCollect().then(whenLogin)} className={cx(ACTION, post.is_collected && "text-bean-700 ring-bean-300")}>
            <span aria-hidden="true">{post.is_collected ? "★" : "☆"}</span> 收藏 <span data-testid="detail-collect-count">{detail.countText(post.collect_count)}</span>
          </button>
          <button type="button" onClick={() => void detail.share(window.location.origin)} className={ACTION}>
            分享 <span data-testid="detail-share-count">{detail.countText(post.share_count)}</span>
          </button>
          <span className="flex-1" />
          {post.is_owner ? (
            <Button variant="ghost" size="sm" onClick={() => void detail.deletePost().then((gone) => (gone ? navigate("/community") : undefined))}>删除帖子</Button>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => whenLogin(detail.openReport())}>举报</Button>
          )}
        </div>
        <CommentSection detail={detail} mentions={mentions} onLoginNeeded={askLogin} />
      </div>
      <aside className="sticky top-4 rounded-xl border border-line bg-surface p-5 shadow-xs" aria-label="作者">
        <Link to={`/personal/${post.author.uid}`} className="flex items-center gap-3">
          <Avatar src={post.author.avatar} name={post.author.nickname} size={52} />
          <span className="min-w-0">
            <span className="block truncate font-medium text-gray-900">{post.author.nickname}</span>
            {author !== null ? (
              <span className="text-xs text-gray-500">{detail.countText(author.stat.artwork_count)} 作品 · <span data-testid="author-followers">{detail.countText(author.stat.follower_count)}</span> 粉丝</span>
            ) : null}
          </span>
        </Link>
        {author !== null && !author.is_self && !post.is_owner ? (
          <Button block className="mt-4" variant={author.is_follow ? "secondary" : "primary"} onClick={() => void detail.toggleFollow().then(whenLogin)}>
            {author.is_follow ? "已关注" : "关注"}
          </Button>
        ) : null}
      </aside>
      <ImageViewer detail={detail} />
      <ReportDialog detail={detail} />
      <LoginPromptDialog open={loginOpen} onClose={() => setLoginOpen(false)} />
    </article>
  )
})

/** /community-detail/{id} (bare layout): the post, its images in a viewer, the author with follow, actions and comments. */
export function PostDetailPage() {
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-10 flex h-14 items-center gap-6 border-b border-line bg-surface/95 px-6 backdrop-blur">
        <Logo />
        <Link to="/community" className="text-sm text-gray-600 hover:text-brand-700">‹ 返回社区</Link>
      </header>
      <StoreSuspense>
        <Detail />
      </StoreSuspense>
    </div>
  )
}
