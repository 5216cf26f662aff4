import { Schema } from "effect"
import { Id } from "./common.js"
import { Slug } from "./textFields.js"

/** An artwork category (分类: 人像, 插画, 风景 …): the tabs of the inspiration square and of publishing. */
export const Category = Schema.Struct({
  id: Id,
  name: Schema.String,
  key: Slug.annotations({ description: "stable key for addresses and analytics, e.g. portrait" }),
  sort: Schema.Int.annotations({ description: "ascending display order" })
}).annotations({ identifier: "Category" })
export type Category = typeof Category.Type
