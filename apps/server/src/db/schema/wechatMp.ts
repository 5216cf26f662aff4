import { pgTable, text, timestamp } from "drizzle-orm/pg-core"

const at = (name: string) => timestamp(name, { withTimezone: true })

/** 2700_wechat_mp.sql: the Official Account's access_token, shared by every process (ADR 0019). */
export const wechatMpTokens = pgTable("wechat_mp_tokens", {
  appId: text("app_id").primaryKey(),
  accessToken: text("access_token"),
  expiresAt: at("expires_at"),
  refreshingUntil: at("refreshing_until")
})

/** 2700_wechat_mp.sql: callback events already acted on (replays change nothing). */
export const wechatMpEvents = pgTable("wechat_mp_events", {
  dedupeKey: text("dedupe_key").primaryKey(),
  receivedAt: at("received_at").notNull()
})
