import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core"

const id = () => bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity()
const ref = (name: string) => bigint(name, { mode: "number" })
const time = (name: string) => timestamp(name, { withTimezone: true })
const counter = (name: string) => integer(name).notNull().default(0)
/** 2850_review_queue.sql: published at once, reviewed afterwards; a taken-down row is hidden from the community's reads. */
const reviewColumns = () => ({
  reviewedAt: time("reviewed_at"),
  takenDownAt: time("taken_down_at"),
  takedownReason: text("takedown_reason")
})

/** An image of a post as stored in posts.images. */
export interface StoredPostImage {
  readonly url: string
  readonly width: number
  readonly height: number
}

/** 0500_community.sql: circles (圈子); counters moved in the transaction that moves them. */
export const circles = pgTable("circles", {
  id: id(),
  ownerUid: ref("owner_uid").notNull(),
  name: text("name").notNull(),
  avatar: text("avatar").notNull(),
  cover: text("cover").notNull(),
  description: text("description").notNull().default(""),
  memberCount: counter("member_count"),
  postCount: counter("post_count"),
  createdAt: time("created_at").notNull().defaultNow()
})

/** 0500_community.sql: one row per member; the primary key makes joining idempotent. */
export const circleMembers = pgTable("circle_members", {
  circleId: ref("circle_id").notNull(),
  uid: ref("uid").notNull(),
  role: text("role", { enum: ["owner", "admin", "member"] }).notNull().default("member"),
  joinedAt: time("joined_at").notNull().defaultNow()
}, (table) => [primaryKey({ columns: [table.circleId, table.uid] })])

/** 0500_community.sql: a circle's assignments (作业), seeded by operators. */
export const assignments = pgTable("assignments", {
  id: id(),
  circleId: ref("circle_id").notNull(),
  authorUid: ref("author_uid").notNull(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  cover: text("cover"),
  deadline: time("deadline").notNull(),
  createdAt: time("created_at").notNull().defaultNow()
})

/** 0500_community.sql: posts (帖子); plain text (R16). */
export const posts = pgTable("posts", {
  id: id(),
  uid: ref("uid").notNull(),
  circleId: ref("circle_id"),
  assignmentId: ref("assignment_id"),
  content: text("content").notNull(),
  images: jsonb("images").$type<ReadonlyArray<StoredPostImage>>().notNull().default([]),
  artworkId: ref("artwork_id"),
  topics: text("topics").array().notNull().default([]),
  likeCount: counter("like_count"),
  commentCount: counter("comment_count"),
  collectCount: counter("collect_count"),
  shareCount: counter("share_count"),
  createdAt: time("created_at").notNull().defaultNow(),
  ...reviewColumns()
})

/** 1000_post_comments.sql: a post's comments; root_id null for a top-level one, else the reply's root. */
export const postComments = pgTable("post_comments", {
  id: id(),
  postId: ref("post_id").notNull(),
  uid: ref("uid").notNull(),
  rootId: ref("root_id"),
  replyUid: ref("reply_uid"),
  content: text("content").notNull(),
  createdAt: time("created_at").notNull().defaultNow(),
  ...reviewColumns()
})

/** 1000_post_comments.sql: who collected (收藏) which post. */
export const postCollects = pgTable("post_collects", {
  postId: ref("post_id").notNull(),
  uid: ref("uid").notNull(),
  createdAt: time("created_at").notNull().defaultNow()
}, (table) => [primaryKey({ columns: [table.postId, table.uid] })])

/** 1000_post_comments.sql: reports of a post, one per user. */
export const postReports = pgTable("post_reports", {
  postId: ref("post_id").notNull(),
  uid: ref("uid").notNull(),
  reason: text("reason").notNull(),
  detail: text("detail").notNull().default(""),
  createdAt: time("created_at").notNull().defaultNow(),
  /** 2850_review_queue.sql: set on every open report of the post at once when an operator resolves it. */
  resolvedAt: time("resolved_at"),
  resolution: text("resolution").$type<"dismissed" | "taken_down">(),
  resolvedBy: ref("resolved_by")
}, (table) => [primaryKey({ columns: [table.postId, table.uid] })])

/** 1100_community_writes.sql: each post or comment a user wrote (kept after a delete), for R37's hourly limits. */
export const communityWrites = pgTable("community_writes", {
  uid: ref("uid").notNull(),
  kind: text("kind").$type<"post" | "comment">().notNull(),
  createdAt: time("created_at").notNull().defaultNow()
})

/** 1200_post_shares.sql: who shared which post on which China day (`user:<uid>` or `ip:<address>`). */
export const postShares = pgTable("post_shares", {
  postId: ref("post_id").notNull(),
  sharer: text("sharer").notNull(),
  day: text("day").notNull()
}, (table) => [primaryKey({ columns: [table.postId, table.sharer, table.day] })])

/** 0500_community.sql: who liked which post. */
export const postLikes = pgTable("post_likes", {
  postId: ref("post_id").notNull(),
  uid: ref("uid").notNull(),
  createdAt: time("created_at").notNull().defaultNow()
}, (table) => [primaryKey({ columns: [table.postId, table.uid] })])

/** 0500_community.sql: articles (文章); `content` is Markdown, never HTML (R16). */
export const articles = pgTable("articles", {
  id: id(),
  uid: ref("uid").notNull(),
  circleId: ref("circle_id"),
  title: text("title").notNull(),
  cover: text("cover"),
  summary: text("summary").notNull().default(""),
  content: text("content").notNull(),
  viewCount: counter("view_count"),
  likeCount: counter("like_count"),
  createdAt: time("created_at").notNull().defaultNow(),
  ...reviewColumns()
})

/** 0500_community.sql: activities (活动); the status is derived from the times. */
export const activities = pgTable("activities", {
  id: id(),
  key: text("key").notNull(),
  title: text("title").notNull(),
  cover: text("cover").notNull(),
  banner: text("banner").notNull(),
  description: text("description").notNull().default(""),
  rules: text("rules").notNull().default(""),
  reward: text("reward").notNull().default(""),
  startAt: time("start_at").notNull(),
  endAt: time("end_at").notNull(),
  createdAt: time("created_at").notNull().defaultNow()
})

/** 0500_community.sql: works handed in to an activity, once per user. */
export const activityWorks = pgTable("activity_works", {
  id: id(),
  activityId: ref("activity_id").notNull(),
  artworkId: ref("artwork_id").notNull(),
  uid: ref("uid").notNull(),
  description: text("description").notNull().default(""),
  voteCount: counter("vote_count"),
  award: text("award"),
  createdAt: time("created_at").notNull().defaultNow()
})

/** 0500_community.sql: special topics (专题). */
export const specialTopics = pgTable("special_topics", {
  id: id(),
  key: text("key").notNull(),
  title: text("title").notNull(),
  cover: text("cover").notNull(),
  description: text("description").notNull().default(""),
  createdAt: time("created_at").notNull().defaultNow()
})

/** 0500_community.sql: a topic's items, an artwork or an article each, in `sort` order. */
export const specialTopicItems = pgTable("special_topic_items", {
  id: id(),
  topicId: ref("topic_id").notNull(),
  sort: integer("sort").notNull().default(0),
  artworkId: ref("artwork_id"),
  articleId: ref("article_id")
})
