import type { Artwork, ArtworkCard, LibraryArtwork, UserStat } from "@mido/core"
import { libraryTypeOf } from "@mido/core/generation"
import { AgentParameters, QuickMjParameters, QuickParameters, SdParameters } from "@mido/core/contract"
import { and, eq, isNull, or, type SQL, sql } from "drizzle-orm"
import { Schema } from "effect"
import { type ArtworkOriginColumn, artworks } from "../../db/schema/artworks.js"
import { users } from "../../db/schema/users.js"
import { unixSeconds } from "../../platform/chinaTime.js"

/**
 * How an artwork row becomes what the API shows: the visibility rules, the columns a card needs and
 * the mapping to ArtworkCard, LibraryArtwork and the detail Artwork (spec §3).
 */

/** On the square and on personal centers: live, public and approved (the partial index of R39). */
export const publicArtwork: SQL = and(isNull(artworks.deletedAt), eq(artworks.isPublic, true), eq(artworks.auditStatus, "approved"))!

/** What a viewer may open: public works, and every live work of their own (R11). */
export const visibleTo = (viewer: number | undefined): SQL =>
  viewer === undefined
    ? publicArtwork
    : and(isNull(artworks.deletedAt), or(and(eq(artworks.isPublic, true), eq(artworks.auditStatus, "approved")), eq(artworks.userUid, viewer)))!

/** The viewer's heart on each row (a select over the artworks table by its name); false for a visitor. */
export const likedBy = (viewer: number | undefined) =>
  viewer === undefined
    ? sql<boolean>`false`
    : sql<boolean>`exists (select 1 from artwork_likes l where l.uid = ${viewer} and l.artwork_id = ${artworks.id})`

/** Columns every card shows; select from artworks inner join users on the author. */
export const faceColumns = {
  id: artworks.id,
  type: artworks.type,
  title: artworks.title,
  cover: artworks.cover,
  width: artworks.width,
  height: artworks.height,
  createdAt: artworks.createdAt,
  commentCount: artworks.commentCount,
  favoriteCount: artworks.favoriteCount,
  likeCount: artworks.likeCount,
  shareCount: artworks.shareCount,
  viewCount: artworks.viewCount,
  userUid: artworks.userUid,
  userName: users.nickname,
  userAvatar: users.avatar,
  aigcLabel: artworks.aigcLabel
} as const

export const cardColumns = (viewer: number | undefined) => ({ ...faceColumns, isLike: likedBy(viewer) })

/** LB2: a tool result's tool, as its args name it (GA3: key "tool", the tool's Chinese name). */
const toolNameColumn = sql<string | null>`case when ${artworks.origin} = 'tool' and jsonb_typeof(${artworks.parameters} -> 'args') = 'array'
  then (select arg ->> 'value' from jsonb_array_elements(${artworks.parameters} -> 'args') arg where arg ->> 'key' = 'tool' limit 1) end`

export const libraryColumns = {
  ...faceColumns,
  origin: artworks.origin,
  toolName: toolNameColumn,
  auditStatus: artworks.auditStatus,
  auditReason: artworks.auditReason,
  isPublic: artworks.isPublic
} as const

export interface FaceRow {
  readonly id: number
  readonly type: Artwork["type"]
  readonly title: string | null
  readonly cover: string
  readonly width: number
  readonly height: number
  readonly createdAt: Date
  readonly commentCount: number
  readonly favoriteCount: number
  readonly likeCount: number
  readonly shareCount: number
  readonly viewCount: number
  readonly userUid: number
  readonly userName: string
  readonly userAvatar: string
  /** AL8: the AIGC attribute behind the card's notice; null: none */
  readonly aigcLabel: number | null
}

type StatRow = Pick<FaceRow, "commentCount" | "favoriteCount" | "likeCount" | "shareCount" | "viewCount">

export const statOf = (row: StatRow) => ({
  comment_count: row.commentCount,
  favorite_count: row.favoriteCount,
  like_count: row.likeCount,
  share_count: row.shareCount,
  view_count: row.viewCount
})

