import { type TaskType, useGenerationStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
import { EmptyState } from "../ui/EmptyState"
import { TaskCard } from "./TaskCard"
import type { TaskImageActions } from "./TaskImageGrid"

export type TaskPanelProps = {
  /** The page's task types (/aigc: quick and quick_mj). */
  types: ReadonlyArray<TaskType>
  actions?: TaskImageActions
  title?: string
  className?: string
}

/**
 * The tasks of a creation page, newest first, from the GenerationStore (suspends until it has
 * arrived: render under a Suspense). On mount it asks the server for the page's recent tasks once,
 * so a reload shows them again; the store keeps them across navigation.
 */
export const TaskPanel = observer(function TaskPanel({ types, actions = {}, title = "生成记录", className }: TaskPanelProps) {
  const generation = useGenerationStore()
  const key = types.join(",")
  useEffect(() => {
    void generation.loadRecent(key.split(",") as Array<TaskType>)
  }, [generation, key])
  const tasks = generation.tasksOf(types)
  return (
    <section className={className} aria-label={title} data-testid="task-panel">
      <h2 className="mb-3 text-base font-semibold text-gray-900">{title}</h2>
      {tasks.length === 0 ? (
        <EmptyState compact icon="image" title="还没有生成记录" description="选好参数后点击生成，结果会出现在这里" />
      ) : (
        <div className="flex flex-col gap-3">
          {tasks.map((task) => (
            <TaskCard key={task.id} task={task} actions={actions} mjOffer={generation.mjActionsOf(task)} onCancel={(id) => void generation.cancel(id)} onRetry={(id) => void generation.retry(id)} />
          ))}
        </div>
      )}
    </section>
  )
})
