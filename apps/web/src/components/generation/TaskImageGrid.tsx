import type { TaskImage, TaskView } from "@mido/react"
import { Icon, type IconName } from "../ui/Icon"
import { cx } from "../ui/cx"

/** What a page offers on each finished image; an action left out is not shown. */
export type TaskImageActions = {
  onDownload?: (image: TaskImage, task: TaskView) => void
  onPublish?: (image: TaskImage, task: TaskView) => void
  onSameStyle?: (image: TaskImage, task: TaskView) => void
  onOpenProperty?: (image: TaskImage, task: TaskView) => void
  onRedraw?: (image: TaskImage, task: TaskView) => void
  /** A click on the picture itself (the detail dialog). */
  onOpen?: (image: TaskImage, task: TaskView) => void
}

const ACTIONS: ReadonlyArray<{ readonly key: Exclude<keyof TaskImageActions, "onOpen">; readonly label: string; readonly icon: IconName }> = [
  { key: "onDownload", label: "下载", icon: "download" },
  { key: "onPublish", label: "发布", icon: "send" },
  { key: "onSameStyle", label: "做同款", icon: "sparkles" },
  { key: "onOpenProperty", label: "资产库", icon: "folder" },
  { key: "onRedraw", label: "局部重绘", icon: "brush" }
]

/** The images of a finished task, each with the page's actions on hover (always on touch screens). */
export function TaskImageGrid({ task, actions }: { task: TaskView; actions: TaskImageActions }) {
  const offered = ACTIONS.filter((action) => actions[action.key] !== undefined)
  return (
    <ul className={cx("grid gap-2", task.images.length === 1 ? "grid-cols-1 max-w-80" : "grid-cols-2 max-w-[520px]")} data-testid="task-images">
      {task.images.map((image) => (
        <li key={image.artwork_id} className="group relative overflow-hidden rounded-md bg-gray-100" data-testid="task-image" data-artwork-id={image.artwork_id}>
          <button type="button" className="block w-full" onClick={() => actions.onOpen?.(image, task)} aria-label="查看大图" disabled={actions.onOpen === undefined}>
            <img src={image.url} alt="生成结果" {...{ elementtiming: "task-image" }} width={image.width} height={image.height} loading="lazy" className="block h-auto w-full object-cover" style={{ aspectRatio: `${image.width} / ${image.height}` }} />
          </button>
          {offered.length > 0 && (
            <div className="absolute inset-x-0 bottom-0 flex flex-wrap justify-center gap-1 bg-gradient-to-t from-black/70 to-transparent px-2 pt-6 pb-2 opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:opacity-100">
              {offered.map((action) => (
                <button
                  key={action.key}
                  type="button"
                  title={action.label}
                  onClick={() => actions[action.key]?.(image, task)}
                  className="inline-flex h-7 items-center gap-1 rounded-sm bg-white/90 px-2 text-xs font-medium text-gray-800 hover:bg-white hover:text-brand-700"
                >
                  <Icon name={action.icon} size={14} />
                  {action.label}
                </button>
              ))}
            </div>
          )}
        </li>
      ))}
    </ul>
  )
}
