import { Schema } from "effect"
import { defineRoute } from "../../Route.js"
import { CursorPage, Id, QueryId, QueryInt } from "../../schemas/common.js"
import { LikeResult } from "../../schemas/Like.js"
import { Post, PostPublish } from "../../schemas/Post.js"
import { Cursor } from "../../schemas/textFields.js"
import { samplePost } from "../examples/communitySamples.js"

/** 帖子 / 作品动态: the feed, a circle's posts, detail, publish, like. Paths are ours (not in spec §7). */
export const postRoutes = {
  postList: defineRoute({
    name: "community.postList",
    method: "GET",
    path: "/api/v1/open/community/post/list",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({
      circle_id: Schema.optional(QueryId).annotations({ description: "absent: the whole community feed (/community)" }),
      topic: Schema.optional(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(20))),
      sort: Schema.optionalWith(Schema.Literal("new", "hot"), { default: () => "new" }),
      cursor: Schema.optional(Cursor),
      size: Schema.optionalWith(QueryInt.pipe(Schema.between(1, 50)), { default: () => 20 })
    }),
    data: CursorPage(Post),
    summary: "Posts, newest (or hottest) first, keyset paging: the /community feed or one circle's. Path ours (not in spec §7).",
    example: { input: { circle_id: "301", sort: "new", size: "20" }, data: { list: [samplePost], next_cursor: "1795340400.90017" } }
  }),
  postDetail: defineRoute({
    name: "community.postDetail",
    method: "GET",
    path: "/api/v1/open/community/post/detail",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({ id: QueryId }),
    data: Post,
    summary: "One post for /community-detail/{id}. Path ours (not in spec §7).",
    example: { input: { id: "90017" }, data: samplePost }
  }),
  postPublish: defineRoute({
    name: "community.postPublish",
    method: "POST",
    path: "/api/v1/community/post/publish",
    auth: "required",
    encoding: "json",
    input: PostPublish,
    data: Post,
    summary: "Publishes a post from /community/publish (text, up to 9 images, an own artwork, topics); may earn the post rewards. Path ours (not in spec §7).",
    example: {
      input: {
        circle_id: 301,
        content: samplePost.content,
        images: [{ url: "https://cdn.mido.example.com/post/90017/1.png", width: 768, height: 1024 }],
        artwork_id: 52031,
        topics: ["国风", "AI绘画"]
      },
      data: { ...samplePost, like_count: 0, comment_count: 0, is_owner: true }
    }
  }),
  postLike: defineRoute({
    name: "community.postLike",
    method: "POST",
    path: "/api/v1/community/post/like",
    auth: "required",
    encoding: "json",
    input: Schema.Struct({
      id: Id,
      action: Schema.Literal("like", "unlike").annotations({ description: "the state wanted, not a toggle: a retried request cannot undo itself" })
    }),
    data: LikeResult,
    summary: "Likes or unlikes a post and answers the new state. Path ours (not in spec §7; artworks use POST /api/v1/user/like).",
    example: { input: { id: 90017, action: "like" }, data: { is_like: true, like_count: 59 } }
  })
} as const
