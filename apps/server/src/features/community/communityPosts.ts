import type { Post, PostPublish } from "@mido/core"
import { and, eq, inArray, ne, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { circleMembers, circles, postCollects, postLikes, posts } from "../../db/schema/community.js"
import { users } from "../../db/schema/users.js"
import { badInput, forbidden, notFound } from "./communityRefusal.js"
import { recordCommunityWrite } from "./communityWrites.js"
import { awardPostReward } from "../beans/beans.js"
import { findCircle } from "./communityCircles.js"
import { allOwnUploads } from "./communityImages.js"
import { ownArtworkCover } from "./communityArtworkCover.js"
import { mentionedNicknames } from "@mido/core/account"
import { briefOf, loadBriefs, shownPost } from "./communityViews.js"
import { createMessage } from "../messages/messages.js"
import { unixSeconds } from "../../platform/chinaTime.js"

/** The columns every post query selects: the post and its circle's name. */
export const postColumns = {
  id: posts.id,
  uid: posts.uid,
  circleId: posts.circleId,
  circleName: circles.name,
  assignmentId: posts.assignmentId,
  content: posts.content,
  images: posts.images,
  artworkId: posts.artworkId,
  topics: posts.topics,
  likeCount: posts.likeCount,
  commentCount: posts.commentCount,
  collectCount: posts.collectCount,
  shareCount: posts.shareCount,
  createdAt: posts.createdAt
}

export interface PostRow {
  readonly id: number
  readonly uid: number
  readonly circleId: number | null
  readonly circleName: string | null
  readonly assignmentId: number | null
  readonly content: string
  readonly images: ReadonlyArray<{ readonly url: string; readonly width: number; readonly height: number }>
  readonly artworkId: number | null
  readonly topics: ReadonlyArray<string>
  readonly likeCount: number
  readonly commentCount: number
  readonly collectCount: number
  readonly shareCount: number
  readonly createdAt: Date
}

/** Posts as the API answers them, with the viewer's is_like and is_owner (false for a visitor). */
export const toPosts = async (db: Db, rows: ReadonlyArray<PostRow>, viewer: number | undefined, now: Date): Promise<Array<Post>> => {
  if (rows.length === 0) return []
  const briefs = await loadBriefs(db, rows.map((row) => row.uid), now)
  const ids = rows.map((row) => row.id)
  const liked = viewer === undefined
    ? new Set<number>()
    : new Set((await db.select({ postId: postLikes.postId }).from(postLikes)
      .where(and(eq(postLikes.uid, viewer), inArray(postLikes.postId, ids)))).map((like) => like.postId))
  const collected = viewer === undefined
    ? new Set<number>()
    : new Set((await db.select({ postId: postCollects.postId }).from(postCollects)
      .where(and(eq(postCollects.uid, viewer), inArray(postCollects.postId, ids)))).map((row) => row.postId))
  return rows.map((row) => ({
    id: row.id,
    circle_id: row.circleId,
    circle_name: row.circleName,
    assignment_id: row.assignmentId,
    author: briefOf(briefs, row.uid),
    content: row.content,
    images: row.images.map((image) => ({ url: image.url, width: image.width, height: image.height })),
    artwork_id: row.artworkId,
    topics: [...row.topics],
    like_count: row.likeCount,
    comment_count: row.commentCount,
    collect_count: row.collectCount,
    share_count: row.shareCount,
    is_like: liked.has(row.id),
    is_collected: collected.has(row.id),
    is_owner: viewer === row.uid,
    created_at: unixSeconds(row.createdAt)
  }))
}

/** One post by id, or 404. */
export const loadPost = async (db: Db, id: number, viewer: number | undefined, now: Date): Promise<Post> => {
  const rows = await db.select(postColumns).from(posts).leftJoin(circles, eq(circles.id, posts.circleId)).where(and(eq(posts.id, id), shownPost)).limit(1)
  const [post] = await toPosts(db, rows, viewer, now)
  if (post === undefined) throw notFound("帖子不存在或已删除")
  return post
}

/** Whether uid is a member of the circle (any role). */
export const isCircleMember = async (db: Db, circleId: number, uid: number): Promise<boolean> =>
  (await db.select({ uid: circleMembers.uid }).from(circleMembers)
    .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.uid, uid))).limit(1)).length > 0

