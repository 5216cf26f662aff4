import { Schema } from "effect"
import { Id, UnixSeconds } from "./common.js"
import { ImageList, ImageUrl, UserText } from "./textFields.js"
import { UserBrief } from "./UserBrief.js"

const Count = Schema.Int.pipe(Schema.nonNegative())
const Pixels = Schema.Int.pipe(Schema.positive())

/** An image of a post; its size lets the grid reserve space before it loads. */
export const PostImage = Schema.Struct({ url: Schema.String, width: Pixels, height: Pixels })
export type PostImage = typeof PostImage.Type

/**
 * A post (帖子 / 作品动态) in the community feed or a circle (/community-detail/{id}). The text is
 * plain text shown as text, never HTML (R16); `topics` are the #话题# tags.
 */
export const Post = Schema.Struct({
  id: Id,
  circle_id: Schema.NullOr(Id).annotations({ description: "null when posted to the square, outside any circle" }),
  circle_name: Schema.NullOr(Schema.String),
  assignment_id: Schema.NullOr(Id).annotations({ description: "set when the post hands in a circle assignment (作业)" }),
  author: UserBrief,
  content: Schema.String,
  images: Schema.Array(PostImage),
  artwork_id: Schema.NullOr(Id).annotations({ description: "the artwork the post shares, opened in the artwork dialog" }),
  topics: Schema.Array(Schema.String),
  like_count: Count,
  comment_count: Count,
  collect_count: Count.annotations({ description: "收藏 count" }),
  share_count: Count.annotations({ description: "分享 count: copies of the post's link (POST post/share)" }),
  is_like: Schema.Boolean,
  is_collected: Schema.Boolean.annotations({ description: "the viewer collected it (收藏)" }),
  is_owner: Schema.Boolean.annotations({ description: "the viewer wrote it" }),
  created_at: UnixSeconds
}).annotations({ identifier: "Post" })
export type Post = typeof Post.Type

/** An image the author uploaded first (OSS direct upload); the size is a layout hint only. */
export const PostImageInput = Schema.Struct({ url: ImageUrl, width: Pixels, height: Pixels })

const Topic = UserText("话题", 20).pipe(Schema.pattern(/^[^#\s]+$/, { message: () => "话题不能包含 # 或空格" }))

/** What a post body carries, for publishing and for handing in an assignment. */
export const postBodyFields = {
  content: UserText("内容", 5000),
  images: Schema.optionalWith(ImageList(PostImageInput, 9), { default: () => [] }),
  artwork_id: Schema.optional(Id).annotations({ description: "one of the viewer's own artworks (R11)" })
} as const

/** POST /api/v1/community/post/publish (/community/publish). Counts and author are the server's (R12). */
export const PostPublish = Schema.Struct({
  ...postBodyFields,
  circle_id: Schema.optional(Id).annotations({ description: "a circle the viewer has joined; absent posts to the square" }),
  topics: Schema.optionalWith(
    Schema.Array(Topic).pipe(Schema.maxItems(5, { message: () => "最多添加 5 个话题" })),
    { default: () => [] }
  )
})
export type PostPublish = typeof PostPublish.Type

/** What publishing answers: the post, and the beans the post rewards credited (0 when none, e.g. past the daily cap). */
export const PostPublished = Schema.Struct({
  ...Post.fields,
  reward: Count.annotations({ description: "beans credited for this post (points.first-post or points.daily-post, capped per day at their sum)" })
}).annotations({ identifier: "PostPublished" })
export type PostPublished = typeof PostPublished.Type

/** The community feed's tab: 推荐 (most liked first), 关注 (people the viewer follows, newest first), 最新. */
export const PostFeed = Schema.Literal("recommend", "follow", "new")
export type PostFeed = typeof PostFeed.Type
