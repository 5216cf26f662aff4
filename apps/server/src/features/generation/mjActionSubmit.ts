import type { QuickMjSubmit, TaskSubmit } from "@mido/core/generation"
import { and, eq } from "drizzle-orm"
import type { ImageEngine } from "../../adapters/engine/imageEnginePort.js"
import type { Db } from "../../db/database.js"
import { tasks } from "../../db/schema/tasks.js"
import type { ServerDeps } from "../../platform/deps.js"
import { badInput, notFound } from "./generationRefusal.js"

/**
 * MJ actions at submit (ADR 0020): U1–U4 / V1–V4 / 重新生成 of one of the caller's finished MJ grids
 * become a quick_mj task whose prompt, version, ratio and HD are the grid's (whatever the submit
 * says), priced like any quick_mj task: an upscale is one image, a variation or a reroll as many as
 * the grid had. References are not sent again: the proxy works from its own grid, the offline
 * engine from the prompt and seed.
 */

export interface MjGrid {
  readonly engineTaskId?: string
  readonly seed: number
}

const gridRow = async (db: Db, uid: number, id: string) => {
  const [row] = await db.select().from(tasks).where(and(eq(tasks.id, id), eq(tasks.uid, uid))).limit(1)
  return row
}

const actionSubmit = async (deps: ServerDeps, uid: number, submit: QuickMjSubmit, engine: ImageEngine): Promise<QuickMjSubmit> => {
  const action = submit.mj_action!
  const grid = await gridRow(deps.db, uid, action.task_id)
  if (grid === undefined) throw notFound("找不到这组图，无法放大或变体")
  const params = grid.params as TaskSubmit
  if (params.type !== "quick_mj") throw badInput("只有 MJ 模型画的四宫格可以放大或变体")
  if (grid.status !== "succeeded") throw badInput("这组图还没有画完，完成后才能放大或变体")
  // midjourney-proxy SubmitController.change: an upscaled image is no grid (关联任务不允许执行变化)
  if (params.mj_action?.action === "upscale") throw badInput("放大后的单张图不能再放大或变体")
  if (engine.mjAction === undefined) throw badInput("当前的 MJ 引擎不支持放大或变体")
  if (grid.engineKind !== engine.kind) throw badInput("这组图由另一个绘画引擎画成，当前引擎无法继续放大或变体")
  if (engine.kind === "mj-proxy" && (grid.engineTaskId ?? "") === "") throw badInput("这组图没有 Midjourney 任务编号，无法放大或变体")
  const index = action.action === "reroll" ? 1 : action.index
  const fromArtwork = grid.artworkIds[index - 1] ?? grid.artworkIds[0]
  return {
    type: "quick_mj",
    prompt: params.prompt,
    num: action.action === "upscale" ? 1 : params.num,
    ...(params.ratio === undefined ? {} : { ratio: params.ratio }),
    ...(params.hd === undefined ? {} : { hd: params.hd }),
    version: params.version,
    image_prompts: [],
    style_reference: [],
    character_reference: [],
    omni_reference: [],
    mj_action: { task_id: grid.id, action: action.action, index, ...(fromArtwork === undefined ? {} : { from_artwork_id: fromArtwork }) },
    ...(submit.request_id === undefined ? {} : { request_id: submit.request_id })
  }
}

/**
 * The quick_mj submit as it is recorded: an MJ action resolved against its grid; a drawing with
 * style / character / omni references refused when the engine could not fetch their addresses
 * (mjReferences.ts referenceRefusal). Other submits pass unchanged.
 */
export const prepareMjSubmit = async (deps: ServerDeps, uid: number, submit: TaskSubmit, engine: ImageEngine): Promise<TaskSubmit> => {
  if (submit.type !== "quick_mj") return submit
  if (submit.mj_action !== undefined) return actionSubmit(deps, uid, submit, engine)
  const references = submit.style_reference.length + submit.character_reference.length + submit.omni_reference.length
  const refusal = references > 0 ? engine.referenceRefusal?.(deps.config.storageUrl) : undefined
  if (refusal !== undefined) throw badInput(refusal)
  return submit
}

/** At run time: the grid an MJ action starts from (its engine job id and seed). */
export const mjGridOf = async (db: Db, uid: number, submit: TaskSubmit): Promise<MjGrid | undefined> => {
  if (submit.type !== "quick_mj" || submit.mj_action === undefined) return undefined
  const grid = await gridRow(db, uid, submit.mj_action.task_id)
  if (grid === undefined) return undefined
  return { seed: grid.seed, ...(grid.engineTaskId === null ? {} : { engineTaskId: grid.engineTaskId }) }
}
