import { type CirclePost, circleTimeText } from "@mido/react"
import { Link } from "react-router-dom"
import { Avatar } from "../../components/ui/Avatar"

/** A post of a circle (动态 tab, hand-ins of an assignment): author, text, up to three images, counts; opens /community-detail/{id}. */
export function CirclePostCard({ post }: { post: CirclePost }) {
  const images = post.images.slice(0, 3)
  return (
    <article className="flex flex-col gap-3 rounded-xl bg-surface p-4 shadow-sm ring-1 ring-line" data-testid="circle-post" data-id={post.id}>
      <header className="flex items-center gap-2.5">
        <Avatar src={post.author.avatar} name={post.author.nickname} size={32} />
        <div className="min-w-0">
          <Link to={`/personal/${post.author.uid}`} className="block truncate text-sm font-medium text-gray-900 hover:text-brand-600" data-testid="post-author">{post.author.nickname}</Link>
          <p className="text-xs text-gray-400">{circleTimeText(post.created_at)}</p>
        </div>
      </header>
      <Link to={`/community-detail/${post.id}`} className="flex flex-1 flex-col gap-3">
        <p className="line-clamp-3 whitespace-pre-line text-sm text-gray-700">{post.content}</p>
        {images.length > 0 && (
          <div className={images.length === 1 ? "grid grid-cols-1" : "grid grid-cols-3 gap-1.5"}>
            {images.map((image) => (
              <img key={image.url} src={image.url} alt="" loading="lazy" className={`w-full rounded-lg bg-gray-100 object-cover ${images.length === 1 ? "aspect-[4/3]" : "aspect-square"}`} />
            ))}
          </div>
        )}
      </Link>
      <footer className="flex gap-4 text-xs text-gray-400">
        {post.topics.map((topic) => <span key={topic} className="text-brand-600">#{topic}#</span>)}
        <span className="ml-auto">♥ {post.like_count}</span>
        <span>评论 {post.comment_count}</span>
      </footer>
    </article>
  )
}
