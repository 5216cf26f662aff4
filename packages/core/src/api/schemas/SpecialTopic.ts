import { Schema } from "effect"
import { Id, UnixSeconds } from "./common.js"
import { ArticleSummary } from "./Article.js"
import { ArtworkCard } from "./ArtworkCard.js"
import { Slug } from "./textFields.js"

/** A special topic (专题): an editors' collection around one theme (/activity/special-feature/{key}). */
export const SpecialTopic = Schema.Struct({
  id: Id,
  key: Slug,
  title: Schema.String,
  cover: Schema.String,
  description: Schema.String.annotations({ description: "plain text (R16)" }),
  item_count: Schema.Int.pipe(Schema.nonNegative()),
  created_at: UnixSeconds
}).annotations({ identifier: "SpecialTopic" })
export type SpecialTopic = typeof SpecialTopic.Type

/** One item of a special topic, in the editors' order: an artwork or an article. */
export const SpecialTopicItem = Schema.Union(
  Schema.Struct({ kind: Schema.Literal("artwork"), artwork: ArtworkCard }),
  Schema.Struct({ kind: Schema.Literal("article"), article: ArticleSummary })
).annotations({ identifier: "SpecialTopicItem", description: "discriminated on kind: artwork | article" })
export type SpecialTopicItem = typeof SpecialTopicItem.Type
