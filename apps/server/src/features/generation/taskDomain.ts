// TEMPORARY stand-in for the core's generation rules (branch i13-domain); replaced by @mido/core's exports at merge.
import { buildInfotext, type TaskPointsPayload, type TaskSubmit } from "@mido/core"

export type EngineKindName = "offline" | "a1111" | "comfyui" | "mj-proxy" | "openai"
export interface EngineLimits {
  readonly kind: EngineKindName
}
export interface Made {
  readonly seed: number
  readonly width: number
  readonly height: number
  readonly engineLabel: string
}

export const engineLimitsOf = (kind: EngineKindName): EngineLimits => ({ kind })

export const validateTask = (submit: TaskSubmit, _limits: EngineLimits): { field: string; message: string } | undefined =>
  submit.type === "sd" && (submit.width % 8 !== 0 || submit.height % 8 !== 0) ? { field: "width", message: "宽高需为 8 的倍数" } : undefined

export const taskCostInputOf = (submit: TaskSubmit): TaskPointsPayload =>
  submit.type === "tool"
    ? { type: "tool", num: 1, tool: submit.tool }
    : submit.type === "quick"
      ? { type: "quick", num: submit.num, ...(submit.ratio ? { ratio: submit.ratio } : {}), ...(submit.hd ? { hd: submit.hd } : {}), style_group: submit.style_group }
      : { type: submit.type, num: submit.num }

export const refundShare = (cost: number, asked: number, made: number): number => cost - Math.floor((cost * made) / asked)

export const artworkTypeOf = (submit: TaskSubmit): "quick" | "quick_mj" | "sd" | "agent" => (submit.type === "tool" ? "sd" : submit.type)

const promptOf = (submit: TaskSubmit) => (submit.type === "quick" || submit.type === "tool" ? submit.prompt ?? "" : submit.prompt)

export const artworkParametersOf = (submit: TaskSubmit, made: Made): unknown =>
  submit.type === "sd"
    ? { prompt: submit.prompt, negative_prompt: submit.negative_prompt, models: [{ name: submit.checkpoint }], args: [{ key: "seed", title: "随机种子", value: String(made.seed) }] }
    : { prompt: promptOf(submit), engine: made.engineLabel }

export const infotextOfTask = (submit: TaskSubmit, made: Made): string =>
  buildInfotext({
    prompt: promptOf(submit),
    negativePrompt: submit.type === "sd" ? submit.negative_prompt : "",
    params: [
      ["Steps", String(submit.type === "sd" ? submit.steps : 20)],
      ["Seed", String(made.seed)],
      ["Size", `${made.width}x${made.height}`],
      ["Model", made.engineLabel]
    ]
  })
