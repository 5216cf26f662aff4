import { type SpecialTopic, type SpecialTopicItem } from "@mido/core"
import { Api } from "@mido/core/contract"
import { and, asc, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm"
import type { Hono } from "hono"
import type { Db } from "../../db/database.js"
import { articles, specialTopicItems, specialTopics } from "../../db/schema/community.js"
import { toArticleSummaries } from "./communityArticles.js"
import { loadArtworkCards, shownArticle, VISIBLE_ARTWORK } from "./communityViews.js"
import { implement } from "../../platform/contract.js"
import type { ServerDeps } from "../../platform/deps.js"
import { notFound } from "../../platform/failure.js"
import { unixSeconds } from "../../platform/chinaTime.js"

/** An item is shown while its article exists (cascade) or its artwork is on the square. */
const shownItem = sql`(${specialTopicItems.articleId} is not null
  or exists (select 1 from artworks a where a.id = ${specialTopicItems.artworkId} and ${VISIBLE_ARTWORK}))`

type TopicRow = typeof specialTopics.$inferSelect

const toTopics = async (db: Db, rows: ReadonlyArray<TopicRow>): Promise<Array<SpecialTopic>> => {
  if (rows.length === 0) return []
  const counts = await db.select({ topicId: specialTopicItems.topicId, total: sql<number>`count(*)::int` }).from(specialTopicItems)
    .where(and(inArray(specialTopicItems.topicId, rows.map((row) => row.id)), shownItem)).groupBy(specialTopicItems.topicId)
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    title: row.title,
    cover: row.cover,
    description: row.description,
    item_count: counts.find((count) => count.topicId === row.id)?.total ?? 0,
    created_at: unixSeconds(row.createdAt)
  }))
}

const { content: _content, ...articleCardColumns } = getTableColumns(articles)

/** 专题: list, newest first; detail by key with one page of its items in the editors' order. */
export const registerSpecialTopics = (app: Hono, deps: ServerDeps) => {
  const { db } = deps

  implement(app, deps, Api.community.specialTopicList, async (input) => {
    const rows = await db.select().from(specialTopics).orderBy(desc(specialTopics.id)).limit(input.size).offset((input.page - 1) * input.size)
    const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(specialTopics)
    return { list: await toTopics(db, rows), total: count?.total ?? 0 }
  })

  implement(app, deps, Api.community.specialTopicDetail, async (input, { uid }) => {
    const [row] = await db.select().from(specialTopics).where(eq(specialTopics.key, input.key)).limit(1)
    if (row === undefined) throw notFound("专题不存在或已下线")
    const [topic] = await toTopics(db, [row])
    const items = await db.select().from(specialTopicItems)
      .where(and(eq(specialTopicItems.topicId, row.id), shownItem))
      .orderBy(asc(specialTopicItems.sort), asc(specialTopicItems.id)).limit(input.size).offset((input.page - 1) * input.size)
    const articleIds = items.flatMap((item) => (item.articleId === null ? [] : [item.articleId]))
    const articleRows = articleIds.length === 0 ? [] : await db.select(articleCardColumns).from(articles).where(and(inArray(articles.id, articleIds), shownArticle))
    const summaries = new Map((await toArticleSummaries(db, articleRows, deps.now())).map((summary) => [summary.id, summary]))
    const cards = await loadArtworkCards(db, items.flatMap((item) => (item.artworkId === null ? [] : [item.artworkId])), uid)
    const list = items.flatMap((item): Array<SpecialTopicItem> => {
      const article = item.articleId === null ? undefined : summaries.get(item.articleId)
      if (article !== undefined) return [{ kind: "article", article }]
      const card = item.artworkId === null ? undefined : cards.get(item.artworkId)
      return card === undefined ? [] : [{ kind: "artwork", artwork: card }]
    })
    return { topic: topic!, list, total: topic!.item_count }
  })
}
