import { mentionedNicknames, type PostComment, type PostCommentReply } from "@mido/core/account"
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { postComments, posts } from "../../db/schema/community.js"
import { users } from "../../db/schema/users.js"
import { unixSeconds } from "../../platform/chinaTime.js"
import { recordCommunityWrite } from "./communityWrites.js"
import { createMessage } from "../messages/messages.js"
import { forbidden, notFound } from "./communityRefusal.js"
import { mentionedUsers, messageAuthor } from "./communityPosts.js"
import { briefOf, loadBriefs, shownComment, shownPost } from "./communityViews.js"

/** R37: comments (and replies) one user may write in an hour; each can send mention messages, so it is capped. */
export const COMMENTS_PER_HOUR = 60

/** Replies shown under a top-level comment; reply_count says how many there are in all. */
export const REPLIES_SHOWN = 50

type CommentRow = typeof postComments.$inferSelect

const clip = (text: string, n = 100) => [...text].slice(0, n).join("")

/** The post's id and author, or 404. */
export const findPost = async (db: Db, id: number): Promise<{ readonly id: number; readonly uid: number; readonly circleId: number | null }> => {
  const [post] = await db.select({ id: posts.id, uid: posts.uid, circleId: posts.circleId }).from(posts).where(and(eq(posts.id, id), shownPost)).limit(1)
  if (post === undefined) throw notFound("帖子不存在或已删除")
  return post
}

type People = ReadonlyMap<string, number>

/** The users the texts name as @昵称 (MN1), by nickname: one query for a page of comments. */
const mentionedPeople = async (db: Db, texts: ReadonlyArray<string>): Promise<People> => {
  const names = [...new Set(texts.flatMap((text) => mentionedNicknames(text)))]
  if (names.length === 0) return new Map()
  const rows = await db.select({ uid: users.uid, nickname: users.nickname }).from(users).where(inArray(users.nickname, names)).orderBy(users.uid)
  const people = new Map<string, number>()
  for (const row of rows) if (!people.has(row.nickname)) people.set(row.nickname, row.uid)
  return people
}

/** MN5: the names of a text that are people, so the page can link them. */
const mentionsOf = (text: string, people: People): PostComment["mentions"] =>
  mentionedNicknames(text).flatMap((nickname) => {
    const uid = people.get(nickname)
    return uid === undefined ? [] : [{ nickname, uid }]
  })

const toReply = (row: CommentRow, briefs: Awaited<ReturnType<typeof loadBriefs>>, viewer: number | undefined, people: People): PostCommentReply & { root_id: number } => ({
  id: row.id,
  root_id: row.rootId ?? row.id,
  author: briefOf(briefs, row.uid),
  reply_to: row.replyUid === null ? null : briefOf(briefs, row.replyUid),
  content: row.content,
  mentions: mentionsOf(row.content, people),
  is_owner: viewer === row.uid,
  created_at: unixSeconds(row.createdAt)
})

/** One page of a post's top-level comments, newest first, each with its first replies (oldest first). */
export const listComments = async (db: Db, postId: number, page: number, size: number, viewer: number | undefined, now: Date) => {
  await findPost(db, postId)
  const top = and(eq(postComments.postId, postId), isNull(postComments.rootId), shownComment)
  const [roots, [total]] = await Promise.all([
    db.select().from(postComments).where(top).orderBy(desc(postComments.id)).limit(size).offset((page - 1) * size),
    db.select({ n: sql<number>`count(*)::int` }).from(postComments).where(top)
  ])
  const replies = roots.length === 0 ? [] : await db.select().from(postComments)
    .where(and(inArray(postComments.rootId, roots.map((root) => root.id)), shownComment)).orderBy(postComments.id)
  const briefs = await loadBriefs(db, [...roots, ...replies].flatMap((row) => row.replyUid === null ? [row.uid] : [row.uid, row.replyUid]), now)
  const people = await mentionedPeople(db, [...roots, ...replies].map((row) => row.content))
  const list: Array<PostComment> = roots.map((root) => {
    const under = replies.filter((reply) => reply.rootId === root.id)
    return {
      id: root.id,
      post_id: root.postId,
      author: briefOf(briefs, root.uid),
      content: root.content,
      mentions: mentionsOf(root.content, people),
      is_owner: viewer === root.uid,
      created_at: unixSeconds(root.createdAt),
      reply_count: under.length,
      replies: under.slice(0, REPLIES_SHOWN).map((reply) => toReply(reply, briefs, viewer, people))
    }
  })
  return { list, total: Number(total?.n ?? 0) }
}

