import { Schema } from "effect"
import { Id, PageQuery, UnixSeconds } from "../schemas/common.js"
import { UserText } from "../schemas/textFields.js"

/**
 * The operator console's review queue (审核) and reports (举报), issue 29. Works come to the queue when
 * their author sends them for review (audit submit); posts, comments and articles are published at
 * once and come to it until an operator has looked at them or taken them down.
 */

/** What the queue holds: 作品, 帖子, 评论, 文章. */
export const ReviewKind = Schema.Literal("artwork", "post", "comment", "article")
export type ReviewKind = typeof ReviewKind.Type

/** The Chinese names of the kinds, as the console's tabs and the authors' notices say them. */
export const REVIEW_KIND_NAMES: Readonly<Record<ReviewKind, string>> = { artwork: "作品", post: "帖子", comment: "评论", article: "文章" }

/** A reason the author is told (驳回 or 下架): required, plain text. */
export const ReviewReason = UserText("原因", 200)

/** An automatic check's verdict on the item (the ContentModeration port), shown beside it. */
export const ModerationNote = Schema.Struct({
  source: Schema.String.annotations({ description: "which check answered (built-in word list, Aliyun…)" }),
  verdict: Schema.Literal("pass", "review", "block"),
  detail: Schema.String.annotations({ description: "what it found, for the operator only" }),
  created_at: UnixSeconds
}).annotations({ identifier: "ModerationNote" })
export type ModerationNote = typeof ModerationNote.Type

export const ReviewAuthor = Schema.Struct({ uid: Id, nickname: Schema.String, avatar: Schema.String })

/** One item waiting for an operator: its text (the prompt of a work), parameters and images. */
export const ReviewItem = Schema.Struct({
  kind: ReviewKind,
  id: Id,
  author: ReviewAuthor,
  title: Schema.String.annotations({ description: "a work's or article's title; \"\" for posts and comments" }),
  text: Schema.String.annotations({ description: "a work's prompt, a post's or comment's text, an article's Markdown" }),
  negative_prompt: Schema.String,
  parameters: Schema.Unknown.annotations({ description: "a work's generation parameters as stored; null for the others" }),
  images: Schema.Array(Schema.String).annotations({ description: "a work's cover and reference images, a post's images, an article's cover" }),
  context: Schema.String.annotations({ description: "where it sits: a comment's post, a post's circle" }),
  submitted_at: UnixSeconds,
  moderation: Schema.Array(ModerationNote)
}).annotations({ identifier: "ReviewItem" })
export type ReviewItem = typeof ReviewItem.Type

export const ReviewQueueQuery = Schema.Struct({ ...PageQuery.fields, kind: ReviewKind })
export type ReviewQueueQuery = typeof ReviewQueueQuery.Type

export const ReviewQueuePage = Schema.Struct({
  list: Schema.Array(ReviewItem),
  total: Schema.Int.pipe(Schema.nonNegative()),
  waiting: Schema.Struct({ artwork: Schema.Int, post: Schema.Int, comment: Schema.Int, article: Schema.Int })
    .annotations({ description: "how many wait in each tab" })
})
export type ReviewQueuePage = typeof ReviewQueuePage.Type

/** 通过: a work goes to the square; a post, comment or article leaves the queue as it is. */
export const ReviewApprove = Schema.Struct({ kind: ReviewKind, id: Id })
export type ReviewApprove = typeof ReviewApprove.Type

/** 驳回 (a work in review) or 下架 (published content): the author gets a system message with the reason. */
export const ReviewDecision = Schema.Struct({ kind: ReviewKind, id: Id, reason: ReviewReason })
export type ReviewDecision = typeof ReviewDecision.Type

export const ReviewOutcome = Schema.Struct({
  kind: ReviewKind,
  id: Id,
  state: Schema.Literal("approved", "rejected", "taken_down")
})
export type ReviewOutcome = typeof ReviewOutcome.Type

/** One reporter's report of a target. */
export const ReportEntry = Schema.Struct({
  uid: Id,
  nickname: Schema.String,
  reason: Schema.String.annotations({ description: "spam, porn, abuse, illegal, infringement or other" }),
  detail: Schema.String,
  created_at: UnixSeconds
})

/** The open reports of one target, grouped: how many, the newest first, and the target itself. */
export const ReportGroup = Schema.Struct({
  target_type: Schema.Literal("post"),
  target_id: Id,
  count: Schema.Int.pipe(Schema.positive()),
  latest_at: UnixSeconds,
  target: ReviewItem,
  reports: Schema.Array(ReportEntry).annotations({ description: "the newest 20" })
}).annotations({ identifier: "ReportGroup" })
export type ReportGroup = typeof ReportGroup.Type

export const ReportGroupPage = Schema.Struct({ list: Schema.Array(ReportGroup), total: Schema.Int.pipe(Schema.nonNegative()) })
export type ReportGroupPage = typeof ReportGroupPage.Type

/** 处理: dismiss (nothing wrong) or take the target down; every open report of it resolved together. */
export const ReportResolve = Schema.Struct({
  target_type: Schema.Literal("post"),
  target_id: Id,
  resolution: Schema.Literal("dismissed", "taken_down"),
  reason: Schema.optional(ReviewReason).annotations({ description: "required to take down: the author is told it" })
})
export type ReportResolve = typeof ReportResolve.Type

export const ReportResolved = Schema.Struct({ resolved: Schema.Int.pipe(Schema.nonNegative()), resolution: Schema.Literal("dismissed", "taken_down") })
