import { bigint, integer, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core"

const time = (name: string) => timestamp(name, { withTimezone: true })

/** 0600_files.sql: every stored, verified object (R19); keys are immutable. */
export const files = pgTable("files", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  key: text("key").notNull().unique(),
  uid: bigint("uid", { mode: "number" }).notNull(),
  size: integer("size").notNull(),
  contentType: text("content_type", { enum: ["image/png", "image/jpeg"] }).notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  scene: text("scene"),
  name: text("name"),
  createdAt: time("created_at").notNull().defaultNow()
})

/** 0600_files.sql: one row per upload policy handed out, for the per-user limit (R18, R37). */
export const uploadPolicyIssues = pgTable("upload_policy_issues", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  uid: bigint("uid", { mode: "number" }).notNull(),
  issuedAt: time("issued_at").notNull().defaultNow()
})

/** 0600_files.sql: an open multipart upload, owned by its caller (R21). */
export const multipartUploads = pgTable("multipart_uploads", {
  uploadId: text("upload_id").primaryKey(),
  uid: bigint("uid", { mode: "number" }).notNull(),
  key: text("key").notNull().unique(),
  contentType: text("content_type", { enum: ["image/png", "image/jpeg"] }).notNull(),
  fileSize: integer("file_size").notNull(),
  partSize: integer("part_size").notNull(),
  partCount: smallint("part_count").notNull(),
  scene: text("scene"),
  name: text("name"),
  createdAt: time("created_at").notNull().defaultNow(),
  expiresAt: time("expires_at").notNull()
})

/** 0600_files.sql: the parts received so far. */
export const multipartParts = pgTable("multipart_parts", {
  uploadId: text("upload_id").notNull(),
  partNumber: smallint("part_number").notNull(),
  size: integer("size").notNull(),
  etag: text("etag").notNull(),
  createdAt: time("created_at").notNull().defaultNow()
}, (table) => [primaryKey({ columns: [table.uploadId, table.partNumber] })])
