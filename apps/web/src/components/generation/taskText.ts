import type { TaskType, TaskView } from "@mido/react"

/** The task types as the pages name them. */
export const TASK_TYPE_LABEL: Readonly<Record<TaskType, string>> = {
  quick: "快捷绘画",
  quick_mj: "MJ 模型",
  sd: "在线 SD",
  agent: "智能助手",
  tool: "AI 工具"
}

/** One line saying where the task is: 排队中 · 第 2 位, 生成中 40%, 已完成, 生成失败, 已取消. */
export const taskStatusText = (task: TaskView): string => {
  switch (task.status) {
    case "queued":
      return task.position === undefined ? "排队中" : `排队中 · 第 ${task.position} 位`
    case "running":
      return `生成中 ${task.progress}%`
    case "succeeded":
      return task.images.length < task.num ? `已完成 ${task.images.length}/${task.num} 张` : "已完成"
    case "failed":
      return "生成失败"
    case "cancelled":
      return "已取消"
  }
}

/** 已退还 N 米豆 when the server gave beans back, otherwise null. */
export const refundText = (task: TaskView): string | null => (task.refunded > 0 ? `已退还 ${task.refunded} 米豆` : null)
