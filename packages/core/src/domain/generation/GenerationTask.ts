/**
 * A drawing task as the generation rules read it: the shapes of the contract's TaskSubmit and
 * TaskPointsPayload (api/schemas/TaskSubmit.ts, TaskPoints.ts), written here because the domain
 * imports nothing from the API. The contract's types are assignable to these, so callers pass a
 * decoded submit as it is (the tests hand decoded TaskSubmit and TaskPointsPayload values to the rules,
 * and taskCostInputOf's answer to the payload's encoder, so the typecheck fails if the shapes drift).
 */
export type GenerationTaskType = "quick" | "quick_mj" | "sd" | "agent" | "tool"
export type GenerationToolKey = "hd-repair" | "discount" | "remove-watermark" | "element-elimination" | "style-avatar" | "old-photo-restoration" | "redraw"
export type GenerationRatio = "1:1" | "3:4" | "9:16" | "4:3" | "16:9"

export interface QuickTask {
  readonly type: "quick"
  readonly num: number
  readonly ratio?: GenerationRatio | undefined
  readonly hd?: boolean | undefined
  readonly style_group: "default" | "pro"
  readonly style_name: string
  readonly style_cover?: string | undefined
  readonly base_image_url?: string | undefined
  readonly prompt?: string | undefined
}

export interface QuickMjTask {
  readonly type: "quick_mj"
  readonly prompt: string
  readonly num: number
  readonly ratio?: GenerationRatio | undefined
  readonly hd?: boolean | undefined
  readonly version: string
  readonly image_prompts: ReadonlyArray<string>
  readonly style_reference: ReadonlyArray<string>
  readonly character_reference: ReadonlyArray<string>
  readonly omni_reference: ReadonlyArray<string>
  /** an MJ action (U/V/重新生成) on a finished grid (ADR 0020) */
  readonly mj_action?: { readonly task_id: string; readonly action: "upscale" | "variation" | "reroll"; readonly index: number; readonly from_artwork_id?: number | undefined } | undefined
}

export interface LoraUse {
  readonly name: string
  readonly weight: number
}

export interface HiresSettings {
  readonly scale: number
  readonly upscaler: string
  readonly steps: number
  readonly denoising: number
}

export interface SdTask {
  readonly type: "sd"
  readonly prompt: string
  readonly negative_prompt: string
  readonly checkpoint: string
  readonly loras: ReadonlyArray<LoraUse>
  readonly sampler: string
  readonly schedule_type: string
  readonly steps: number
  readonly cfg_scale: number
  readonly width: number
  readonly height: number
  readonly seed: number
  readonly num: number
  readonly hires?: HiresSettings | undefined
  readonly init_image_url?: string | undefined
  readonly mask_url?: string | undefined
  readonly denoising_strength?: number | undefined
}

export interface AgentTask {
  readonly type: "agent"
  readonly prompt: string
  readonly image_urls: ReadonlyArray<string>
  readonly num: number
  /** "1024x1024", "1536x1024" or "1024x1536" */
  readonly size: string
}

export interface ToolTask {
  readonly type: "tool"
  readonly tool: GenerationToolKey
  readonly image_url: string
  readonly mask_url?: string | undefined
  readonly prompt?: string | undefined
  readonly options: Readonly<Record<string, string | number | boolean>>
}

export type GenerationTask = QuickTask | QuickMjTask | SdTask | AgentTask | ToolTask

/** What decides a task's price (the points call's payload). */
export interface TaskCostInput {
  readonly type: GenerationTaskType
  readonly num: number
  readonly ratio?: GenerationRatio | undefined
  readonly hd?: boolean | undefined
  readonly style_group?: "default" | "pro" | undefined
  readonly tool?: GenerationToolKey | undefined
  readonly hires?: boolean | undefined
}

/** What the engine actually made: the seed it used (never -1), the image size and its label (本地演示引擎…). */
export interface MadeImage {
  readonly seed: number
  readonly width: number
  readonly height: number
  readonly engineLabel: string
  /** the task that made it and its place in the batch (1–4): an MJ grid's candidate number */
  readonly taskId?: string
  readonly candidate?: number
}
