// the article pages' data as their components read them (pages may not import the core)
export type { Article, Circle } from "@mido/core"
export type { ArticleDraft, LinkInput } from "@mido/core/article"
