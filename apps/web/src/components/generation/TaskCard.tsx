import type { MjActionOffer, TaskView } from "@mido/react"
import { Button } from "../ui/Button"
import { Icon } from "../ui/Icon"
import { Tag } from "../ui/Tag"
import { cx } from "../ui/cx"
import { MjActionBar } from "./MjActionBar"
import { type TaskImageActions, TaskImageGrid } from "./TaskImageGrid"
import { refundText, TASK_TYPE_LABEL, taskStatusText } from "./taskText"

export type TaskCardProps = {
  task: TaskView
  actions: TaskImageActions
  /** a finished MJ grid's U / V / 重新生成 prices (TaskPanel asks the store); absent: no MJ buttons */
  mjOffer?: MjActionOffer | null
  onCancel: (id: string) => void
  onRetry: (id: string) => void
}

const STATUS_TONE = { queued: "gray", running: "brand", succeeded: "success", failed: "danger", cancelled: "gray" } as const

/**
 * One drawing task: queued (its place), running (progress and the engine's preview), done (the
 * images and their actions), failed (the reason and the refund) or cancelled; cancel while it waits
 * or runs, retry once it failed or was cancelled. The engine's label is always shown (本地演示引擎 is
 * not AI).
 */
const MJ_ACTION_TAG = { upscale: "放大", variation: "变体", reroll: "重新生成" } as const

/** "U2 放大" for a task made by an MJ action */
const mjActionTag = (task: TaskView): string | null => {
  const action = task.params.type === "quick_mj" ? task.params.mj_action : undefined
  if (action === undefined) return null
  return action.action === "reroll" ? "重新生成" : `${action.action === "upscale" ? "U" : "V"}${action.index} ${MJ_ACTION_TAG[action.action]}`
}

export function TaskCard({ task, actions, mjOffer, onCancel, onRetry }: TaskCardProps) {
  const unfinished = task.status === "queued" || task.status === "running"
  const refund = refundText(task)
  return (
    <article className="rounded-lg border border-line bg-surface p-4" data-testid="task-card" data-task-id={task.id} data-status={task.status}>
      <header className="flex flex-wrap items-center gap-2 text-sm">
        <Tag tone={STATUS_TONE[task.status]} size="sm">
          <span data-testid="task-status">{taskStatusText(task)}</span>
        </Tag>
        <span className="font-medium text-gray-800">{TASK_TYPE_LABEL[task.type]}</span>
        {task.model !== undefined && <span className="max-w-48 truncate text-gray-600">{task.model}</span>}
        {mjActionTag(task) !== null && <Tag tone="brand" size="xs"><span data-testid="task-mj-action">{mjActionTag(task)}</span></Tag>}
        <Tag tone="gray" size="xs">{task.engine}</Tag>
        <span className="ml-auto text-xs text-gray-500">{task.created_at.slice(5, 16)} · {task.cost} 米豆</span>
      </header>
      {task.prompt !== "" && <p className="mt-2 line-clamp-2 text-sm text-gray-700" title={task.prompt}>{task.prompt}</p>}
      <div className="mt-3">
        {task.status === "queued" && <QueuedBody num={task.num} />}
        {task.status === "running" && <RunningBody task={task} />}
        {task.images.length > 0 && <TaskImageGrid task={task} actions={actions} />}
        {mjOffer !== undefined && mjOffer !== null && <MjActionBar gridId={task.id} offer={mjOffer} indexes={task.images.map((_, index) => index + 1)} />}
        {task.status === "cancelled" && <p className="mt-1 text-sm text-gray-500">任务已取消</p>}
        {task.status !== "cancelled" && (task.status === "failed" || task.reason !== undefined) && (
          <p className="mt-2 flex items-start gap-1.5 text-sm text-danger-600" data-testid="task-reason">
            <Icon name="alert-triangle" size={16} className="mt-0.5 shrink-0" />
            {task.reason ?? "生成失败"}
          </p>
        )}
        {refund !== null && <p className="mt-1 text-sm font-medium text-bean-700" data-testid="task-refund">{refund}</p>}
      </div>
      {(unfinished || task.status === "failed" || task.status === "cancelled") && (
        <footer className="mt-3 flex gap-2">
          {unfinished && <Button variant="secondary" size="sm" onClick={() => onCancel(task.id)}>取消</Button>}
          {!unfinished && <Button variant="secondary" size="sm" onClick={() => onRetry(task.id)} icon={<Icon name="sparkles" />}>重试</Button>}
        </footer>
      )}
    </article>
  )
}

function QueuedBody({ num }: { num: number }) {
  return (
    <div className="grid max-w-[520px] grid-cols-2 gap-2">
      {Array.from({ length: Math.min(num, 4) }, (_, index) => (
        <div key={index} className="aspect-square animate-pulse rounded-md bg-gray-100" />
      ))}
    </div>
  )
}

function RunningBody({ task }: { task: TaskView }) {
  return (
    <div className="max-w-[520px]">
      <div className="h-2 overflow-hidden rounded-full bg-gray-100" role="progressbar" aria-valuenow={task.progress} aria-valuemin={0} aria-valuemax={100} aria-label="生成进度">
        <div className={cx("h-full rounded-full bg-brand-500 transition-[width] duration-300")} style={{ width: `${task.progress}%` }} />
      </div>
      {task.preview_url !== undefined && task.images.length === 0 && (
        <img src={task.preview_url} alt="生成预览" className="mt-2 w-40 rounded-md opacity-80 blur-[1px]" data-testid="task-preview" />
      )}
    </div>
  )
}
