import type { ToolStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useNavigate } from "react-router-dom"
import { CompareSlider, MaskEditor } from "../../components/tools/editor"
import { Button } from "../../components/ui/Button"
import { cx } from "../../components/ui/cx"
import { Icon } from "../../components/ui/Icon"
import { Popover } from "../../components/ui/Popover"
import { SourcePicker } from "./SourcePicker"

const WORKSPACE_HEIGHT = 560

/**
 * The right side of a tool page: the drop area without a picture; the mask editor (or the picture) to
 * prepare a run; the run's progress over it; then the result against the original with its actions.
 */
export const ToolWorkspace = observer(function ToolWorkspace({ store }: { store: ToolStore }) {
  const spec = store.spec
  const source = store.source
  if (spec === null) return null
  if (source === null) {
    return (
      <div className="flex min-h-[560px] items-center justify-center rounded-xl border border-line bg-surface p-8">
        <SourcePicker store={store} large />
      </div>
    )
  }
  const task = store.task
  const result = store.result
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4">
      {result !== null && store.before !== null ? (
        <ResultView store={store} before={store.before} after={result.url} />
      ) : (
        <div className="relative">
          {spec.mask === "none" ? (
            <div className="flex items-center justify-center overflow-hidden rounded-lg bg-gray-50" style={{ height: WORKSPACE_HEIGHT }}>
              <img src={source} alt="原图" className="size-full object-contain" data-testid="tool-source" />
            </div>
          ) : (
            <MaskEditor
              key={`${source}#${store.maskEpoch}`}
              src={source}
              alt="原图"
              mode={spec.mask === "hint" ? "hints" : "mask"}
              onChange={store.setMask}
              disabled={store.running}
              height={WORKSPACE_HEIGHT}
            />
          )}
          {task !== null && store.running && <Progress status={task.status} progress={task.progress} position={task.position} />}
        </div>
      )}
      {task !== null && (task.status === "failed" || task.status === "cancelled") && (
        <div role="alert" data-testid="tool-failure" className="flex items-start gap-2 rounded-lg border border-danger-200 bg-danger-50 p-3 text-sm text-danger-700">
          <Icon name="alert-triangle" size={16} className="mt-0.5 shrink-0" />
          <span>
            {task.status === "cancelled" ? "已取消处理" : task.reason ?? "处理失败"}
            {task.refunded > 0 ? `，已退还 ${task.refunded} 米豆` : ""}
          </span>
        </div>
      )}
    </div>
  )
})

function Progress({ status, progress, position }: { status: string; progress: number; position?: number | undefined }) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-lg bg-white/75 backdrop-blur-[2px]" data-testid="tool-progress">
      <span className="text-base font-medium text-gray-800">{status === "queued" ? `排队中${position === undefined ? "" : `，前面还有 ${position - 1} 个任务`}` : `处理中 ${progress}%`}</span>
      <div className="h-2 w-72 overflow-hidden rounded-full bg-gray-200" role="progressbar" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100} aria-label="处理进度">
        <div className="h-full rounded-full bg-brand-500 transition-[width] duration-300" style={{ width: `${progress}%` }} />
      </div>
    </div>
  )
}

const ResultView = observer(function ResultView({ store, before, after }: { store: ToolStore; before: string; after: string }) {
  const navigate = useNavigate()
  const result = store.result
  return (
    <div className="flex flex-col gap-3" data-testid="tool-result" data-artwork-id={result?.artwork_id} data-task-id={store.taskId ?? undefined}>
      <CompareSlider key={after} before={before} after={after} height={WORKSPACE_HEIGHT} alt={store.title} />
      {store.results.length > 1 && (
        <ul className="flex gap-2" aria-label="处理结果">
          {store.results.map((image, index) => (
            <li key={image.artwork_id}>
              <button
                type="button"
                aria-label={store.resultLabels[index] || `第 ${index + 1} 张`}
                aria-pressed={store.shown === index}
                onClick={() => store.show(index)}
                className={cx("block size-16 overflow-hidden rounded-md bg-gray-100 ring-2", store.shown === index ? "ring-brand-500" : "ring-transparent hover:ring-brand-300")}
              >
                <img src={image.url} alt="" className="size-full object-cover" />
              </button>
              {store.resultLabels[index] !== "" && <span className="mt-1 block text-center text-xs text-gray-600">{store.resultLabels[index]}</span>}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button icon={<Icon name="download" size={16} />} onClick={() => void store.download()} data-testid="tool-download">下载</Button>
        <Button variant="secondary" icon={<Icon name="folder" size={16} />} onClick={() => result !== null && navigate(`/property?artwork=${result.artwork_id}`)} data-testid="tool-open-property">
          在资产库查看
        </Button>
        <Popover
          placement="top start"
          panelClassName="w-48"
          triggerClassName="flex h-9 items-center gap-1.5 rounded-md border border-line px-3 text-sm text-gray-700 hover:bg-gray-50"
          trigger={<><Icon name="layers" size={16} />用作…<Icon name="chevron-down" size={14} className="text-gray-400" /></>}
        >
          {(close) => (
            <ul aria-label="用作其他工具的原图" data-testid="tool-use-as">
              {store.otherTools.map((tool) => (
                <li key={tool.key}>
                  <button
                    type="button"
                    className="w-full rounded-md px-3 py-2 text-left text-sm text-gray-800 hover:bg-gray-100"
                    onClick={() => {
                      close()
                      const path = store.useAs(tool.key)
                      if (path !== null) navigate(path)
                    }}
                  >
                    {tool.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Popover>
        <Button variant="ghost" onClick={store.backToEdit} className="ml-auto">继续编辑原图</Button>
      </div>
      {store.task?.reason !== undefined && (
        <p className="flex gap-2 rounded-md bg-warning-50 p-3 text-sm leading-5 text-warning-700" data-testid="tool-note">
          <Icon name="info" size={16} className="mt-0.5 shrink-0" />
          {store.task.reason}
        </p>
      )}
      <p className="text-xs text-gray-500">处理结果已自动保存到资产库</p>
    </div>
  )
})
