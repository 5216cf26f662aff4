import { Schema } from "effect"
import { DateTimeText, Id, Page, PageQuery } from "../schemas/common.js"
import { defineAdminRoute } from "./AdminRoute.js"

/** A word of the moderation list (审核词库) as the operator typed it and as texts are matched (docs/spec/moderation.md MO4). */
export const ModerationWord = Schema.Struct({
  id: Id,
  word: Schema.String,
  form: Schema.String.annotations({ description: "the matching form: full-width folded, lower case, only letters and digits" }),
  created_at_str: DateTimeText
})
export type ModerationWord = typeof ModerationWord.Type

export const ModerationWordAdd = Schema.Struct({
  word: Schema.Trim.pipe(
    Schema.minLength(1, { message: () => "请输入敏感词" }),
    Schema.maxLength(50, { message: () => "敏感词最多 50 个字" })
  )
})
export type ModerationWordAdd = typeof ModerationWordAdd.Type

/** One refused or flagged text or image (MO7), for the review queue. */
export const ModerationOutcome = Schema.Struct({
  id: Id,
  uid: Schema.NullOr(Schema.Int),
  place: Schema.String.annotations({ description: "prompt, negative_prompt, assistant, post, comment, article, circle, nickname, bio, artwork_title, artwork_publish, post_image…" }),
  target_id: Schema.NullOr(Schema.String),
  content: Schema.String.annotations({ description: "the text's first 500 characters, or the image's address" }),
  verdict: Schema.Literal("refuse", "review"),
  labels: Schema.Array(Schema.String),
  checker: Schema.String.annotations({ description: "wordlist, aliyun…" }),
  created_at_str: DateTimeText
})
export type ModerationOutcome = typeof ModerationOutcome.Type

/** 审核词库 (operator) and the moderation outcomes the review queue shows (reviewer). */
export const moderationRoutes = {
  words: defineAdminRoute({
    name: "admin.moderation.words",
    method: "GET",
    path: "/api/v1/admin/moderation/words",
    auth: "required",
    role: "operator",
    encoding: "query",
    input: Schema.Struct({}),
    data: Schema.Struct({ list: Schema.Array(ModerationWord) }),
    summary: "The whole word list, by matching form."
  }),
  addWord: defineAdminRoute({
    name: "admin.moderation.addWord",
    method: "POST",
    path: "/api/v1/admin/moderation/word_add",
    auth: "required",
    role: "operator",
    encoding: "json",
    input: ModerationWordAdd,
    data: ModerationWord,
    summary: "Adds a word (409 该词已在词库中 when its form is listed); every process matches it at once. Audited."
  }),
  removeWord: defineAdminRoute({
    name: "admin.moderation.removeWord",
    method: "POST",
    path: "/api/v1/admin/moderation/word_remove",
    auth: "required",
    role: "operator",
    encoding: "json",
    input: Schema.Struct({ id: Id }),
    data: Schema.Struct({ id: Id }),
    summary: "Removes a word. Audited."
  }),
  outcomes: defineAdminRoute({
    name: "admin.moderation.outcomes",
    method: "GET",
    path: "/api/v1/admin/moderation/outcomes",
    auth: "required",
    role: "reviewer",
    encoding: "query",
    input: PageQuery,
    data: Page(ModerationOutcome),
    summary: "Refused and flagged texts and images, newest first."
  })
} as const
