import type { Article, ArticleSummary } from "@mido/core"
import type { Db } from "../../db/database.js"
import type { articles } from "../../db/schema/community.js"
import { briefOf, loadBriefs } from "./communityViews.js"
import { unixSeconds } from "../../platform/chinaTime.js"

export type ArticleRow = typeof articles.$inferSelect

/** The list columns: everything but the Markdown body, which only the detail carries. */
export type ArticleCardRow = Omit<ArticleRow, "content">

/** Article cards (ArticleSummary) with their authors' bylines. */
export const toArticleSummaries = async (db: Db, rows: ReadonlyArray<ArticleCardRow>, now: Date): Promise<Array<ArticleSummary>> => {
  if (rows.length === 0) return []
  const briefs = await loadBriefs(db, rows.map((row) => row.uid), now)
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    cover: row.cover,
    summary: row.summary,
    author: briefOf(briefs, row.uid),
    circle_id: row.circleId,
    view_count: row.viewCount,
    like_count: row.likeCount,
    created_at: unixSeconds(row.createdAt)
  }))
}

/**
 * The whole article for its page. `content` is the Markdown exactly as written: the server never
 * renders or rewrites it, and the page shows raw HTML inside it as text (R16).
 * Articles have no like call yet (docs/community-model.md "Left out"), so is_like is false.
 */
export const toArticle = async (db: Db, row: ArticleRow, viewer: number | undefined, now: Date): Promise<Article> => {
  const [summary] = await toArticleSummaries(db, [row], now)
  return { ...summary!, content: row.content, is_like: false, is_owner: viewer === row.uid }
}
