import type { CommunityFeedStore, Post } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Link } from "react-router-dom"
import { Avatar } from "../../components/ui/Avatar"
import { cx } from "../../components/ui/cx"
import { Icon } from "../../components/ui/Icon"

export interface PostCardProps {
  readonly post: Post
  readonly feed: CommunityFeedStore
  readonly onLoginNeeded: () => void
}

/** Up to 3 columns of lazy thumbnails; one image keeps its shape (capped), more are squares. */
function PostImages({ post }: { post: Post }) {
  const images = post.images
  if (images.length === 0) return null
  if (images.length === 1) {
    const [image] = images
    const ratio = Math.min(Math.max(image!.width / image!.height, 0.6), 1.8)
    return (
      <div className="mt-3 max-w-[360px] overflow-hidden rounded-lg bg-gray-100" style={{ aspectRatio: ratio }}>
        <img src={image!.url} alt="帖子图片 1" loading="lazy" decoding="async" className="size-full object-cover" />
      </div>
    )
  }
  return (
    <div className="mt-3 grid max-w-[480px] grid-cols-3 gap-1.5">
      {images.slice(0, 9).map((image, index) => (
        <div key={image.url} className="aspect-square overflow-hidden rounded-md bg-gray-100">
          <img src={image.url} alt={`帖子图片 ${index + 1}`} loading="lazy" decoding="async" className="size-full object-cover" />
        </div>
      ))}
    </div>
  )
}

/** A post of the feed: author, time, circle, text (plain text, R16), images, topics, like and comment counts. */
export const PostCard = observer(function PostCard({ post, feed, onLoginNeeded }: PostCardProps) {
  const liked = feed.liked(post)
  const href = `/community-detail/${post.id}`
  return (
    <article data-testid="post-card" data-post-id={post.id} className="rounded-xl border border-line bg-surface p-5 shadow-xs">
      <header className="flex items-center gap-3">
        <Link to={`/personal/${post.author.uid}`} className="shrink-0">
          <Avatar src={post.author.avatar} name={post.author.nickname} size={40} />
        </Link>
        <div className="min-w-0 flex-1">
          <Link to={`/personal/${post.author.uid}`} className="block truncate text-sm font-medium text-gray-900 hover:text-brand-700">
            {post.author.nickname}
          </Link>
          <p className="text-xs text-gray-500">
            {feed.timeText(post.created_at)}
            {post.circle_name !== null && post.circle_id !== null ? (
              <>
                {" · 来自 "}
                <Link to={`/community/circle-detail?id=${post.circle_id}`} className="text-brand-600 hover:underline">{post.circle_name}</Link>
              </>
            ) : null}
          </p>
        </div>
      </header>
      <Link to={href} className="mt-3 block" aria-label="查看帖子详情">
        <p className="line-clamp-6 text-[15px] leading-relaxed whitespace-pre-wrap break-words text-gray-800">{post.content}</p>
        <PostImages post={post} />
      </Link>
      {post.topics.length > 0 ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {post.topics.map((topic) => (
            <Link key={topic} to={feed.topicHref(topic)} className="text-sm text-brand-600 hover:underline">#{topic}#</Link>
          ))}
        </div>
      ) : null}
      <footer className="mt-4 flex items-center gap-6 text-sm text-gray-500">
        <button
          type="button"
          aria-pressed={liked.is_like}
          aria-label={liked.is_like ? "取消点赞" : "点赞"}
          onClick={() => void feed.toggleLike(post).then((result) => (result === "login" ? onLoginNeeded() : undefined))}
          className={cx("flex items-center gap-1.5 hover:text-danger-600", liked.is_like && "text-danger-600")}
        >
          <span aria-hidden="true">{liked.is_like ? "♥" : "♡"}</span>
          <span data-testid="post-like-count">{feed.countText(liked.like_count)}</span>
        </button>
        <Link to={href} className="flex items-center gap-1.5 hover:text-brand-700">
          <Icon name="chat" size={16} />
          <span>{feed.countText(post.comment_count)}</span>
        </Link>
      </footer>
    </article>
  )
})
