/** The console's names of a task's states and types (the dashboard's 任务 figure uses the same state names). */
export const TASK_STATE_NAMES: Readonly<Record<string, string>> = { queued: "排队中", running: "生成中", succeeded: "已完成", failed: "失败", cancelled: "已取消" }

export const TASK_TYPE_NAMES: Readonly<Record<string, string>> = { quick: "快速绘画", quick_mj: "MJ 绘画", sd: "专业绘画", agent: "智能绘画", tool: "AI 工具" }

export const TASK_STATE_CLASS: Readonly<Record<string, string>> = {
  queued: "text-gray-600",
  running: "text-brand-600",
  succeeded: "text-success-600",
  failed: "text-danger-600",
  cancelled: "text-gray-400"
}
