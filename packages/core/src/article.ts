/**
 * @mido/core/article: the article pages' rules and calls (issue 17: /community/publish-article,
 * /article-detail/{id}, /demo/editor): the safe link and image rules of Markdown (AR1–AR3), the word
 * count (AR4), the local draft (AR5) and makeArticlesService. An entry of its own because the main
 * entry is at its budget (docs/adr/0005) and only those pages' lazy chunks need it. Names exported
 * here are exported from no other entry (docs/spec/article.md).
 */
export { articleImageSrc, articleLinkHref, articleLinkInput, ArticleLinkMessages, type LinkInput } from "./domain/article/articleLinks.js"
export { articleWordCount } from "./domain/article/articleWordCount.js"
export { ARTICLE_DRAFT_DEBOUNCE_MS, ArticleDraft, articleDraftKey, isBlankDraft } from "./domain/article/articleDraft.js"
export { ARTICLE_CIRCLES_SIZE, type ArticleForm, articlePublishInput, type ArticlesShape, makeArticlesService } from "./services/Articles.js"
