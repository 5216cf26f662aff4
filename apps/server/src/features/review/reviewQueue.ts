import { and, asc, count, eq, isNull } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { artworks } from "../../db/schema/artworks.js"
import { articles, circles, postComments, posts } from "../../db/schema/community.js"
import { users } from "../../db/schema/users.js"
import { unixSeconds } from "../../platform/chinaTime.js"
import { type ModerationNoteRow, moderationNotesFor } from "./reviewModerationHook.js"
import type { ReviewedKind } from "./reviewNotices.js"

/**
 * The review queue (审核), one tab per kind, oldest waiting first so nothing waits forever. Works wait
 * from their audit submit (audit_status pending); posts, comments and articles from their publishing
 * until an operator approves or takes them down (reviewed_at, taken_down_at). Each tab reads its own
 * partial index (2850_review_queue.sql; bench/review-queue.mjs times the works' tab on 100,000 rows).
 */

export interface ReviewItemRow {
  readonly kind: ReviewedKind
  readonly id: number
  readonly author: { readonly uid: number; readonly nickname: string; readonly avatar: string }
  readonly title: string
  readonly text: string
  readonly negative_prompt: string
  readonly parameters: unknown
  readonly images: ReadonlyArray<string>
  readonly context: string
  readonly submitted_at: number
  readonly moderation: ReadonlyArray<ModerationNoteRow>
}

/** Works in review: live and pending (the partial index artworks_review_queue). */
export const pendingArtwork = and(eq(artworks.auditStatus, "pending"), isNull(artworks.deletedAt))!
/** Community content nobody has looked at yet and still shown (the *_review_queue partial indexes). */
export const unreviewedPost = and(isNull(posts.reviewedAt), isNull(posts.takenDownAt))!
export const unreviewedComment = and(isNull(postComments.reviewedAt), isNull(postComments.takenDownAt))!
export const unreviewedArticle = and(isNull(articles.reviewedAt), isNull(articles.takenDownAt))!

const author = { uid: users.uid, nickname: users.nickname, avatar: users.avatar }

const MAX_IMAGES = 9
const IMAGE_ADDRESS = /^(https?:\/\/|\/)\S+\.(png|jpe?g|webp|gif)(\?\S*)?$/i

/** The images a work's parameters name (MJ reference images, img2img inputs…), whatever the type calls them. */
export const parameterImages = (parameters: unknown, found: Array<string> = []): Array<string> => {
  if (found.length >= MAX_IMAGES) return found
  if (typeof parameters === "string") {
    if (IMAGE_ADDRESS.test(parameters) && !found.includes(parameters)) found.push(parameters)
  } else if (Array.isArray(parameters)) {
    for (const value of parameters) parameterImages(value, found)
  } else if (typeof parameters === "object" && parameters !== null) {
    for (const value of Object.values(parameters)) parameterImages(value, found)
  }
  return found
}

const field = (parameters: unknown, name: string): string => {
  const value = typeof parameters === "object" && parameters !== null ? (parameters as Record<string, unknown>)[name] : undefined
  return typeof value === "string" ? value : ""
}

const excerpt = (text: string, max = 40) => (text.length > max ? `${text.slice(0, max)}…` : text)

type Loader = (db: Db, ids: { readonly limit: number; readonly offset: number } | { readonly only: number }) => Promise<Array<Omit<ReviewItemRow, "moderation">>>

/** The works' tab: the prompt, negative prompt and parameters as drawn, the cover and any image they name. */
const artworkItems: Loader = async (db, page) => {
  const query = db.select({ ...author, id: artworks.id, title: artworks.title, cover: artworks.cover, parameters: artworks.parameters, at: artworks.auditSubmittedAt, createdAt: artworks.createdAt })
    .from(artworks).innerJoin(users, eq(users.uid, artworks.userUid))
  const rows = "only" in page
    ? await query.where(eq(artworks.id, page.only)).limit(1)
    : await query.where(pendingArtwork).orderBy(asc(artworks.auditSubmittedAt), asc(artworks.id)).limit(page.limit).offset(page.offset)
  return rows.map((row) => ({
    kind: "artwork" as const,
    id: row.id,
    author: { uid: row.uid, nickname: row.nickname, avatar: row.avatar },
    title: row.title ?? "",
    text: field(row.parameters, "prompt"),
    negative_prompt: field(row.parameters, "negative_prompt"),
    parameters: row.parameters,
    images: parameterImages(row.parameters, [row.cover]),
    context: "",
    submitted_at: unixSeconds(row.at ?? row.createdAt)
  }))
}

