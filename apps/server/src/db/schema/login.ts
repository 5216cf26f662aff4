import { bigint, boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core"

const at = (name: string) => timestamp(name, { withTimezone: true })

/** 0100_login.sql: single-use image captchas for a phone or a user (R1). */
export const loginCaptchas = pgTable("login_captchas", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  subject: text("subject").notNull(),
  answerHash: text("answer_hash").notNull(),
  ip: text("ip").notNull(),
  createdAt: at("created_at").notNull(),
  expiresAt: at("expires_at").notNull(),
  usedAt: at("used_at")
})

/** 0100_login.sql: every SMS handed to the provider; the limiter counts these (R2). */
export const smsSendLog = pgTable("sms_send_log", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  phone: text("phone").notNull(),
  ip: text("ip").notNull(),
  purpose: text("purpose").notNull(),
  sentAt: at("sent_at").notNull()
})

export type SmsPurpose = "login" | "wechat_bind" | "user" | "bind"

/** 0100_login.sql: one-time codes, hashed, keyed by (phone, purpose) (R3, R4). */
export const smsCodes = pgTable("sms_codes", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  phone: text("phone").notNull(),
  purpose: text("purpose").$type<SmsPurpose>().notNull(),
  codeHash: text("code_hash").notNull(),
  createdAt: at("created_at").notNull(),
  expiresAt: at("expires_at").notNull(),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  usedAt: at("used_at")
})

export type QrPurpose = "login" | "bind"
export type QrStatus = "waiting" | "scanned" | "confirmed" | "bind_phone" | "failed" | "done"

/** 0100_login.sql: WeChat QR keys by hash (R5). */
export const wechatQrKeys = pgTable("wechat_qr_keys", {
  keyHash: text("key_hash").primaryKey(),
  purpose: text("purpose").$type<QrPurpose>().notNull(),
  uid: bigint("uid", { mode: "number" }),
  nonceHash: text("nonce_hash"),
  ip: text("ip").notNull(),
  status: text("status").$type<QrStatus>().notNull().default("waiting"),
  openid: text("openid"),
  /** 2710_wechat_unionid.sql */
  unionid: text("unionid"),
  resultUid: bigint("result_uid", { mode: "number" }),
  isRegister: boolean("is_register").notNull().default(false),
  error: text("error"),
  createdAt: at("created_at").notNull(),
  expiresAt: at("expires_at").notNull(),
  pollWindowStart: at("poll_window_start"),
  pollCount: integer("poll_count").notNull().default(0)
})

/** 0100_login.sql: single-use proof that the current phone was verified (R6). */
export const phoneChangeTickets = pgTable("phone_change_tickets", {
  ticketHash: text("ticket_hash").primaryKey(),
  uid: bigint("uid", { mode: "number" }).notNull(),
  createdAt: at("created_at").notNull(),
  expiresAt: at("expires_at").notNull(),
  usedAt: at("used_at")
})
