import type { ServiceRunner } from "../ServiceRunner.js"
import type { SessionStore } from "../SessionStore.js"
import type { Store } from "../Store.js"
import type { ToastStore } from "../ToastStore.js"
import { ArticleEditorStore } from "./ArticleEditorStore.js"
import { ArticleStore } from "./ArticleStore.js"

/**
 * The article pages' two stores, made together on the first visit of any of them: one line in the
 * registry and one import() in /list's first load instead of two (ADR 0007).
 */
export interface ArticleStores extends Store {
  dispose(): void
  readonly editor: ArticleEditorStore
  readonly article: ArticleStore
}

export const makeArticleStores = (runner: ServiceRunner, session: SessionStore, toasts: ToastStore): ArticleStores => {
  const editor = new ArticleEditorStore(runner, session, toasts)
  const article = new ArticleStore(runner, session)
  return {
    editor,
    article,
    reset: () => {
      editor.reset()
      article.reset()
    },
    dispose: () => editor.dispose()
  }
}
