import { type ToolStore, usePagedList } from "@mido/react"
import { observer } from "mobx-react-lite"
import { type ChangeEvent, useRef } from "react"
import { Button } from "../../components/ui/Button"
import { Dialog } from "../../components/ui/Dialog"
import { EmptyState } from "../../components/ui/EmptyState"
import { Icon } from "../../components/ui/Icon"
import { Spinner } from "../../components/ui/Spinner"

/** 上传图片 (the core's upload rules, then storage and the asset library) or 从资产库选择; `large` is the empty workspace's drop area. */
export const SourcePicker = observer(function SourcePicker({ store, large = false }: { store: ToolStore; large?: boolean }) {
  const input = useRef<HTMLInputElement>(null)
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ""
    if (file !== undefined) void store.upload({ name: file.name, type: file.type, size: file.size, blob: file })
  }
  const disabled = store.uploading || store.running
  return (
    <div className={large ? "flex w-full max-w-xl flex-col items-center gap-4" : "flex gap-2"}>
      <input ref={input} type="file" accept=".png,.jpg,.jpeg,image/png,image/jpeg" className="hidden" data-testid={large ? "tool-upload-large" : "tool-upload"} onChange={picked} />
      {large ? (
        <button
          type="button"
          disabled={disabled}
          onClick={() => input.current?.click()}
          className="flex h-64 w-full flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-line-strong bg-gray-50 text-gray-600 hover:border-brand-400 hover:text-brand-700 disabled:opacity-60"
        >
          {store.uploading ? <Spinner size={28} /> : <Icon name="image" size={36} />}
          <span className="text-base font-medium">{store.uploading ? "上传中…" : "点击上传图片"}</span>
          <span className="text-sm text-gray-500">支持 PNG、JPG、JPEG，15MB 以内</span>
        </button>
      ) : (
        <Button variant="secondary" size="sm" loading={store.uploading} disabled={disabled} onClick={() => input.current?.click()} icon={<Icon name="plus" size={14} />}>
          {store.source === null ? "上传图片" : "更换图片"}
        </Button>
      )}
      <Button variant={large ? "secondary" : "ghost"} size={large ? "md" : "sm"} disabled={disabled} onClick={store.picker.show} icon={<Icon name="folder" size={14} />}>
        从资产库选择
      </Button>
    </div>
  )
})

/** 从资产库选择: the viewer's works (uploads and results); a click makes it the source. */
export const ToolLibraryPicker = observer(function ToolLibraryPicker({ store }: { store: ToolStore }) {
  return (
    <Dialog open={store.picker.open} onClose={store.picker.close} title="从资产库选择" width={760}>
      {store.picker.open && <PickerGrid store={store} />}
    </Dialog>
  )
})

const PickerGrid = observer(function PickerGrid({ store }: { store: ToolStore }) {
  const view = usePagedList(store.picker.list)
  if (view.isEmpty) return <EmptyState compact title="资产库还是空的" description="先上传图片，或生成作品后再来选择" />
  return (
    <div className="max-h-[60vh] overflow-y-auto" data-testid="library-picker">
      <ul className="grid grid-cols-4 gap-2">
        {view.items.map((work) => (
          <li key={work.id}>
            <button type="button" onClick={() => store.picker.pick(work)} className="block aspect-square w-full overflow-hidden rounded-md bg-gray-100 ring-2 ring-transparent hover:ring-brand-400">
              <img src={work.cover} alt={work.title ?? "作品"} loading="lazy" className="size-full object-cover" />
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex justify-center">
        {view.status === "loading" ? <Spinner /> : view.hasMore ? <Button variant="secondary" size="sm" onClick={() => void store.picker.list.loadMore()}>加载更多</Button> : null}
      </div>
    </div>
  )
})