const postItems: Loader = async (db, page) => {
  const query = db.select({ ...author, id: posts.id, content: posts.content, images: posts.images, circle: circles.name, createdAt: posts.createdAt })
    .from(posts).innerJoin(users, eq(users.uid, posts.uid)).leftJoin(circles, eq(circles.id, posts.circleId))
  const rows = "only" in page
    ? await query.where(eq(posts.id, page.only)).limit(1)
    : await query.where(unreviewedPost).orderBy(asc(posts.id)).limit(page.limit).offset(page.offset)
  return rows.map((row) => ({
    kind: "post" as const,
    id: row.id,
    author: { uid: row.uid, nickname: row.nickname, avatar: row.avatar },
    title: "",
    text: row.content,
    negative_prompt: "",
    parameters: null,
    images: row.images.map((image) => image.url),
    context: row.circle === null ? "社区" : `圈子：${row.circle}`,
    submitted_at: unixSeconds(row.createdAt)
  }))
}

const commentItems: Loader = async (db, page) => {
  const query = db.select({ ...author, id: postComments.id, content: postComments.content, postId: posts.id, postContent: posts.content, createdAt: postComments.createdAt })
    .from(postComments).innerJoin(users, eq(users.uid, postComments.uid)).innerJoin(posts, eq(posts.id, postComments.postId))
  const rows = "only" in page
    ? await query.where(eq(postComments.id, page.only)).limit(1)
    : await query.where(unreviewedComment).orderBy(asc(postComments.id)).limit(page.limit).offset(page.offset)
  return rows.map((row) => ({
    kind: "comment" as const,
    id: row.id,
    author: { uid: row.uid, nickname: row.nickname, avatar: row.avatar },
    title: "",
    text: row.content,
    negative_prompt: "",
    parameters: null,
    images: [],
    context: `帖子 #${row.postId}：${excerpt(row.postContent)}`,
    submitted_at: unixSeconds(row.createdAt)
  }))
}

const articleItems: Loader = async (db, page) => {
  const query = db.select({ ...author, id: articles.id, title: articles.title, content: articles.content, cover: articles.cover, circle: circles.name, createdAt: articles.createdAt })
    .from(articles).innerJoin(users, eq(users.uid, articles.uid)).leftJoin(circles, eq(circles.id, articles.circleId))
  const rows = "only" in page
    ? await query.where(eq(articles.id, page.only)).limit(1)
    : await query.where(unreviewedArticle).orderBy(asc(articles.id)).limit(page.limit).offset(page.offset)
  return rows.map((row) => ({
    kind: "article" as const,
    id: row.id,
    author: { uid: row.uid, nickname: row.nickname, avatar: row.avatar },
    title: row.title,
    text: row.content,
    negative_prompt: "",
    parameters: null,
    images: row.cover === null ? [] : [row.cover],
    context: row.circle === null ? "社区" : `圈子：${row.circle}`,
    submitted_at: unixSeconds(row.createdAt)
  }))
}

const loaders: Readonly<Record<ReviewedKind, Loader>> = { artwork: artworkItems, post: postItems, comment: commentItems, article: articleItems }

const withModeration = async (db: Db, kind: ReviewedKind, items: Array<Omit<ReviewItemRow, "moderation">>): Promise<Array<ReviewItemRow>> => {
  const notes = await moderationNotesFor(db, kind, items.map((item) => item.id))
  return items.map((item) => ({ ...item, moderation: notes.get(item.id) ?? [] }))
}

/** How many wait in each tab (the tabs' badges and the dashboard's figure). */
export const waitingCounts = async (db: Db): Promise<Record<ReviewedKind, number>> => {
  const [artwork, post, comment, article] = await Promise.all([
    db.select({ n: count() }).from(artworks).where(pendingArtwork),
    db.select({ n: count() }).from(posts).where(unreviewedPost),
    db.select({ n: count() }).from(postComments).where(unreviewedComment),
    db.select({ n: count() }).from(articles).where(unreviewedArticle)
  ])
  const n = (rows: ReadonlyArray<{ readonly n: number }>) => Number(rows[0]?.n ?? 0)
  return { artwork: n(artwork), post: n(post), comment: n(comment), article: n(article) }
}

/** One page of a tab, oldest waiting first, with every tab's count. */
export const reviewQueue = async (db: Db, kind: ReviewedKind, page: number, size: number) => {
  const [items, waiting] = await Promise.all([loaders[kind](db, { limit: size, offset: (page - 1) * size }), waitingCounts(db)])
  return { list: await withModeration(db, kind, items), total: waiting[kind], waiting }
}

/** One item as the queue shows it, whatever its state (a report's target, a decision's answer). */
export const reviewItem = async (db: Db, kind: ReviewedKind, id: number): Promise<ReviewItemRow | undefined> => {
  const [item] = await withModeration(db, kind, await loaders[kind](db, { only: id }))
  return item
}

/** Several posts as the queue shows them (the reports' targets), by id. */
export const reviewPosts = async (db: Db, ids: ReadonlyArray<number>): Promise<Map<number, ReviewItemRow>> => {
  const items = await Promise.all(ids.map((id) => reviewItem(db, "post", id)))
  return new Map(items.flatMap((item) => (item === undefined ? [] : [[item.id, item] as const])))
}
