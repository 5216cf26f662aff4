import { Api } from "@mido/core/contract"
import { and, desc, eq, getTableColumns, sql } from "drizzle-orm"
import type { Hono } from "hono"
import { articles } from "../../db/schema/community.js"
import { toArticle, toArticleSummaries } from "./communityArticles.js"
import { findCircle } from "./communityCircles.js"
import { isCircleMember } from "./communityPosts.js"
import { isOwnUpload } from "./communityImages.js"
import { summaryFromMarkdown } from "./communityText.js"
import { shownArticle } from "./communityViews.js"
import { implement, implementAuthed } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { badInput, forbidden, notFound } from "../../platform/failure.js"
import { objectBaseUrl } from "../files/storedFiles.js"
import { moderateTexts } from "../moderation/textCheck.js"

const { content: _content, ...cardColumns } = getTableColumns(articles)

/** 文章: list (no bodies), detail (counts a view), publish (Markdown stored as written, R16). */
export const registerArticles = (app: Hono, deps: ServerDeps) => {
  const { db } = deps

  implement(app, deps, Api.community.articleList, async (input) => {
    const where = and(
      shownArticle,
      input.circle_id !== undefined ? eq(articles.circleId, input.circle_id) : undefined,
      input.uid !== undefined ? eq(articles.uid, input.uid) : undefined
    )
    const rows = await db.select(cardColumns).from(articles).where(where)
      .orderBy(desc(articles.id)).limit(input.size).offset((input.page - 1) * input.size)
    const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(articles).where(where)
    return { list: await toArticleSummaries(db, rows, deps.now()), total: count?.total ?? 0 }
  })

  implement(app, deps, Api.community.articleDetail, async (input, { uid }) => {
    const [row] = await db.update(articles).set({ viewCount: sql`${articles.viewCount} + 1` }).where(and(eq(articles.id, input.id), shownArticle)).returning()
    if (row === undefined) throw notFound("文章不存在或已删除")
    return toArticle(db, row, uid, deps.now())
  })

  implementAuthed(app, deps, Api.community.articlePublish, async (input, { uid }) => {
    await moderateTexts(deps, uid, [{ place: "article", text: input.title }, { place: "article", text: input.summary }, { place: "article", text: input.content }])
    if (input.cover !== undefined && !(await isOwnUpload(db, objectBaseUrl(deps.config), uid, input.cover))) throw badInput("请先上传封面图片")
    if (input.circle_id !== undefined) {
      await findCircle(db, input.circle_id)
      if (!(await isCircleMember(db, input.circle_id, uid))) throw forbidden("加入圈子后才能在圈内发布文章")
    }
    const [row] = await db.insert(articles).values({
      uid,
      circleId: input.circle_id ?? null,
      title: input.title,
      cover: input.cover ?? null,
      summary: input.summary !== "" ? input.summary : summaryFromMarkdown(input.content),
      content: input.content,
      createdAt: deps.now()
    }).returning()
    return toArticle(db, row!, uid, deps.now())
  })
}
