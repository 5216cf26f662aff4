// the article pages (/community/publish-article, /article-detail/{id}, /demo/editor) share one small
// lazy chunk: one import in the route table instead of three keeps /list's first load as it was
// (ADR 0007); the editor (Tiptap) and the renderer (react-markdown) are chunks of their own below it
export { ArticleDetailPage } from "./Article/ArticleDetailPage"
export { DemoEditorPage } from "./Article/DemoEditorPage"
export { PublishArticlePage } from "./Article/PublishArticlePage"