export interface NewComment {
  readonly uid: number
  readonly postId: number
  readonly content: string
  readonly replyId: number | undefined
  readonly now: Date
}

/**
 * Writes a comment or a reply in the caller's transaction, moves the post's comment_count, and sends
 * mention messages: "回复了你的评论" to the author of the comment answered, "在评论中提到了你" to each
 * @昵称 of an existing user (never the writer, never twice to one person).
 */
export const insertComment = async (tx: Db, input: NewComment) => {
  await findPost(tx, input.postId)
  await recordCommunityWrite(tx, { uid: input.uid, kind: "comment", limit: COMMENTS_PER_HOUR, refusal: "评论太频繁，请稍后再试", now: input.now })
  let target: CommentRow | undefined
  if (input.replyId !== undefined) {
    ;[target] = await tx.select().from(postComments)
      .where(and(eq(postComments.id, input.replyId), eq(postComments.postId, input.postId))).limit(1)
    if (target === undefined) throw notFound("评论不存在或已删除")
  }
  const [row] = await tx.insert(postComments).values({
    postId: input.postId,
    uid: input.uid,
    rootId: target === undefined ? null : (target.rootId ?? target.id),
    replyUid: target?.uid ?? null,
    content: input.content,
    createdAt: input.now
  }).returning()
  const [post] = await tx.update(posts).set({ commentCount: sql`${posts.commentCount} + 1` }).where(eq(posts.id, input.postId))
    .returning({ commentCount: posts.commentCount })
  const comment = row!
  const author = await messageAuthor(tx, input.uid)
  const link = { type: "post", target_id: String(input.postId), sub_id: String(comment.id), jump_url: `/community-detail/${input.postId}` }
  const notified = new Set<number>([input.uid])
  if (target !== undefined && !notified.has(target.uid)) {
    notified.add(target.uid)
    await createMessage(tx, {
      uid: target.uid,
      type: "mention",
      content: { title: "回复了你的评论", content: clip(input.content), reply_content: clip(target.content), ...author, ...link }
    })
  }
  for (const uid of await mentionedUsers(tx, input.uid, input.content)) {
    if (notified.has(uid)) continue
    notified.add(uid)
    await createMessage(tx, { uid, type: "mention", content: { title: "在评论中提到了你", content: clip(input.content), ...author, ...link } })
  }
  const briefs = await loadBriefs(tx, target === undefined ? [input.uid] : [input.uid, target.uid], input.now)
  const reply = toReply(comment, briefs, input.uid, await mentionedPeople(tx, [comment.content]))
  return { comment: { ...reply, root_id: comment.rootId }, comment_count: post!.commentCount }
}

/** Deletes the caller's own comment (a top-level one with its replies) and answers the post's new comment count. */
export const deleteComment = async (tx: Db, uid: number, id: number) => {
  const [comment] = await tx.select().from(postComments).where(eq(postComments.id, id)).limit(1)
  if (comment === undefined) throw notFound("评论不存在或已删除")
  if (comment.uid !== uid) throw forbidden("只能删除自己的评论")
  const removed = await tx.delete(postComments)
    .where(comment.rootId === null ? sql`${postComments.id} = ${id} or ${postComments.rootId} = ${id}` : eq(postComments.id, id))
    .returning({ id: postComments.id })
  const [post] = await tx.update(posts).set({ commentCount: sql`greatest(${posts.commentCount} - ${removed.length}, 0)` })
    .where(eq(posts.id, comment.postId)).returning({ commentCount: posts.commentCount })
  return { comment_count: post?.commentCount ?? 0 }
}
