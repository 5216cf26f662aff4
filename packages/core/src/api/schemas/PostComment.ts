import { Schema } from "effect"
import { Id, UnixSeconds } from "./common.js"
import { UserText } from "./textFields.js"
import { UserBrief } from "./UserBrief.js"

/** A post comment's text: trimmed, 1–500 characters, plain text (R16). */
export const COMMENT_MAX_LENGTH = 500

/** A person a comment names as @昵称 and the server found: the page links the name to /personal/{uid} (MN5). */
export const CommentMention = Schema.Struct({ nickname: Schema.String, uid: Id }).annotations({ identifier: "CommentMention" })

const mentionsField = Schema.optionalWith(Schema.Array(CommentMention), { default: () => [] })
  .annotations({ description: "the @昵称 of the text that name existing users, each once (MN1)" })

/** A reply under a top-level comment (楼中楼): `reply_to` is whom it answers when that is another reply's author. */
export const PostCommentReply = Schema.Struct({
  id: Id,
  root_id: Id.annotations({ description: "the top-level comment it sits under" }),
  author: UserBrief,
  reply_to: Schema.NullOr(UserBrief).annotations({ description: "the author of the comment it answers" }),
  content: Schema.String,
  mentions: mentionsField,
  is_owner: Schema.Boolean.annotations({ description: "the viewer wrote it (may delete it)" }),
  created_at: UnixSeconds
}).annotations({ identifier: "PostCommentReply" })
export type PostCommentReply = typeof PostCommentReply.Type

/** A top-level comment of a post (/community-detail/{id}) with its replies, oldest first. */
export const PostComment = Schema.Struct({
  id: Id,
  post_id: Id,
  author: UserBrief,
  content: Schema.String,
  mentions: mentionsField,
  is_owner: Schema.Boolean,
  created_at: UnixSeconds,
  reply_count: Schema.Int.pipe(Schema.nonNegative()),
  replies: Schema.Array(PostCommentReply).annotations({ description: "the first 50 replies, oldest first" })
}).annotations({ identifier: "PostComment" })
export type PostComment = typeof PostComment.Type

/** POST /api/v1/community/post/comment/create: a comment, or a reply when `reply_id` names one of the post's comments. */
export const PostCommentCreate = Schema.Struct({
  post_id: Id,
  content: UserText("评论", COMMENT_MAX_LENGTH),
  reply_id: Schema.optional(Id).annotations({ description: "the comment (top-level or reply) this one answers" })
})
export type PostCommentCreate = typeof PostCommentCreate.Type

/** What creating answers: the new comment (top-level, `root_id` null) or reply, and the post's new count. */
export const PostCommentCreated = Schema.Struct({
  comment: Schema.Struct({
    ...PostCommentReply.fields,
    root_id: Schema.NullOr(Id).annotations({ description: "null for a top-level comment" })
  }),
  comment_count: Schema.Int.pipe(Schema.nonNegative())
}).annotations({ identifier: "PostCommentCreated" })
export type PostCommentCreated = typeof PostCommentCreated.Type

/** The report reasons (举报理由) the detail page offers. */
export const POST_REPORT_REASONS = ["spam", "porn", "abuse", "illegal", "infringement", "other"] as const
export const PostReportReason = Schema.Literal(...POST_REPORT_REASONS)
export type PostReportReason = typeof PostReportReason.Type

/** POST /api/v1/community/post/report: one report per user and post. */
export const PostReport = Schema.Struct({
  id: Id,
  reason: PostReportReason,
  detail: Schema.optionalWith(Schema.Trim.pipe(Schema.maxLength(200, { message: () => "补充说明不能超过 200 个字" })), { default: () => "" })
})
export type PostReport = typeof PostReport.Type
