import { Schema } from "effect"
import { ArtworkType, artworkFaceFields } from "./Artwork.js"

/**
 * Where an own artwork stands on the way to the inspiration square (审核): draft 未发布 (only in the
 * library), pending 审核中, approved 已发布, rejected 未通过. Server-owned (R12).
 */
export const AuditStatus = Schema.Literal("draft", "pending", "approved", "rejected")
export type AuditStatus = typeof AuditStatus.Type

/** An item of the viewer's own library (/property, GET /api/v2/artwork/list): published or not. */
export const LibraryArtwork = Schema.Struct({
  type: ArtworkType,
  ...artworkFaceFields,
  audit_status: AuditStatus,
  audit_reason: Schema.optional(Schema.String).annotations({ description: "why a rejected work was refused, shown to its owner" }),
  is_public: Schema.Boolean.annotations({ description: "shown on the owner's personal center" })
}).annotations({ identifier: "LibraryArtwork" })
export type LibraryArtwork = typeof LibraryArtwork.Type

/** A tab of the library: an artwork type, its Chinese label and how many the viewer owns. */
export const ArtworkTypeTab = Schema.Struct({
  type: ArtworkType,
  name: Schema.String.annotations({ description: "快捷绘画, MJ 模型, 在线 SD, 智能助手" }),
  count: Schema.Int.pipe(Schema.nonNegative())
})
export type ArtworkTypeTab = typeof ArtworkTypeTab.Type
