import { Schema } from "effect"

/** AR5: what a local draft of /community/publish-article keeps, as typed (nothing is checked yet). */
export const ArticleDraft = Schema.Struct({
  title: Schema.String,
  cover: Schema.String,
  summary: Schema.String,
  circle_id: Schema.NullOr(Schema.Number),
  content: Schema.String,
  /** Unix milliseconds of the save, shown as 保存于 when the draft is offered back. */
  saved_at: Schema.Number
})
export type ArticleDraft = typeof ArticleDraft.Type

/** The device keeps one draft per account, so a second account on the same browser never sees it. */
export const articleDraftKey = (uid: number): string => `mido.article-draft.${uid}`

/** AR5: a draft with nothing typed is not worth keeping or offering. */
export const isBlankDraft = (draft: Omit<ArticleDraft, "saved_at">): boolean =>
  draft.title.trim() === "" && draft.cover === "" && draft.summary.trim() === "" && draft.content.trim() === ""

/** Debounce of the draft's save: typing saves at most this often. */
export const ARTICLE_DRAFT_DEBOUNCE_MS = 800
