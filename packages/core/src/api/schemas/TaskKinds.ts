import { Schema } from "effect"

/** The kinds a drawing task comes in, its tools and ratios: shared by the submit shapes (TaskSubmit.ts), the points table and the task views. */
export const TaskType = Schema.Literal("quick", "quick_mj", "sd", "agent", "tool").annotations({
  description: "quick 快捷绘画, quick_mj MJ 模型, sd Stable Diffusion (/webui), agent 智能助手 (/intelligent), tool an AI tool"
})
export type TaskType = typeof TaskType.Type

/** The seven AI tools, named as their pages are (/tools/{key}, spec §2 tools layout). */
export const ToolKey = Schema.Literal(
  "hd-repair",
  "discount",
  "remove-watermark",
  "element-elimination",
  "style-avatar",
  "old-photo-restoration",
  "redraw"
).annotations({ description: "hd-repair 高清修复, discount 智能抠图, remove-watermark 去水印, element-elimination 元素消除, style-avatar 风格头像, old-photo-restoration 老照片上色, redraw 局部重绘" })
export type ToolKey = typeof ToolKey.Type

export const TaskRatio = Schema.Literal("1:1", "3:4", "9:16", "4:3", "16:9").annotations({ description: "aspect ratio (spec §5 snap list)" })
export type TaskRatio = typeof TaskRatio.Type
