import { type TaskImage, useGenerationStore, useWebuiStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect, useState } from "react"
import { useLocation, useNavigate } from "react-router-dom"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { CostButton } from "../../components/generation/CostButton"
import { PublishDialog } from "../../components/generation/PublishDialog"
import { TaskPanel } from "../../components/generation/TaskPanel"
import type { TaskImageActions } from "../../components/generation/TaskImageGrid"
import { CheckpointBar } from "./CheckpointBar"
import { HiresFields } from "./HiresFields"
import { LoraList } from "./LoraList"
import { PasteParams } from "./PasteParams"
import { PictureDrop } from "./PictureDrop"
import { PromptBoxes } from "./PromptBoxes"
import { SamplingFields } from "./SamplingFields"
import { SeedBatchFields } from "./SeedBatchFields"

const SD_TASKS = ["sd"] as const

/** /webui, online Stable Diffusion (login required): the txt2img form on the left, the tasks on the right. */
export function WebUIPage() {
  return (
    <StoreSuspense>
      <WebUIView />
    </StoreSuspense>
  )
}

const WebUIView = observer(function WebUIView() {
  const webui = useWebuiStore()
  const generation = useGenerationStore()
  const location = useLocation()
  const navigate = useNavigate()

  useEffect(() => {
    void webui.load()
    return webui.followCost()
  }, [webui])
  // same-style's ?model=&prompt_for_paste= (SD3) fills the form once per address
  useEffect(() => webui.prefillFromAddress(location.search), [webui, location.search])

  const [publishing, setPublishing] = useState<TaskImage | null>(null)
  const actions: TaskImageActions = {
    onOpen: (image) => {
      const query = new URLSearchParams(location.search)
      query.set("artwork", String(image.artwork_id))
      void navigate({ search: `?${query.toString()}` })
    },
    onDownload: (image) => void webui.download(image.url),
    onPublish: (image) => setPublishing(image),
    onSameStyle: (_image, task) => webui.useTaskSettings(task),
    onOpenProperty: () => void navigate("/property"),
    onRedraw: (image) => void window.open(webui.redraw(image.url), "_blank", "noopener")
  }

  return (
    <PictureDrop webui={webui} className="mx-auto w-full max-w-[1680px]">
      <section aria-label="在线SD绘画" className="grid w-full grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(440px,560px)_minmax(0,1fr)] 2xl:grid-cols-[minmax(520px,640px)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-3" data-testid="webui-form">
          <header className="flex items-end justify-between gap-3">
            <div>
              <h1 className="text-xl font-semibold text-gray-900">在线 SD 绘画</h1>
              <p className="mt-0.5 text-xs text-gray-500">Stable Diffusion WebUI 文生图，参数与 WebUI 一致</p>
            </div>
          </header>
          <CheckpointBar webui={webui} />
          <PasteParams webui={webui} />
          <PromptBoxes webui={webui} />
          <LoraList webui={webui} />
          <SamplingFields webui={webui} />
          <HiresFields webui={webui} />
          <SeedBatchFields webui={webui} />
        </div>
        <div className="flex min-w-0 flex-col gap-3 lg:sticky lg:top-[calc(var(--spacing-topbar)+1rem)] lg:max-h-[calc(100dvh-var(--spacing-topbar)-2rem)]">
          {/* WebUI's Generate sits beside the prompt, above the results: always in view while the form scrolls */}
          <div className="flex flex-col gap-2 rounded-lg bg-surface p-4 ring-1 ring-line">
            <CostButton cost={webui.cost} onGenerate={() => void webui.generate()} submitting={generation.submitting > 0} disabled={webui.shownProblem !== undefined} />
            {webui.shownProblem === undefined ? (
              <p className="text-center text-xs text-gray-400">
                {webui.form.values.batchCount} 张 · {webui.form.values.width}×{webui.form.values.height}
                {webui.form.values.hires.enabled ? ` · 高清修复 ×${webui.form.values.hires.scale}` : ""}
              </p>
            ) : (
              <p role="alert" className="text-center text-xs text-danger-600" data-testid="webui-problem">{webui.shownProblem.message}</p>
            )}
          </div>
          <TaskPanel types={SD_TASKS} actions={actions} className="min-h-0 overflow-y-auto rounded-lg bg-surface p-4 ring-1 ring-line" />
          <PublishDialog image={publishing} onClose={() => setPublishing(null)} onPublish={generation.publish} />
        </div>
      </section>
    </PictureDrop>
  )
})
