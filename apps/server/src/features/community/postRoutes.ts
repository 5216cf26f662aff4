import { Api } from "@mido/core/contract"
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm"
import type { Hono } from "hono"
import { follows } from "../../db/schema/artworks.js"
import { circles, postLikes, posts } from "../../db/schema/community.js"
import { requireUser } from "../users/requireUser.js"
import { findCircle } from "./communityCircles.js"
import { loadPost, postColumns, publishPost, toPosts } from "./communityPosts.js"
import { decodePostCursor, encodePostCursor } from "./communityText.js"
import { forgettingFlags, postViewerFlags, postFeedCacheKey } from "./postFeedViewer.js"
import { shownPost } from "./communityViews.js"
import { implement, implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { ApiFailure, badInput, Codes, notFound } from "../../platform/failure.js"
import { objectBaseUrl } from "../files/storedFiles.js"
import { moderateImages, moderateTexts } from "../moderation/textCheck.js"

/** 帖子: the feed or one circle's posts (keyset paging), detail, publish, like with an explicit action. */
export const registerPosts = (app: Hono, deps: ServerDeps) => {
  const { db } = deps

  implement(app, deps, Api.community.postList, async (input, { uid }) => {
    if (input.circle_id !== undefined) await findCircle(db, input.circle_id)
    // the /community tabs: 推荐 = most liked first, 关注 = the people I follow (needs a login), 最新
    if (input.feed === "follow" && uid === undefined) throw new ApiFailure(Codes.unauthorized, "请先登录")
    const sort = input.feed === undefined ? input.sort : input.feed === "recommend" ? "hot" : "new"
    const cursor = input.cursor === undefined ? undefined : decodePostCursor(input.cursor, sort)
    if (input.cursor !== undefined && cursor === undefined) throw badInput("分页参数无效，请刷新后重试")
    const filters: Array<SQL | undefined> = [
      shownPost,
      input.circle_id !== undefined ? eq(posts.circleId, input.circle_id) : undefined,
      input.topic !== undefined ? sql`${posts.topics} @> array[${input.topic}]::text[]` : undefined,
      input.feed === "follow" && uid !== undefined
        ? sql`${posts.uid} in (select ${follows.followeeUid} from ${follows} where ${follows.followerUid} = ${uid})`
        : undefined,
      cursor === undefined ? undefined
        : cursor.sort === "new" ? sql`${posts.id} < ${cursor.id}`
          : sql`(${posts.likeCount}, ${posts.id}) < (${cursor.likes}, ${cursor.id})`
    ]
    const order = sort === "new" ? [desc(posts.id)] : [desc(posts.likeCount), desc(posts.id)]
    const rows = await db.select(postColumns).from(posts).leftJoin(circles, eq(circles.id, posts.circleId))
      .where(and(...filters)).orderBy(...order).limit(input.size + 1)
    const page = rows.slice(0, input.size)
    const last = page.at(-1)
    const next = rows.length > input.size && last !== undefined
      ? encodePostCursor(sort === "new" ? { sort: "new", id: last.id } : { sort: "hot", likes: last.likeCount, id: last.id })
      : undefined
    return { list: await toPosts(db, page, uid, deps.now()), ...(next !== undefined ? { next_cursor: next } : {}) }
  }, {
    // a page is the same for everyone but the flags (ADR 0027): shared by visitors, and by members with
    // their own likes and collects read per page; the 关注 tab is the member's own list, never shared
    shared: {
      cache: deps.feedCache,
      key: postFeedCacheKey,
      sharesWithViewer: (input) => input.feed !== "follow",
      viewerFlags: postViewerFlags(db)
    }
  })

  implement(app, deps, Api.community.postDetail, async (input, { uid }) => loadPost(db, input.id, uid, deps.now()))

  implementAuthed(app, deps, Api.community.postPublish, async (input, { uid }) => {
    // what others will read and see passes moderation before anything is written (issue 29)
    await moderateTexts(deps, uid, [{ place: "post", text: input.content }, { place: "post", text: input.topics.join(" ") }])
    await moderateImages(deps, uid, "post_image", "post", input.images.map((image) => image.url))
    const now = deps.now()
    const { id, reward } = await db.transaction((tx) => publishPost(tx, {
      uid, circleId: input.circle_id, assignmentId: undefined, body: input, topics: input.topics, objectBase: objectBaseUrl(deps.config), ledgerKey: deps.ledgerKey, now
    }))
    // the shared community pages list it from now on (in every process)
    deps.feedCache.invalidate()
    return { ...(await loadPost(db, id, uid, now)), reward }
  })

  implementAuthed(app, deps, Api.community.postLike, async (input, { uid }) => forgettingFlags(deps, uid, db.transaction(async (tx) => {
    const [post] = await tx.select({ likeCount: posts.likeCount }).from(posts).where(eq(posts.id, input.id)).limit(1)
    if (post === undefined) throw notFound("帖子不存在或已删除")
    // the wanted state, not a toggle: a retry finds the row already there (or gone) and changes nothing
    const changed = input.action === "like"
      ? await tx.insert(postLikes).values({ postId: input.id, uid, createdAt: deps.now() }).onConflictDoNothing().returning({ uid: postLikes.uid })
      : await tx.delete(postLikes).where(and(eq(postLikes.postId, input.id), eq(postLikes.uid, uid))).returning({ uid: postLikes.uid })
    if (changed.length === 0) return { is_like: input.action === "like", like_count: post.likeCount }
    const delta = input.action === "like" ? sql`${posts.likeCount} + 1` : sql`greatest(${posts.likeCount} - 1, 0)`
    const [row] = await tx.update(posts).set({ likeCount: delta }).where(eq(posts.id, input.id)).returning({ likeCount: posts.likeCount })
    return { is_like: input.action === "like", like_count: row!.likeCount }
  })))

  // The personal center's 动态 tab: the community module owns posts; served here (Api.artwork.postList).
  implement(app, deps, Api.artwork.postList, async ({ uid: owner, page, size }, { uid }) => {
    await requireUser(db, owner)
    const [rows, [total]] = await Promise.all([
      db.select(postColumns).from(posts).leftJoin(circles, eq(circles.id, posts.circleId)).where(and(eq(posts.uid, owner), shownPost))
        .orderBy(desc(posts.id)).limit(size).offset((page - 1) * size),
      db.select({ total: count() }).from(posts).where(and(eq(posts.uid, owner), shownPost))
    ])
    return { list: await toPosts(db, rows, uid, deps.now()), total: Number(total?.total ?? 0) }
  })
}
