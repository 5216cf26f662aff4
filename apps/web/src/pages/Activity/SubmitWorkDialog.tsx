import type { ActivityStore, LibraryArtwork } from "@mido/react"
import { usePagedList } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Link } from "react-router-dom"
import { Button } from "../../components/ui/Button"
import { cx } from "../../components/ui/cx"
import { Dialog } from "../../components/ui/Dialog"
import { EmptyState } from "../../components/ui/EmptyState"
import { Icon } from "../../components/ui/Icon"
import { Spinner } from "../../components/ui/Spinner"

const DESCRIPTION_MAX = 200

const WorkChoice = observer(function WorkChoice({ store, work }: { store: ActivityStore; work: LibraryArtwork }) {
  const picker = store.picker
  const blocker = picker.blockerOf(work)
  const chosen = picker.chosen === work.id
  return (
    <button
      type="button"
      onClick={() => picker.choose(work)}
      disabled={blocker !== null}
      aria-pressed={chosen}
      title={blocker ?? work.title ?? "作品"}
      data-testid="entry-choice"
      data-id={work.id}
      className={cx(
        "relative block aspect-square overflow-hidden rounded-lg bg-gray-100 ring-2 ring-offset-2 transition",
        chosen ? "ring-brand-600" : "ring-transparent hover:ring-brand-200",
        blocker !== null && "cursor-not-allowed"
      )}
    >
      <img src={work.cover} alt={work.title ?? "作品"} loading="lazy" className={cx("h-full w-full object-cover", blocker !== null && "opacity-40 grayscale")} />
      {chosen && (
        <span className="absolute right-1.5 top-1.5 flex size-6 items-center justify-center rounded-full bg-brand-600 text-white shadow">
          <Icon name="check" size={14} />
        </span>
      )}
      {blocker !== null && (
        <span className="absolute inset-x-0 bottom-0 bg-black/60 px-1.5 py-1 text-[11px] leading-tight text-white">未公开发布</span>
      )}
    </button>
  )
})

/** 提交作品: pick one of my library works (public and approved ones only), add a 创作说明, hand it in. */
export const SubmitWorkDialog = observer(function SubmitWorkDialog({ store }: { store: ActivityStore }) {
  const picker = store.picker
  const view = usePagedList(picker.works)
  return (
    <Dialog
      open={picker.open}
      onClose={picker.hide}
      title="提交参赛作品"
      width={760}
      footer={
        <>
          <Button variant="secondary" onClick={picker.hide}>取消</Button>
          <Button onClick={() => void store.submitChosen()} disabled={!picker.canSubmit} loading={picker.submitting}>确认提交</Button>
        </>
      }
    >
      <div className="space-y-4">
        <p className="text-sm text-gray-500">从作品库中选择一幅已公开发布的作品参赛，每个活动限投 1 幅。</p>
        {view.isEmpty ? (
          <EmptyState compact title="作品库还没有作品" description="先去创作一幅作品，发布并通过审核后即可参赛。" action={<Link className="text-sm text-brand-600 hover:underline" to="/aigc">去创作</Link>} />
        ) : (
          <div className="max-h-[46vh] overflow-y-auto p-1">
            <div className="grid grid-cols-4 gap-3 sm:grid-cols-5">
              {view.items.map((work) => <WorkChoice key={work.id} store={store} work={work} />)}
            </div>
            <div className="flex h-10 items-center justify-center text-sm text-gray-500">
              {view.status === "loading" && <Spinner label="加载中" />}
              {view.hasMore && view.status !== "loading" && <Button variant="ghost" size="sm" onClick={() => void picker.works.loadMore()}>加载更多</Button>}
              {view.status === "error" && <Button variant="ghost" size="sm" onClick={() => void picker.works.retry()}>加载失败，点击重试</Button>}
            </div>
          </div>
        )}
        <label className="block space-y-1.5">
          <span className="text-sm font-medium text-gray-800">创作说明（选填）</span>
          <textarea
            value={picker.description}
            onChange={(event) => picker.setDescription(event.target.value)}
            maxLength={DESCRIPTION_MAX}
            rows={3}
            placeholder="说说你的创作思路"
            className="w-full resize-none rounded-lg border border-line bg-surface px-3 py-2 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
          />
          <span className="block text-right text-xs text-gray-400">{picker.description.length}/{DESCRIPTION_MAX}</span>
        </label>
        {picker.refusal !== "" && (
          <p role="alert" className="flex items-center gap-2 rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-700">
            <Icon name="alert-triangle" size={16} />
            {picker.refusal}
          </p>
        )}
      </div>
    </Dialog>
  )
})
