import { use } from "react"
import type { ArticleEditorStore } from "../stores/article/ArticleEditorStore.js"
import type { ArticleStore } from "../stores/article/ArticleStore.js"
import { useRootStore } from "./useRootStore.js"

/**
 * The article pages' stores; each suspends until their code has arrived (the first visit of
 * /community/publish-article, /demo/editor or /article-detail/{id}). A module of its own: only
 * those pages' chunks import it, so /list's first load (ADR 0007) carries none of it.
 */
export const useArticleEditorStore = (): ArticleEditorStore => use(useRootStore().articleStores()).editor
export const useArticleStore = (): ArticleStore => use(useRootStore().articleStores()).article
