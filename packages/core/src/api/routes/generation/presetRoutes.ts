import { Schema } from "effect"
import { defineRoute } from "../../Route.js"
import { MjVersionList, QuickStyleList } from "../../schemas/QuickPresets.js"

/** The /aigc choices the server offers (designed): quick style presets and MJ versions, with covers. */
export const presetRoutes = {
  quickStyles: defineRoute({
    name: "generation.quickStyles",
    method: "GET",
    path: "/api/v2/quick/styles",
    auth: "none",
    encoding: "query",
    input: Schema.Struct({}),
    data: QuickStyleList,
    summary: "The quick mode's style presets, groups default and pro, each with a Chinese name and a cover (payload ours)."
  }),
  mjVersions: defineRoute({
    name: "generation.mjVersions",
    method: "GET",
    path: "/api/v2/quick/mj/versions",
    auth: "none",
    encoding: "query",
    input: Schema.Struct({}),
    data: MjVersionList,
    summary: "The Midjourney versions MJ mode offers, each with a label and a cover (payload ours)."
  })
} as const
