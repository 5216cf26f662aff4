import { Schema } from "effect"
import { defineRoute } from "../../Route.js"
import { Article, ArticlePublish, ArticleSummary } from "../../schemas/Article.js"
import { Page, PageQuery, QueryId } from "../../schemas/common.js"

/** 文章: list, detail, publish. Paths are ours (not in spec §7). */
export const articleRoutes = {
  articleList: defineRoute({
    name: "community.articleList",
    method: "GET",
    path: "/api/v1/open/community/article/list",
    auth: "none",
    encoding: "query",
    input: Schema.Struct({ circle_id: Schema.optional(QueryId), uid: Schema.optional(QueryId), ...PageQuery.fields }),
    data: Page(ArticleSummary),
    summary: "Articles, newest first, optionally of one circle or one author; no bodies. Path ours (not in spec §7)."
  }),
  articleDetail: defineRoute({
    name: "community.articleDetail",
    method: "GET",
    path: "/api/v1/open/community/article/detail",
    auth: "optional",
    encoding: "query",
    input: Schema.Struct({ id: QueryId }),
    data: Article,
    summary: "One article with its Markdown body for /article-detail/{id}; counts one view. Path ours (not in spec §7)."
  }),
  articlePublish: defineRoute({
    name: "community.articlePublish",
    method: "POST",
    path: "/api/v1/community/article/publish",
    auth: "required",
    encoding: "json",
    input: ArticlePublish,
    data: Article,
    summary: "Publishes an article from /community/publish-article (Markdown body). Path ours (not in spec §7)."
  })
} as const
