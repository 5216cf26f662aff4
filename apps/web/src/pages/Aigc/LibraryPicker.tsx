import { type AigcStore, usePagedList } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Button } from "../../components/ui/Button"
import { Dialog } from "../../components/ui/Dialog"
import { EmptyState } from "../../components/ui/EmptyState"
import { Spinner } from "../../components/ui/Spinner"

/** 从资产库选择: the viewer's works (uploads and results) as a grid; a click puts the picture in the form. */
export const LibraryPicker = observer(function LibraryPicker({ store }: { store: AigcStore }) {
  return (
    <Dialog open={store.picking !== null} onClose={store.closePicker} title="从资产库选择" width={760}>
      {store.picking !== null && <PickerGrid store={store} />}
    </Dialog>
  )
})

const PickerGrid = observer(function PickerGrid({ store }: { store: AigcStore }) {
  const view = usePagedList(store.library)
  if (view.isEmpty) return <EmptyState compact title="资产库还是空的" description="先上传图片，或生成作品后再来选择" />
  return (
    <div className="max-h-[60vh] overflow-y-auto" data-testid="library-picker">
      <ul className="grid grid-cols-4 gap-2">
        {view.items.map((work) => (
          <li key={work.id}>
            <button type="button" onClick={() => store.pick(work)} className="block aspect-square w-full overflow-hidden rounded-md bg-gray-100 ring-2 ring-transparent hover:ring-brand-400">
              <img src={work.cover} alt={work.title ?? "作品"} loading="lazy" className="size-full object-cover" />
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex justify-center">
        {view.status === "loading" ? <Spinner /> : view.hasMore ? <Button variant="secondary" size="sm" onClick={() => void store.library.loadMore()}>加载更多</Button> : null}
      </div>
    </div>
  )
})
