import { Schema } from "effect"
import { Id, UnixSeconds } from "./common.js"
import { AgentParameters, QuickMjParameters, QuickParameters, SdParameters } from "./ArtworkParameters.js"
import { Stat, UserStat } from "./Stat.js"

/** quick 快捷绘画, quick_mj MJ 模型, sd 在线 SD (/webui), agent 智能助手 (spec §3). */
export const ArtworkType = Schema.Literal("quick", "quick_mj", "sd", "agent")
export type ArtworkType = typeof ArtworkType.Type

const Pixels = Schema.Int.pipe(Schema.positive())

/** Fields every artwork card shows, whatever its type. */
export const artworkFaceFields = {
  id: Id,
  cover: Schema.String.annotations({ description: "the image address" }),
  width: Pixels,
  height: Pixels,
  created_at: UnixSeconds,
  title: Schema.optional(Schema.String).annotations({ description: "set when published with a title (audit submit); else absent" }),
  stat: Stat,
  user_avatar: Schema.String,
  user_name: Schema.String,
  user_uid: Id,
  aigc_label: Schema.optional(Schema.Literal(1, 2, 3)).annotations({
    description: "ours: the AIGC attribute of GB 45438-2025 (1 generated, 2 possibly, 3 suspected); the card and detail show AI生成 (1) or 疑似AI生成 (2, 3); absent: no notice"
  })
} as const

/** The viewer flags: all false for a visitor (the info call's auth is optional). */
const viewerFlags = {
  is_collected: Schema.Boolean,
  is_follow: Schema.Boolean.annotations({ description: "the viewer follows the author" }),
  is_like: Schema.Boolean,
  is_owner: Schema.Boolean.annotations({ description: "the viewer is the author: the follow button is hidden (spec §6)" })
} as const

const detailFields = {
  ...artworkFaceFields,
  user_stat: UserStat,
  ...viewerFlags,
  origin: Schema.optional(Schema.Literal("draw", "upload", "tool")).annotations({
    description: "ours: how it came to be (LB2): drawn, uploaded (上传) or made by an AI tool (工具); the detail names it so (LB4)"
  })
} as const

export const QuickArtwork = Schema.Struct({ type: Schema.Literal("quick"), parameters: QuickParameters, ...detailFields })
export const QuickMjArtwork = Schema.Struct({ type: Schema.Literal("quick_mj"), parameters: QuickMjParameters, ...detailFields })
export const SdArtwork = Schema.Struct({ type: Schema.Literal("sd"), parameters: SdParameters, ...detailFields })
export const AgentArtwork = Schema.Struct({ type: Schema.Literal("agent"), parameters: AgentParameters, ...detailFields })

/**
 * An artwork as the detail dialog shows it (spec §2, §3): one shape per `type`, each with its own
 * `parameters`. Its Type is assignable to the domain's Artwork (domain/artwork/Artwork.ts).
 */
export const Artwork = Schema.Union(QuickArtwork, QuickMjArtwork, SdArtwork, AgentArtwork).annotations({
  identifier: "Artwork",
  description: "discriminated on type: quick | quick_mj | sd | agent"
})
export type Artwork = typeof Artwork.Type
