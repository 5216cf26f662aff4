import { Schema } from "effect"
import { ArtworkType, artworkFaceFields } from "./Artwork.js"

/**
 * Where an own artwork stands on the way to the inspiration square (审核): draft 未发布 (only in the
 * library), pending 审核中, approved 已发布, rejected 未通过. Server-owned (R12).
 */
export const AuditStatus = Schema.Literal("draft", "pending", "approved", "rejected")
export type AuditStatus = typeof AuditStatus.Type

/**
 * The library's own classification (its tabs): the four drawing types of spec §3 (在线 SD only for
 * drawings made on /webui), plus upload 上传 (an image the owner uploaded, POST /api/v2/artwork/upload)
 * and tool 工具 (a result of the AI toolbox). The artwork itself keeps its spec `type` (an upload or a
 * tool result is an sd artwork for the detail dialog); only the library tells them apart.
 */
export const LibraryType = Schema.Literal("quick", "quick_mj", "sd", "agent", "upload", "tool")
export type LibraryType = typeof LibraryType.Type

/** An item of the viewer's own library (/property, GET /api/v2/artwork/list): published or not. */
export const LibraryArtwork = Schema.Struct({
  type: ArtworkType,
  ...artworkFaceFields,
  library_type: LibraryType.annotations({ description: "the library tab it counts in: upload and tool results apart from sd" }),
  tool_name: Schema.optional(Schema.String).annotations({ description: "for library_type tool: the tool's Chinese name (高清修复, 智能抠图…)" }),
  audit_status: AuditStatus,
  audit_reason: Schema.optional(Schema.String).annotations({ description: "why a rejected work was refused, shown to its owner" }),
  is_public: Schema.Boolean.annotations({ description: "shown on the owner's personal center" })
}).annotations({ identifier: "LibraryArtwork" })
export type LibraryArtwork = typeof LibraryArtwork.Type

/** A tab of the library: a library type, its Chinese label and how many the viewer owns. */
export const ArtworkTypeTab = Schema.Struct({
  type: LibraryType,
  name: Schema.String.annotations({ description: "快捷绘画, MJ 模型, 在线 SD, 智能助手, 上传, 工具" }),
  count: Schema.Int.pipe(Schema.nonNegative())
})
export type ArtworkTypeTab = typeof ArtworkTypeTab.Type
