import { bigint, boolean, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core"

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow()

/** 0300_artworks.sql: the square's tabs and the publish form's choices. */
export const categories = pgTable("categories", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  key: text("key").notNull(),
  sort: integer("sort").notNull().default(0)
})

export type ArtworkTypeColumn = "quick" | "quick_mj" | "sd" | "agent"
/** 1300_artwork_origin.sql: a drawing, an uploaded image or an AI-toolbox result (docs/spec/library.md). */
export type ArtworkOriginColumn = "draw" | "upload" | "tool"
export type AuditStatusColumn = "draft" | "pending" | "approved" | "rejected"

/**
 * 0300_artworks.sql: artworks of the four types. Other modules reference `id`. The square shows rows
 * with deleted_at null, is_public and audit_status 'approved' (index artworks_feed, R39).
 */
export const artworks = pgTable("artworks", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  userUid: bigint("user_uid", { mode: "number" }).notNull(),
  type: text("type").$type<ArtworkTypeColumn>().notNull(),
  origin: text("origin").$type<ArtworkOriginColumn>().notNull().default("draw"),
  title: text("title"),
  cover: text("cover").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  parameters: jsonb("parameters").$type<unknown>().notNull(),
  categoryId: bigint("category_id", { mode: "number" }),
  isPublic: boolean("is_public").notNull().default(false),
  auditStatus: text("audit_status").$type<AuditStatusColumn>().notNull().default("draft"),
  auditReason: text("audit_reason"),
  auditSubmittedAt: timestamp("audit_submitted_at", { withTimezone: true }),
  viewCount: integer("view_count").notNull().default(0),
  likeCount: integer("like_count").notNull().default(0),
  commentCount: integer("comment_count").notNull().default(0),
  favoriteCount: integer("favorite_count").notNull().default(0),
  shareCount: integer("share_count").notNull().default(0),
  createdAt: createdAt(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
  /** 3000_artwork_aigc.sql: the AIGC attribute (1 generated, 2 possibly, 3 suspected) or null: no notice (AL8) */
  aigcLabel: smallint("aigc_label")
})

/** 0300_artworks.sql: one like per user and artwork. */
export const artworkLikes = pgTable("artwork_likes", {
  uid: bigint("uid", { mode: "number" }).notNull(),
  artworkId: bigint("artwork_id", { mode: "number" }).notNull(),
  createdAt: createdAt()
}, (table) => [primaryKey({ columns: [table.uid, table.artworkId] })])

/** 0300_artworks.sql: collected (收藏) artworks, one row per user and artwork. */
export const collections = pgTable("collections", {
  uid: bigint("uid", { mode: "number" }).notNull(),
  artworkId: bigint("artwork_id", { mode: "number" }).notNull(),
  createdAt: createdAt()
}, (table) => [primaryKey({ columns: [table.uid, table.artworkId] })])

/** 0300_artworks.sql: follower follows followee; never oneself (check constraint). */
export const follows = pgTable("follows", {
  followerUid: bigint("follower_uid", { mode: "number" }).notNull(),
  followeeUid: bigint("followee_uid", { mode: "number" }).notNull(),
  createdAt: createdAt()
}, (table) => [primaryKey({ columns: [table.followerUid, table.followeeUid] })])

/** 0300_artworks.sql: artwork groups (作品集). */
export const artworkGroups = pgTable("artwork_groups", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  userUid: bigint("user_uid", { mode: "number" }).notNull(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  isPublic: boolean("is_public").notNull().default(true),
  coverArtworkId: bigint("cover_artwork_id", { mode: "number" }),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow()
})

/** 0300_artworks.sql: a group's artworks in display order. */
export const artworkGroupItems = pgTable("artwork_group_items", {
  groupId: bigint("group_id", { mode: "number" }).notNull(),
  artworkId: bigint("artwork_id", { mode: "number" }).notNull(),
  position: integer("position").notNull()
}, (table) => [primaryKey({ columns: [table.groupId, table.artworkId] })])

/** 0300_artworks.sql: what others may see on a personal center; no row = all shown. */
export const profileSettings = pgTable("profile_settings", {
  uid: bigint("uid", { mode: "number" }).primaryKey(),
  showLikes: boolean("show_likes").notNull().default(true),
  showCollections: boolean("show_collections").notNull().default(true),
  showGroups: boolean("show_groups").notNull().default(true),
  showFollows: boolean("show_follows").notNull().default(true),
  cover: text("cover"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow()
})

/** 0300_artworks.sql: the online-SD model catalogue the artwork dialog's chips open. */
export const sdModels = pgTable("sd_models", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  type: text("type").$type<"Checkpoint" | "LoRA">().notNull(),
  name: text("name").notNull(),
  cover: text("cover").notNull().default(""),
  description: text("description").notNull().default(""),
  baseModel: text("base_model").notNull().default(""),
  files: jsonb("files").$type<ReadonlyArray<{ name: string; size: number }>>().notNull().default([]),
  tags: jsonb("tags").$type<ReadonlyArray<string>>().notNull().default([]),
  useCount: integer("use_count").notNull().default(0),
  createdAt: createdAt()
})

/** 0300_artworks.sql: the models a user added to their online-SD list. */
export const userSdModels = pgTable("user_sd_models", {
  uid: bigint("uid", { mode: "number" }).notNull(),
  modelId: bigint("model_id", { mode: "number" }).notNull(),
  createdAt: createdAt()
}, (table) => [primaryKey({ columns: [table.uid, table.modelId] })])
