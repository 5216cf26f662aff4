import { Schema } from "effect"

/** A quick-mode style preset (/aigc 快捷绘画): its group, name and cover, as the server lists them. */
export const QuickStyle = Schema.Struct({
  group: Schema.Literal("default", "pro").annotations({ description: "default 基础风格, pro 专业风格 (costs more)" }),
  name: Schema.String.annotations({ description: "the style's Chinese name, sent back as style_name" }),
  cover: Schema.String.annotations({ description: "a picture of the style (an image address)" }),
  description: Schema.optional(Schema.String)
})
export type QuickStyle = typeof QuickStyle.Type

export const QuickStyleList = Schema.Struct({ list: Schema.Array(QuickStyle) })

/** A Midjourney version for MJ mode: the name sent as `version`, a label and a cover. */
export const MjVersion = Schema.Struct({
  name: Schema.String.annotations({ description: "sent as version, e.g. v7, niji 6" }),
  label: Schema.String.annotations({ description: "what the page shows, e.g. MJ V7 写实" }),
  cover: Schema.String,
  description: Schema.optional(Schema.String)
})
export type MjVersion = typeof MjVersion.Type

export const MjVersionList = Schema.Struct({ list: Schema.Array(MjVersion) })
