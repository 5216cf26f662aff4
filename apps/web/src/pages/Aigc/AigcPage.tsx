import { type AigcMode, type AigcStore, type TaskImage, useAigcStore, useSessionStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect, useState } from "react"
import { Link, useLocation, useNavigate } from "react-router-dom"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { CostButton } from "../../components/generation/CostButton"
import { TaskPanel } from "../../components/generation/TaskPanel"
import { cx } from "../../components/ui/cx"
import { LibraryPicker } from "./LibraryPicker"
import { MjModeForm } from "./MjModeForm"
import { PublishDialog } from "../../components/generation/PublishDialog"
import { QuickModeForm } from "./QuickModeForm"

const MODES: ReadonlyArray<{ readonly mode: AigcMode; readonly label: string; readonly hint: string }> = [
  { mode: "quick", label: "快捷绘画", hint: "一张照片 + 一个风格" },
  { mode: "mj", label: "MJ 模型", hint: "提示词与参考图" }
]

/** /aigc, AI 绘画: the form on the left (quick or MJ mode), the tasks and results on the right. */
export function AigcPage() {
  return (
    <StoreSuspense>
      <AigcView />
    </StoreSuspense>
  )
}

const AigcView = observer(function AigcView() {
  const store = useAigcStore()
  const session = useSessionStore()
  const location = useLocation()
  const loggedIn = session.isLoggedIn
  useEffect(() => {
    store.open(loggedIn)
    if (loggedIn) store.followCost()
  }, [store, loggedIn, location.key])
  return (
    <section aria-label="AI 绘画" className="mx-auto flex w-full max-w-[1680px] flex-col gap-4 lg:flex-row lg:items-start">
      <aside className="flex w-full shrink-0 flex-col rounded-xl border border-line bg-surface lg:sticky lg:top-[calc(var(--spacing-topbar)+1rem)] lg:max-h-[calc(100dvh-var(--spacing-topbar)-2rem)] lg:w-[400px]">
        <div className="flex gap-1 border-b border-line p-2" role="tablist" aria-label="绘画模式">
          {MODES.map((item) => (
            <button
              key={item.mode}
              type="button"
              role="tab"
              aria-selected={store.mode === item.mode}
              onClick={() => store.setMode(item.mode)}
              className={cx("flex flex-1 flex-col items-center rounded-md py-2 transition-colors", store.mode === item.mode ? "bg-brand-50 text-brand-700" : "text-gray-600 hover:bg-gray-50")}
            >
              <span className="text-sm font-semibold">{item.label}</span>
              <span className="text-xs opacity-80">{item.hint}</span>
            </button>
          ))}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto p-4">{store.mode === "quick" ? <QuickModeForm store={store} /> : <MjModeForm store={store} />}</div>
        <div className="border-t border-line p-4">
          {loggedIn ? (
            <>
              <CostButton cost={store.cost} submitting={store.submitting} disabled={store.missing !== null} onGenerate={() => void store.generate()} />
              <p className="mt-2 min-h-5 text-center text-xs text-gray-500" data-testid="generate-hint">{store.missing ?? "生成的作品会自动保存到资产库"}</p>
            </>
          ) : (
            <Link to={session.loginHref(location.pathname, location.search)} className="flex h-12 items-center justify-center rounded-lg bg-brand-600 font-medium text-white hover:bg-brand-500">
              登录后开始创作
            </Link>
          )}
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        {loggedIn ? (
          <StoreSuspense>
            <Results store={store} />
          </StoreSuspense>
        ) : (
          <p className="rounded-xl border border-line bg-surface p-8 text-center text-sm text-gray-500">登录后，你的生成记录会显示在这里</p>
        )}
      </div>
      <LibraryPicker store={store} />
    </section>
  )
})

/** The tasks of /aigc with the actions of each result. */
function Results({ store }: { store: AigcStore }) {
  const navigate = useNavigate()
  const location = useLocation()
  const [publishing, setPublishing] = useState<TaskImage | null>(null)
  return (
    <>
      <TaskPanel
        className="rounded-xl border border-line bg-surface p-4"
        types={["quick", "quick_mj"]}
        actions={{
          onOpen: (image) => {
            const search = new URLSearchParams(location.search)
            search.set("artwork", String(image.artwork_id))
            navigate({ pathname: location.pathname, search: `?${search.toString()}` })
          },
          onDownload: (image) => void store.download(image),
          onPublish: (image) => setPublishing(image),
          onSameStyle: (_image, task) => {
            store.sameStyle(task)
            window.scrollTo({ top: 0, behavior: "smooth" })
          },
          onOpenProperty: (image) => navigate(`/property?artwork=${image.artwork_id}`),
          onRedraw: (image) => void window.open(store.redraw(image), "_blank", "noopener")
        }}
      />
      <PublishDialog image={publishing} onClose={() => setPublishing(null)} onPublish={store.publish} />
    </>
  )
}
