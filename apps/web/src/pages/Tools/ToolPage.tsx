import { type ToolKey, type ToolStore, useConfigStore, useToolStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { type ComponentType, useEffect } from "react"
import { useSearchParams } from "react-router-dom"
import { CostButton } from "../../components/generation/CostButton"
import { SubjectBoxSelector } from "../../components/tools/SubjectBoxSelector"
import { Button } from "../../components/ui/Button"
import { Icon } from "../../components/ui/Icon"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { SourcePicker, ToolLibraryPicker } from "./SourcePicker"
import { ToolOptionsPanel } from "./ToolOptionsPanel"
import { ToolWorkspace } from "./ToolWorkspace"

const MASK_HINTS = {
  required: "在右侧图片上涂抹需要处理的区域",
  auto: "默认自动识别水印；也可以在右侧涂抹水印区域，只处理涂抹处",
  hint: "可选：用「保留」「去除」画笔标出主体和背景，抠图更准确",
  none: null
} as const

const pages = new Map<ToolKey, ComponentType>()

/** The page of one tool (the seven routes of spec §2 tools layout share this frame; each is its own lazy route). */
export const toolPage = (tool: ToolKey): ComponentType => {
  const known = pages.get(tool)
  if (known !== undefined) return known
  const page = function ToolRoute() {
    return (
      <StoreSuspense>
        <ToolView tool={tool} />
      </StoreSuspense>
    )
  }
  pages.set(tool, page)
  return page
}

const ToolView = observer(function ToolView({ tool }: { tool: ToolKey }) {
  const store = useToolStore()
  const config = useConfigStore()
  const [search, setSearch] = useSearchParams()
  const image = search.get("image")
  useEffect(() => {
    store.open(tool, { image })
    // the address's picture is taken once: a reload keeps what the user chose since
    if (image !== null) {
      setSearch((now) => {
        const next = new URLSearchParams(now)
        next.delete("image")
        return next
      }, { replace: true })
    }
  }, [store, tool, image, setSearch])
  useEffect(() => void config.loadTools(), [config])
  if (store.tool !== tool) return null
  const description = config.tools.find((known) => known.key === tool)?.description
  return (
    <section aria-label={store.title} className="mx-auto flex w-full max-w-[1680px] flex-col gap-4 lg:flex-row lg:items-start" data-testid="tool-page" data-tool={tool}>
      <aside className="flex w-full shrink-0 flex-col gap-5 rounded-xl border border-line bg-surface p-5 lg:sticky lg:top-[calc(var(--spacing-topbar)+1.5rem)] lg:w-[380px]">
        <div>
          <h1 className="text-xl font-semibold text-gray-900">{store.title}</h1>
          {description !== undefined && <p className="mt-1 text-sm text-gray-500">{description}</p>}
        </div>
        <Blocked store={store} />
        <Section title="原图">
          {store.source !== null && <SourcePreview store={store} source={store.source} />}
          <SourcePicker store={store} />
        </Section>
        <ToolOptionsPanel store={store} />
        {store.spec?.prompt === "required" && (
          <Section title="描述重绘内容">
            <textarea
              value={store.prompt}
              onChange={(event) => store.setPrompt(event.target.value)}
              maxLength={1000}
              rows={3}
              placeholder="例如：一束盛开的向日葵"
              className="w-full resize-none rounded-md border border-line px-3 py-2 text-sm focus:border-brand-500 focus:outline-none"
              data-testid="tool-prompt"
            />
          </Section>
        )}
        <Notes store={store} />
        <RunControls store={store} />
      </aside>
      <div className="min-w-0 flex-1">
        <ToolWorkspace store={store} />
      </div>
      <ToolLibraryPicker store={store} />
    </section>
  )
})

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="mb-2 text-sm font-medium text-gray-800">{title}</h2>
      {children}
    </div>
  )
}

/** The source picture in the side panel; where the tool reads a subject box (智能抠图), the box is drawn on it. */
const SourcePreview = observer(function SourcePreview({ store, source }: { store: ToolStore; source: string }) {
  if (!store.spec?.options.some((option) => option.kind === "box")) {
    return <img src={source} alt="当前原图" className="mb-2 h-28 w-full rounded-md bg-gray-50 object-contain" data-testid="tool-source-thumb" />
  }
  return (
    <div className="mb-3">
      <SubjectBoxSelector key={source} src={source} alt="当前原图" imageTestId="tool-source-thumb" value={store.box} onChange={store.setBox} problem={store.boxProblem} disabled={store.running} />
    </div>
  )
})

/** What the user should know before spending beans: the mask to draw, what runs offline, what needs an engine. */
const Notes = observer(function Notes({ store }: { store: ToolStore }) {
  const spec = store.spec
  if (spec === null) return null
  const maskHint = store.source === null ? null : MASK_HINTS[spec.mask]
  return (
    <>
      {maskHint !== null && <p className="text-xs text-gray-500">{maskHint}</p>}
      {spec.offlineNote !== undefined && store.offline !== false && (
        <p className="flex gap-2 rounded-md bg-warning-50 p-3 text-xs leading-5 text-warning-700" data-testid="tool-offline-note">
          <Icon name="info" size={14} className="mt-0.5 shrink-0" />
          {spec.offlineNote}
        </p>
      )}
    </>
  )
})

/** A tool that cannot run here (it needs an engine and only the offline one is set up): said first, before anything is prepared. */
const Blocked = observer(function Blocked({ store }: { store: ToolStore }) {
  if (store.blocked === null) return null
  return (
    <p role="note" className="flex gap-2 rounded-md border border-warning-100 bg-warning-50 p-3 text-sm leading-5 text-warning-700" data-testid="tool-blocked">
      <Icon name="alert-triangle" size={16} className="mt-0.5 shrink-0" />
      {store.blocked}
    </p>
  )
})

const RunControls = observer(function RunControls({ store }: { store: ToolStore }) {
  const blocked = store.blocked
  return (
    <div className="flex flex-col gap-2 border-t border-line pt-4">
      {store.running && store.task !== null ? (
        <Button size="lg" block variant="secondary" onClick={() => void store.cancel()} data-testid="tool-cancel">
          取消
        </Button>
      ) : (
        <CostButton
          cost={store.cost}
          label="开始处理"
          submitting={store.starting}
          disabled={blocked !== null || store.missing !== null}
          onGenerate={() => void store.run()}
        />
      )}
      <p className="min-h-5 text-center text-xs text-gray-500" data-testid="tool-hint">
        {blocked !== null ? "离线模式下不可用" : store.missing ?? "处理结果会自动保存到资产库"}
      </p>
    </div>
  )
})
