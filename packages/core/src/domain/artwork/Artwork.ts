import type { ArtworkOrigin } from "./libraryType.js"

/**
 * An artwork as the feed and detail calls return it (spec §3). Parameter fields the server may leave
 * out are optional or nullable, so the rules that read them (sameStyle) decide what a gap means.
 */
export type ArtworkType = "quick" | "quick_mj" | "sd" | "agent"

export interface ArtworkStat {
  readonly comment_count: number
  readonly favorite_count: number
  readonly like_count: number
  readonly share_count: number
  readonly view_count: number
}

export interface ArtworkUserStat {
  readonly artwork_count: number
  readonly artwork_like_count: number
  readonly artwork_view_count: number
  readonly followee_count: number
  readonly follower_count: number
}

/** quick: one base image and a style; style_info.group is "default" or "pro". */
export interface QuickParameters {
  readonly base_image_url?: string | null
  readonly style_info?: {
    readonly group?: string | null
    readonly name?: string | null
    readonly cover?: string | null
  } | null
  /** Ours (not in spec §3): the words the task was drawn with. */
  readonly prompt?: string | null
}

/** quick_mj: Midjourney-style image lists (image URLs) and a version. */
export interface QuickMjParameters {
  readonly image_prompts?: ReadonlyArray<string> | null
  readonly style_reference?: ReadonlyArray<string> | null
  readonly character_reference?: ReadonlyArray<string> | null
  readonly omni_reference?: ReadonlyArray<string> | null
  readonly version_info?: { readonly name?: string | null; readonly cover?: string | null } | null
  /** Ours (not in spec §3): the words the task was drawn with. */
  readonly prompt?: string | null
}

/** An SD model chip: type "Checkpoint" or "LoRA"; files[0].name is the model file. */
export interface SdModel {
  readonly type?: string | null
  readonly name?: string | null
  readonly files?: ReadonlyArray<{ readonly name?: string | null }> | null
}

/** One generation argument; keys include steps, sampler, schedule_type, cfg_scale, size, seed. */
export interface SdArg {
  readonly key: string
  readonly title?: string | null
  readonly value?: string | number | boolean | null
}

export interface SdParameters {
  readonly prompt?: string | null
  readonly negative_prompt?: string | null
  readonly models?: ReadonlyArray<SdModel> | null
  readonly args?: ReadonlyArray<SdArg> | null
}

export interface AgentParameters {
  readonly id?: number | string | null
  readonly name?: string | null
  readonly head?: string | null
  /** Ours (not in spec §3): the drawing's prompt, for continuing it (SD12). */
  readonly prompt?: string | null
}

/** The part of an artwork that depends on its type: the type and its parameters. */
export type ArtworkContent =
  | { readonly type: "quick"; readonly parameters: QuickParameters }
  | { readonly type: "quick_mj"; readonly parameters: QuickMjParameters }
  | { readonly type: "sd"; readonly parameters: SdParameters }
  | { readonly type: "agent"; readonly parameters: AgentParameters }

export type Artwork = ArtworkContent & {
  readonly id: number
  readonly cover: string
  readonly width: number
  readonly height: number
  readonly created_at: number | string
  readonly stat: ArtworkStat
  readonly user_avatar: string
  readonly user_name: string
  readonly user_uid: number | string
  readonly user_stat: ArtworkUserStat
  readonly is_collected: boolean
  readonly is_follow: boolean
  readonly is_like: boolean
  readonly is_owner: boolean
  /** Ours: how it came to be (LB2); absent from older servers, read as a drawing. */
  readonly origin?: ArtworkOrigin
}
