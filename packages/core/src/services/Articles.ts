import { Effect, Option, Schema } from "effect"
import type { CallError, InputCallError } from "../api/ApiErrors.js"
import { articleRoutes } from "../api/routes/community/articleRoutes.js"
import { circleRoutes } from "../api/routes/community/circleRoutes.js"
import { fileRoutes } from "../api/routes/fileRoutes.js"
import type { Article, ArticlePublish } from "../api/schemas/Article.js"
import type { Circle } from "../api/schemas/Circle.js"
import { ArticleDraft, articleDraftKey } from "../domain/article/articleDraft.js"
import { KeyValueStore } from "../ports/KeyValueStore.js"
import { ApiClient } from "./ApiClient.js"
import { validateInput } from "./validateInput.js"

/** The most circles the publish form offers to post into (the caller's joined circles). */
export const ARTICLE_CIRCLES_SIZE = 50

/** What the publish form sends, as typed: empty fields are left out before the schema checks it. */
export interface ArticleForm {
  readonly title: string
  readonly cover: string
  readonly summary: string
  readonly circle_id: number | null
  readonly content: string
}

export interface ArticlesShape {
  /** GET /api/v1/open/community/article/detail: one article with its Markdown body (counts a view). */
  readonly detail: (id: number) => Effect.Effect<Article, CallError>
  /** POST /api/v1/community/article/publish after the route's own schema (请输入标题, lengths …). */
  readonly publish: (form: ArticleForm) => Effect.Effect<Article, InputCallError>
  /**
   * An image posted straight to storage (Uploads.uploadToOss) is recorded with file/create (scene
   * community): the server checks it is the caller's and a real png or jpeg (R19), and only a recorded
   * upload may be an article's cover. Gives its public address.
   */
  readonly recordImage: (key: string) => Effect.Effect<string, CallError>
  /** The circles the caller has joined (scope joined), for the form's optional 圈子. */
  readonly joinedCircles: () => Effect.Effect<ReadonlyArray<Circle>, CallError>
  /** AR5: the account's local draft; a corrupt stored value counts as absent and is removed. */
  readonly loadDraft: (uid: number) => Effect.Effect<Option.Option<ArticleDraft>>
  readonly saveDraft: (uid: number, draft: ArticleDraft) => Effect.Effect<void>
  readonly clearDraft: (uid: number) => Effect.Effect<void>
}

const draftCodec = Schema.parseJson(ArticleDraft)

/** The form as the publish route's input: blank optional fields are absent, not "". */
export const articlePublishInput = (form: ArticleForm): Partial<ArticlePublish> & Record<string, unknown> => ({
  title: form.title,
  content: form.content,
  ...(form.cover !== "" ? { cover: form.cover } : {}),
  ...(form.summary.trim() !== "" ? { summary: form.summary } : {}),
  ...(form.circle_id !== null ? { circle_id: form.circle_id } : {})
})

/**
 * The article pages' calls (issue 17: /community/publish-article, /article-detail/{id}, /demo/editor)
 * over the app's ApiClient and KeyValueStore. In @mido/core/article, made like makeInvitesService:
 * no Layer, so nothing of it reaches the first load.
 */
export const makeArticlesService: Effect.Effect<ArticlesShape, never, ApiClient | KeyValueStore> = Effect.gen(function* () {
  const api = yield* ApiClient
  const storage = yield* KeyValueStore
  return {
    detail: (id) => api.call(articleRoutes.articleDetail, { id }),
    publish: (form) => Effect.flatMap(validateInput(articleRoutes.articlePublish, articlePublishInput(form)), (input) => api.call(articleRoutes.articlePublish, input)),
    recordImage: (key) => Effect.map(api.call(fileRoutes.fileCreate, { key, scene: "community" }), (stored) => stored.url),
    joinedCircles: () => Effect.map(api.call(circleRoutes.circleList, { scope: "joined", page: 1, size: ARTICLE_CIRCLES_SIZE }), (page) => page.list),
    loadDraft: (uid) =>
      Effect.gen(function* () {
        const key = articleDraftKey(uid)
        const stored = yield* storage.get(key)
        if (stored === undefined) return Option.none()
        const draft = Schema.decodeUnknownOption(draftCodec)(stored)
        if (Option.isNone(draft)) yield* storage.remove(key)
        return draft
      }),
    saveDraft: (uid, draft) => Effect.flatMap(Effect.orDie(Schema.encode(draftCodec)(draft)), (text) => storage.set(articleDraftKey(uid), text)),
    clearDraft: (uid) => storage.remove(articleDraftKey(uid))
  }
})
