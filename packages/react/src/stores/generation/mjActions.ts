import type { TaskSubmitWire } from "@mido/core"
import type { TaskView } from "@mido/core/generation"

/** U1–U4 放大, V1–V4 变体 and 重新生成 on a finished MJ grid (ADR 0020). */
export type MjActionKind = "upscale" | "variation" | "reroll"

export interface MjActionOffer {
  /** beans of one upscale (one image) */
  readonly upscalePrice: number
  /** beans of a variation or a reroll (as many images as the grid) */
  readonly gridPrice: number
}

/**
 * What a task offers: a succeeded quick_mj grid with images that is not itself an upscale. The
 * prices are the grid's own share per image, as it was charged (the server prices the action the
 * same way: quick_mj × images × HD, the member rate applied).
 */
export const mjActionOffer = (task: TaskView): MjActionOffer | null => {
  if (task.type !== "quick_mj" || task.status !== "succeeded" || task.images.length === 0 || task.params.type !== "quick_mj") return null
  if (task.params.mj_action?.action === "upscale") return null
  const perImage = Math.round(task.cost / Math.max(1, task.num))
  return { upscalePrice: perImage, gridPrice: perImage * task.num }
}

/** The submit of an action; the server takes prompt, version, ratio and HD from the grid again. */
export const mjActionSubmitOf = (grid: TaskView, action: MjActionKind, index: number): TaskSubmitWire | null => {
  const params = grid.params
  if (params.type !== "quick_mj") return null
  return {
    type: "quick_mj",
    prompt: params.prompt,
    version: params.version,
    num: action === "upscale" ? 1 : grid.num,
    ...(params.ratio === undefined ? {} : { ratio: params.ratio }),
    ...(params.hd === undefined ? {} : { hd: params.hd }),
    mj_action: { task_id: grid.id, action, index: action === "reroll" ? 1 : index }
  }
}

export const MJ_ACTION_LABEL: Readonly<Record<MjActionKind, string>> = { upscale: "放大", variation: "变体", reroll: "重新生成" }

/** "U2 放大", "V3 变体", "重新生成" */
export const mjActionTitle = (action: MjActionKind, index: number): string =>
  action === "reroll" ? "重新生成" : `${action === "upscale" ? "U" : "V"}${index} ${MJ_ACTION_LABEL[action]}`
