import { type AssistantMessage, type TaskView, useAssistantStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useNavigate } from "react-router"
import { TaskCard } from "../../components/generation/TaskCard"
import { Button } from "../../components/ui/Button"
import { Icon } from "../../components/ui/Icon"

type Drawing = NonNullable<AssistantMessage["drawing"]>

const PARTS: ReadonlyArray<{ readonly key: keyof Drawing["structured"]; readonly label: string }> = [
  { key: "subject", label: "主体" },
  { key: "style", label: "风格" },
  { key: "composition", label: "构图" },
  { key: "lighting", label: "光线" }
]

/**
 * The drawing the assistant proposes: its structured prompt as a small card, the image it edits, and
 * the confirm button with the server's cost (消耗 N 米豆) — nothing is charged before it. Once
 * confirmed, the task's progress and images inline (the shared TaskCard), each image with 编辑这张图.
 */
export const DrawingCard = observer(function DrawingCard({ message, drawing, task }: { message: AssistantMessage; drawing: Drawing; task: TaskView | undefined }) {
  const assistant = useAssistantStore()
  const navigate = useNavigate()
  return (
    <div className="flex max-w-[600px] flex-col gap-3" data-testid="drawing">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 rounded-lg bg-gray-25 px-4 py-3 text-sm ring-1 ring-line" data-testid="structured-prompt">
        {PARTS.map((part) => (
          <div key={part.key} className="contents">
            <dt className="text-gray-400">{part.label}</dt>
            <dd className="min-w-0 break-words text-gray-800" data-testid={`prompt-${part.key}`}>{drawing.structured[part.key] || "—"}</dd>
          </div>
        ))}
        {drawing.edit_of !== undefined && (
          <div className="contents">
            <dt className="text-gray-400">底图</dt>
            <dd><img src={drawing.edit_of} alt="要修改的图片" className="size-16 rounded-md object-cover ring-1 ring-line" /></dd>
          </div>
        )}
      </dl>
      {task === undefined ? (
        <div>
          <Button
            icon={<Icon name="sparkles" />}
            loading={assistant.confirming.has(message.id)}
            onClick={() => void assistant.draw(message)}
            data-testid="confirm-drawing"
            data-points={drawing.cost}
          >
            开始绘制 · 消耗 {drawing.cost} 米豆
          </Button>
        </div>
      ) : (
        <>
          <TaskCard
            task={task}
            actions={{ onOpenProperty: () => navigate("/property") }}
            onCancel={() => void assistant.cancel(task.id)}
            onRetry={() => void assistant.draw(message)}
          />
          {task.images.length > 0 && (
            <div className="flex flex-wrap gap-2">
              {task.images.map((image, index) => (
                <Button key={image.artwork_id} size="sm" variant="secondary" icon={<Icon name="brush" size={14} />} onClick={() => assistant.editImage(image.url)} data-testid="edit-image">
                  编辑这张图{task.images.length > 1 ? ` ${index + 1}` : ""}
                </Button>
              ))}
            </div>
          )}
        </>
      )}
    </div>
  )
})
