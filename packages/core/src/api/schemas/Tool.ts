import { Schema } from "effect"

/** An app route: starts with one "/" (never "//" or "/\", which browsers read as another host, R13). */
export const AppPath = Schema.String.pipe(Schema.pattern(/^\/(?![/\\])\S*$/)).annotations({
  description: "a path inside the web app, e.g. /tools/hd-repair"
})

/** One tool of the toolbox and the tools bar's switcher (spec §2 Tools layout, §3 Tool). */
export const Tool = Schema.Struct({
  key: Schema.String.pipe(Schema.minLength(1)).annotations({ description: "stable tool key, e.g. hd-repair" }),
  name: Schema.String,
  description: Schema.String,
  cover: Schema.String.annotations({ description: "cover image address" }),
  path: AppPath
})
export type Tool = typeof Tool.Type

/** GET /api/v1/open/config/tools/list answers data.list (spec §7). */
export const ToolList = Schema.Struct({ list: Schema.Array(Tool) })
export type ToolList = typeof ToolList.Type