/** AL8: the attribute as the contract has it (1, 2 or 3); anything else is no notice. */
const aigcLabelOf = (value: number | null): 1 | 2 | 3 | undefined => (value === 1 || value === 2 || value === 3 ? value : undefined)
const aigcOf = (value: number | null) => {
  const label = aigcLabelOf(value)
  return label === undefined ? {} : { aigc_label: label }
}

const face = (row: FaceRow) => ({
  id: row.id,
  cover: row.cover,
  width: row.width,
  height: row.height,
  created_at: unixSeconds(row.createdAt),
  ...(row.title !== null && row.title !== "" ? { title: row.title } : {}),
  stat: statOf(row),
  user_avatar: row.userAvatar,
  user_name: row.userName,
  user_uid: row.userUid,
  ...aigcOf(row.aigcLabel)
})

/**
 * A card from a row whose created_at is already unix seconds (the feed reads it so). One object
 * literal, no spreads: on a 20-card feed page the spread version cost ~250 µs, this one ~2 µs. The
 * title key is present but undefined when there is none; JSON leaves it out, as the contract wants.
 */
export const cardAt = (row: Omit<FaceRow, "createdAt"> & { readonly isLike: boolean }, createdAt: number): ArtworkCard => ({
  type: row.type,
  id: row.id,
  cover: row.cover,
  width: row.width,
  height: row.height,
  created_at: createdAt,
  title: row.title !== null && row.title !== "" ? row.title : undefined,
  stat: statOf(row),
  user_avatar: row.userAvatar,
  user_name: row.userName,
  user_uid: row.userUid,
  aigc_label: aigcLabelOf(row.aigcLabel),
  is_like: row.isLike
})

export const toCard = (row: FaceRow & { readonly isLike: boolean }): ArtworkCard => cardAt(row, unixSeconds(row.createdAt))

export interface LibraryRow extends FaceRow {
  readonly origin: ArtworkOriginColumn
  readonly toolName: string | null
  readonly auditStatus: LibraryArtwork["audit_status"]
  readonly auditReason: string | null
  readonly isPublic: boolean
}

export const toLibraryItem = (row: LibraryRow): LibraryArtwork => ({
  type: row.type,
  ...face(row),
  library_type: libraryTypeOf(row.type, row.origin),
  ...(row.origin === "tool" && row.toolName !== null && row.toolName !== "" ? { tool_name: row.toolName } : {}),
  audit_status: row.auditStatus,
  ...(row.auditStatus === "rejected" && row.auditReason !== null ? { audit_reason: row.auditReason } : {}),
  is_public: row.isPublic
})

export interface ViewerFlags {
  readonly is_collected: boolean
  readonly is_follow: boolean
  readonly is_like: boolean
  readonly is_owner: boolean
}

/**
 * The detail dialog's artwork: the stored parameters are read with the type's own schema, so what
 * leaves the server is what the contract says; prompts stay text as they were typed (R16).
 */
export const toArtwork = (row: FaceRow & { readonly parameters: unknown; readonly origin?: ArtworkOriginColumn }, userStat: UserStat, flags: ViewerFlags): Artwork => {
  const base = { ...face(row), user_stat: userStat, ...flags, ...(row.origin !== undefined ? { origin: row.origin } : {}) }
  switch (row.type) {
    case "quick":
      return { ...base, type: "quick", parameters: Schema.decodeUnknownSync(QuickParameters)(row.parameters) }
    case "quick_mj":
      return { ...base, type: "quick_mj", parameters: Schema.decodeUnknownSync(QuickMjParameters)(row.parameters) }
    case "sd":
      return { ...base, type: "sd", parameters: Schema.decodeUnknownSync(SdParameters)(row.parameters) }
    case "agent":
      return { ...base, type: "agent", parameters: Schema.decodeUnknownSync(AgentParameters)(row.parameters) }
  }
}
