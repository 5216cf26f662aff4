import { bigint, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core"

/** 0001_core.sql: people. `phone` is stored in full but never leaves the server unmasked (R10). */
export const users = pgTable("users", {
  uid: bigint("uid", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  phone: text("phone"),
  wechatOpenid: text("wechat_openid"),
  /** 2710_wechat_unionid.sql: WeChat's UnionID when the Official Account reports one. */
  wechatUnionid: text("wechat_unionid"),
  nickname: text("nickname").notNull(),
  avatar: text("avatar").notNull().default(""),
  bio: text("bio").notNull().default(""),
  vipLevel: smallint("vip_level").notNull().default(0),
  vipExpiredAt: timestamp("vip_expired_at", { withTimezone: true }),
  inviteCode: text("invite_code").notNull(),
  invitedBy: bigint("invited_by", { mode: "number" }),
  nid: text("nid").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** 2810_user_bans.sql: set by the operator console's ban; every write of a banned account is refused. */
  bannedAt: timestamp("banned_at", { withTimezone: true }),
  banReason: text("ban_reason")
})

/** 0001_core.sql: sessions by token hash (R7). */
export const sessions = pgTable("sessions", {
  tokenHash: text("token_hash").primaryKey(),
  uid: bigint("uid", { mode: "number" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  revokedAt: timestamp("revoked_at", { withTimezone: true })
})
