import { Schema } from "effect"
import { defineRoute } from "../../Route.js"
import { Id, Page, QueryId, QueryInt, SuccessFlag } from "../../schemas/common.js"
import { PostComment, PostCommentCreate, PostCommentCreated, PostReport } from "../../schemas/PostComment.js"

const Count = Schema.Int.pipe(Schema.nonNegative())

/**
 * What /community-detail/{id} does besides liking: comments with replies and @mentions, delete one's
 * own comment or post, collect, share (counted), report. Paths are ours (not in spec §7).
 */
export const postCommentRoutes = {
  postCommentList: defineRoute({
    name: "community.postCommentList",
    method: "GET",
    path: "/api/v1/open/community/post/comment_list",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({
      post_id: QueryId,
      page: Schema.optionalWith(QueryInt.pipe(Schema.positive()), { default: () => 1 }),
      size: Schema.optionalWith(QueryInt.pipe(Schema.between(1, 50)), { default: () => 20 })
    }),
    data: Page(PostComment),
    summary: "A post's top-level comments, newest first, each with its first 50 replies (oldest first); total counts top-level comments. Path ours (not in spec §7)."
  }),
  postCommentCreate: defineRoute({
    name: "community.postCommentCreate",
    method: "POST",
    path: "/api/v1/community/post/comment_create",
    auth: "required",
    encoding: "json",
    input: PostCommentCreate,
    data: PostCommentCreated,
    summary: "Comments on a post or replies to one of its comments (≤ 500 characters); @昵称 of an existing user and the replied-to author get a mention message. Path ours (not in spec §7)."
  }),
  postCommentDelete: defineRoute({
    name: "community.postCommentDelete",
    method: "POST",
    path: "/api/v1/community/post/comment_delete",
    auth: "required",
    encoding: "json",
    input: Schema.Struct({ id: Id }),
    data: Schema.Struct({ comment_count: Count }),
    summary: "Deletes one's own comment (a top-level one with its replies) and answers the post's new comment count. Path ours (not in spec §7)."
  }),
  postDelete: defineRoute({
    name: "community.postDelete",
    method: "POST",
    path: "/api/v1/community/post/delete",
    auth: "required",
    encoding: "json",
    input: Schema.Struct({ id: Id }),
    data: SuccessFlag,
    summary: "Deletes one's own post with its likes, comments and collects (beans already credited stay). Path ours (not in spec §7)."
  }),
  postCollect: defineRoute({
    name: "community.postCollect",
    method: "POST",
    path: "/api/v1/community/post/collect",
    auth: "required",
    encoding: "json",
    input: Schema.Struct({
      id: Id,
      action: Schema.Literal("collect", "uncollect").annotations({ description: "the state wanted, not a toggle" })
    }),
    data: Schema.Struct({ is_collected: Schema.Boolean, collect_count: Count }),
    summary: "Collects (收藏) or uncollects a post and answers the new state. Path ours (not in spec §7)."
  }),
  postShare: defineRoute({
    name: "community.postShare",
    method: "POST",
    path: "/api/v1/open/community/post/share",
    auth: "optional",
    encoding: "json",
    input: Schema.Struct({ id: Id }),
    data: Schema.Struct({ share_count: Count }),
    summary: "Counts one share of a post (the page copied its link) and answers the new count. Path ours (not in spec §7)."
  }),
  postReport: defineRoute({
    name: "community.postReport",
    method: "POST",
    path: "/api/v1/community/post/report",
    auth: "required",
    encoding: "json",
    input: PostReport,
    data: SuccessFlag,
    summary: "Reports a post with a reason (stored for the operators); once per user and post (你已经举报过该帖子). Path ours (not in spec §7)."
  })
} as const
