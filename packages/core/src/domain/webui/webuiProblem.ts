import type { EngineLimits } from "../generation/engineLimits.js"
import { type TaskProblem, validateTask } from "../generation/validateTask.js"
import { sdTaskOfForm, type WebuiForm } from "./webuiForm.js"

/** WF4: the whole-number fields of the form, their task field and name. */
const WHOLE_NUMBERS: ReadonlyArray<readonly [keyof WebuiForm, string, string]> = [
  ["steps", "steps", "迭代步数"],
  ["width", "width", "宽度"],
  ["height", "height", "高度"],
  ["seed", "seed", "随机种子"]
]

/**
 * WF4–WF5 (docs/spec/webui.md): the first thing that stops the form from being sent, with the message
 * the submit's schema or the engine's rules would give: no checkpoint, no prompt, a number box left
 * empty or not whole, a seed below -1, hires steps not whole; then validateTask with the engine's limits (GV).
 */
export const webuiFormProblem = (form: WebuiForm, limits: EngineLimits): TaskProblem | undefined => {
  if (form.checkpoint.trim() === "") return { field: "checkpoint", message: "请选择模型" }
  if (form.prompt.trim() === "") return { field: "prompt", message: "请输入提示词" }
  for (const [key, field, name] of WHOLE_NUMBERS) {
    const value = form[key] as number
    if (!Number.isInteger(value)) return { field, message: `${name}需为整数` }
  }
  if (form.seed < -1) return { field: "seed", message: "随机种子需为 -1 或 0 到 4294967295" }
  if (!Number.isFinite(form.cfgScale)) return { field: "cfg_scale", message: "请填写提示词引导系数" }
  if (form.hires.enabled) {
    if (!Number.isFinite(form.hires.scale)) return { field: "hires.scale", message: "请填写放大倍数" }
    if (!Number.isInteger(form.hires.steps)) return { field: "hires.steps", message: "高清修复步数需为整数" }
    if (!Number.isFinite(form.hires.denoising) || form.hires.denoising < 0 || form.hires.denoising > 1) {
      return { field: "hires.denoising", message: "重绘幅度需在 0 到 1 之间" }
    }
  }
  return validateTask(sdTaskOfForm(form), limits)
}
