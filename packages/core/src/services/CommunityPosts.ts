import { Effect } from "effect"
import type { CallError, InputCallError } from "../api/ApiErrors.js"
import { activityRoutes } from "../api/routes/community/activityRoutes.js"
import { circleRoutes } from "../api/routes/community/circleRoutes.js"
import { postCommentRoutes } from "../api/routes/community/postCommentRoutes.js"
import { postRoutes } from "../api/routes/community/postRoutes.js"
import { fileRoutes } from "../api/routes/fileRoutes.js"
import { socialRoutes } from "../api/routes/user/socialRoutes.js"
import type { Circle } from "../api/schemas/Circle.js"
import type { Post, PostFeed, PostPublished } from "../api/schemas/Post.js"
import type { PostComment, PostCommentCreate, PostCommentCreated, PostReportReason } from "../api/schemas/PostComment.js"
import type { Profile } from "../api/schemas/Profile.js"
import type { SpecialTopic } from "../api/schemas/SpecialTopic.js"
import type { StoredFile } from "../api/schemas/Upload.js"
import { ApiClient } from "./ApiClient.js"
import { FollowNotApplied } from "./Artworks.js"
import type { CursorList, NumberedList } from "./People.js"
import { validateInput } from "./validateInput.js"

/** Posts per page of the /community feed (the route allows 50). */
export const POST_FEED_PAGE_SIZE = 20
/** Top-level comments per page on /community-detail/{id}. */
export const POST_COMMENTS_PAGE_SIZE = 20

/** Where a feed page comes from: a /community tab, or one circle's posts (newest first). */
/** A feed tab, optionally only the posts tagged with one #话题# (MN7), or one circle's posts. */
export type PostFeedQuery = { readonly feed: PostFeed; readonly topic?: string } | { readonly circleId: number }

export interface CommunityPostsShape {
  readonly feed: (query: PostFeedQuery, cursor: string | undefined) => Effect.Effect<CursorList<Post>, CallError>
  readonly detail: (id: number) => Effect.Effect<Post, CallError>
  /** Checked with the route's schema first (the Chinese message), then sent. */
  readonly publish: (input: typeof postRoutes.postPublish.input.Encoded) => Effect.Effect<PostPublished, InputCallError>
  readonly like: (id: number, like: boolean) => Effect.Effect<{ readonly is_like: boolean; readonly like_count: number }, CallError>
  readonly collect: (id: number, collect: boolean) => Effect.Effect<{ readonly is_collected: boolean; readonly collect_count: number }, CallError>
  readonly share: (id: number) => Effect.Effect<number, CallError>
  readonly remove: (id: number) => Effect.Effect<void, CallError>
  readonly report: (id: number, reason: PostReportReason, detail: string) => Effect.Effect<void, InputCallError>
  readonly comments: (postId: number, page: number) => Effect.Effect<NumberedList<PostComment>, CallError>
  readonly comment: (input: typeof PostCommentCreate.Encoded) => Effect.Effect<PostCommentCreated, InputCallError>
  readonly deleteComment: (id: number) => Effect.Effect<number, CallError>
  /** The author's profile: is_follow and counts for the byline's follow button. */
  readonly author: (uid: number) => Effect.Effect<Profile, CallError>
  readonly follow: (uid: number, follow: boolean) => Effect.Effect<boolean, CallError | FollowNotApplied>
  /** The circles the viewer joined (side column, the publish form's picker). */
  readonly joinedCircles: () => Effect.Effect<ReadonlyArray<Circle>, CallError>
  /** 热门专题: the newest special topics. */
  readonly topics: (size: number) => Effect.Effect<ReadonlyArray<SpecialTopic>, CallError>
  /** Records an image posted to storage (file/create, scene community): its address and size for the post. */
  readonly recordImage: (key: string, name: string) => Effect.Effect<StoredFile, CallError>
}

/**
 * The community feed, post detail and publish (issue 17 C1) over the app's ApiClient. In
 * @mido/core/account with the pages that use it, made like makeInvitesService: no Layer, so nothing
 * of it reaches /list's first load.
 */
export const makeCommunityPostsService: Effect.Effect<CommunityPostsShape, never, ApiClient> = Effect.map(ApiClient, (api): CommunityPostsShape => ({
  feed: (query, cursor) =>
    api.call(postRoutes.postList, {
      ...("feed" in query ? { feed: query.feed, ...(query.topic === undefined ? {} : { topic: query.topic }) } : { circle_id: query.circleId }),
      sort: "new",
      size: POST_FEED_PAGE_SIZE,
      ...(cursor === undefined ? {} : { cursor })
    }),
  detail: (id) => api.call(postRoutes.postDetail, { id }),
  publish: (input) => Effect.flatMap(validateInput(postRoutes.postPublish, input), (checked) => api.call(postRoutes.postPublish, checked)),
  like: (id, like) => api.call(postRoutes.postLike, { id, action: like ? "like" : "unlike" }),
  collect: (id, collect) => api.call(postCommentRoutes.postCollect, { id, action: collect ? "collect" : "uncollect" }),
  share: (id) => Effect.map(api.call(postCommentRoutes.postShare, { id }), (answer) => answer.share_count),
  remove: (id) => Effect.asVoid(api.call(postCommentRoutes.postDelete, { id })),
  report: (id, reason, detail) =>
    Effect.flatMap(validateInput(postCommentRoutes.postReport, { id, reason, detail }), (checked) => Effect.asVoid(api.call(postCommentRoutes.postReport, checked))),
  comments: (postId, page) => api.call(postCommentRoutes.postCommentList, { post_id: postId, page, size: POST_COMMENTS_PAGE_SIZE }),
  comment: (input) => Effect.flatMap(validateInput(postCommentRoutes.postCommentCreate, input), (checked) => api.call(postCommentRoutes.postCommentCreate, checked)),
  deleteComment: (id) => Effect.map(api.call(postCommentRoutes.postCommentDelete, { id }), (answer) => answer.comment_count),
  author: (uid) => api.call(socialRoutes.profile, { uid }),
  follow: (uid, follow) =>
    Effect.flatMap(api.call(socialRoutes.follow, { uid, action: follow ? "follow" : "unfollow" }), ({ success }) =>
      success ? Effect.succeed(follow) : Effect.fail(new FollowNotApplied({ message: follow ? "关注失败，请稍后重试" : "取消关注失败，请稍后重试" }))),
  joinedCircles: () => Effect.map(api.call(circleRoutes.circleList, { scope: "joined", page: 1, size: 50 }), (page) => page.list),
  topics: (size) => Effect.map(api.call(activityRoutes.specialTopicList, { page: 1, size }), (page) => page.list),
  recordImage: (key, name) => api.call(fileRoutes.fileCreate, { key, scene: "community", name: name.slice(0, 100) })
}))
