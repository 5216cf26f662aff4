import { Schema } from "effect"

/**
 * One entry of the app config (spec §3): a key and a list of text values. Keys the app reads:
 * config.wecom.promotion.qrcode, points.first-post, points.daily-post,
 * config.member.daily.bean.consume.threshold, config.member.remaining.bean.threshold,
 * config.member.expire.remain.days.notice. Numbers arrive as text ("50"); the Config service reads them.
 */
export const ConfigEntry = Schema.Struct({
  key: Schema.String.pipe(Schema.minLength(1)).annotations({ description: "dotted config key, e.g. points.first-post" }),
  value: Schema.Array(Schema.String).annotations({ description: "the values as text; one item for scalar settings" })
})
export type ConfigEntry = typeof ConfigEntry.Type

/** GET /api/v1/open/config/app_config answers data.list (spec §7). */
export const AppConfig = Schema.Struct({ list: Schema.Array(ConfigEntry) })
export type AppConfig = typeof AppConfig.Type
