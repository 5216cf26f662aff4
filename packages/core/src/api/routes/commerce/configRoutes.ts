import { Schema } from "effect"
import { defineRoute } from "../../Route.js"
import { AppConfig } from "../../schemas/AppConfig.js"
import { ToolList } from "../../schemas/Tool.js"

/** The app config and the AI toolbox: what the Config service loads for the first paint (spec §3). */
export const configRoutes = {
  appConfig: defineRoute({
    name: "commerce.appConfig",
    method: "GET",
    path: "/api/v1/open/config/app_config",
    auth: "none",
    encoding: "query",
    input: Schema.Struct({}),
    data: AppConfig,
    summary: "The app config as key / value-list pairs (spec §3 keys); loaded at start-up, a failure is only logged."
  }),
  tools: defineRoute({
    name: "commerce.tools",
    method: "GET",
    path: "/api/v1/open/config/tools/list",
    auth: "none",
    encoding: "query",
    input: Schema.Struct({}),
    data: ToolList,
    summary: "The AI toolbox (/tools-panel and the tools bar's switcher): each tool's name, cover and app path."
  })
} as const
