import { Schema } from "effect"
import { Id, UnixSeconds } from "./common.js"
import { ImageUrl, OptionalUserText, UserText } from "./textFields.js"
import { UserBrief } from "./UserBrief.js"

const Count = Schema.Int.pipe(Schema.nonNegative())

/** The fields of an article (文章) that a list card shows. */
const articleCardFields = {
  id: Id,
  title: Schema.String,
  cover: Schema.NullOr(Schema.String).annotations({ description: "null when published without a cover" }),
  summary: Schema.String.annotations({ description: "plain text; the author's, or the body's first 100 characters" }),
  author: UserBrief,
  circle_id: Schema.NullOr(Id),
  view_count: Count,
  like_count: Count,
  created_at: UnixSeconds
} as const

/** An item of the article list: no body. */
export const ArticleSummary = Schema.Struct(articleCardFields).annotations({ identifier: "ArticleSummary" })
export type ArticleSummary = typeof ArticleSummary.Type

/**
 * An article as /article-detail/{id} shows it. `content` is Markdown (CommonMark), never HTML: the
 * page renders it to React elements with raw HTML switched off and links limited to http(s) and
 * same-site paths, so user text never reaches innerHTML (R15, R16). See docs/community-model.md.
 */
export const Article = Schema.Struct({
  ...articleCardFields,
  content: Schema.String.annotations({ description: "Markdown; raw HTML inside it is shown as text" }),
  is_like: Schema.Boolean,
  is_owner: Schema.Boolean
}).annotations({ identifier: "Article" })
export type Article = typeof Article.Type

/** POST /api/v1/community/article/publish (/community/publish-article). */
export const ArticlePublish = Schema.Struct({
  title: UserText("标题", 50),
  cover: Schema.optional(ImageUrl),
  summary: Schema.optionalWith(OptionalUserText("摘要", 200), { default: () => "" }),
  content: UserText("正文", 5000).annotations({ description: "Markdown" }),
  circle_id: Schema.optional(Id).annotations({ description: "a circle the viewer has joined" })
})
export type ArticlePublish = typeof ArticlePublish.Type
