import { Schema } from "effect"
import { defineRoute } from "../../Route.js"
import { CursorPage, Id, QueryId, QueryInt } from "../../schemas/common.js"
import { LikeResult } from "../../schemas/Like.js"
import { Post, PostFeed, PostPublish, PostPublished } from "../../schemas/Post.js"
import { Cursor } from "../../schemas/textFields.js"

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
      feed: Schema.optional(PostFeed).annotations({
        description: "the /community tab: recommend = most liked first (as sort=hot), follow = people the viewer follows, newest first (login required), new = newest first; overrides sort"
      }),
      cursor: Schema.optional(Cursor),
      size: Schema.optionalWith(QueryInt.pipe(Schema.between(1, 50)), { default: () => 20 })
    }),
    data: CursorPage(Post),
    summary: "Posts, newest (or hottest) first, keyset paging: the /community feed or one circle's. Path ours (not in spec §7)."
  }),
  postDetail: defineRoute({
    name: "community.postDetail",
    method: "GET",
    path: "/api/v1/open/community/post/detail",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({ id: QueryId }),
    data: Post,
    summary: "One post for /community-detail/{id}. Path ours (not in spec §7)."
  }),
  postPublish: defineRoute({
    name: "community.postPublish",
    method: "POST",
    path: "/api/v1/community/post/publish",
    auth: "required",
    encoding: "json",
    input: PostPublish,
    data: PostPublished,
    summary: "Publishes a post from /community/publish (text, up to 9 images, an own artwork, topics); may earn the post rewards. Path ours (not in spec §7)."
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
    summary: "Likes or unlikes a post and answers the new state. Path ours (not in spec §7; artworks use POST /api/v1/user/like)."
  })
} as const