export interface NewPost {
  readonly uid: number
  readonly circleId: number | undefined
  readonly assignmentId: number | undefined
  readonly body: Pick<PostPublish, "content" | "images" | "artwork_id">
  readonly topics: ReadonlyArray<string>
  /** Where the caller's own uploads are public (storedFiles.ts objectBaseUrl): post images must start with it. */
  readonly objectBase: string
  readonly ledgerKey: string
  readonly now: Date
}

/**
 * Writes a post inside the caller's transaction: checks the images (our storage only) and the shared
 * artwork (the author's own, R11), moves the circle's post_count, awards the post rewards (beans
 * module) and notifies the people the text mentions (messages module). Any failure rolls all back.
 */
export const insertPost = async (tx: Db, post: NewPost): Promise<number> => (await publishPost(tx, post)).id

/** R37: the posts (assignment hand-ins included) one user may publish in an hour; each may notify up to 10 people. */
export const POSTS_PER_HOUR = 20

/** insertPost that also answers the beans the post rewards credited (0 when none: past the daily cap, no config). */
export const publishPost = async (tx: Db, post: NewPost): Promise<{ readonly id: number; readonly reward: number }> => {
  const { body, uid, now } = post
  await recordCommunityWrite(tx, { uid, kind: "post", limit: POSTS_PER_HOUR, refusal: "发帖太频繁，请稍后再试", now })
  const sharedCover = body.artwork_id === undefined ? null : await ownArtworkCover(tx, uid, body.artwork_id)
  if (body.artwork_id !== undefined && sharedCover === null) throw notFound("作品不存在或不属于你")
  // the shared artwork's own cover may be an image of the post (a hand-in shows the work it hands in)
  if (!(await allOwnUploads(tx, post.objectBase, uid, body.images.map((image) => image.url), sharedCover === null ? [] : [sharedCover]))) throw badInput("请先上传图片再发布")
  if (post.circleId !== undefined) {
    await findCircle(tx, post.circleId)
    if (!(await isCircleMember(tx, post.circleId, uid))) throw forbidden("加入圈子后才能发帖")
    await tx.update(circles).set({ postCount: sql`${circles.postCount} + 1` }).where(eq(circles.id, post.circleId))
  }
  const [row] = await tx.insert(posts).values({
    uid,
    circleId: post.circleId ?? null,
    assignmentId: post.assignmentId ?? null,
    content: body.content,
    images: body.images.map((image) => ({ url: image.url, width: image.width, height: image.height })),
    artworkId: body.artwork_id ?? null,
    topics: [...new Set(post.topics)],
    createdAt: now
  }).returning({ id: posts.id })
  const postId = row!.id
  const reward = await awardPostReward(tx, post.ledgerKey, { uid, postId, now })
  await notifyMentions(tx, uid, postId, body.content)
  return { id: postId, reward }
}

/** Who the text names as @nickname among existing users, but not the writer; at most MAX_MENTIONS. */
export const mentionedUsers = async (tx: Db, uid: number, content: string): Promise<ReadonlyArray<number>> => {
  const names = mentionedNicknames(content)
  if (names.length === 0) return []
  const mentioned = await tx.select({ uid: users.uid }).from(users)
    .where(and(inArray(users.nickname, [...names]), ne(users.uid, uid))).orderBy(users.uid).limit(names.length)
  return mentioned.map((row) => row.uid)
}

/** The writer's name and avatar, for the messages the text sends. */
export const messageAuthor = async (tx: Db, uid: number) => {
  const [author] = await tx.select({ nickname: users.nickname, avatar: users.avatar }).from(users).where(eq(users.uid, uid)).limit(1)
  return { user_head: author?.avatar ?? "", user_uid: String(uid), user_name: author?.nickname ?? "" }
}

/** A mention message (type "mention") to every existing user the text names as @nickname, but not the author. */
const notifyMentions = async (tx: Db, uid: number, postId: number, content: string) => {
  const mentioned = await mentionedUsers(tx, uid, content)
  if (mentioned.length === 0) return
  const author = await messageAuthor(tx, uid)
  for (const target of mentioned) {
    await createMessage(tx, {
      uid: target,
      type: "mention",
      content: {
        title: "有人在帖子中提到了你",
        content: [...content].slice(0, 100).join(""),
        ...author,
        type: "post",
        target_id: String(postId),
        jump_url: `/community-detail/${postId}`
      }
    })
  }
}
