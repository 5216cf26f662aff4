import type { AssignmentStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Link } from "react-router-dom"
import { Button } from "../../components/ui/Button"
import { Dialog } from "../../components/ui/Dialog"
import { PagedGrid } from "../Personal/PagedGrid"

/** 提交作品: pick one of my library's works, add a note, hand it in. */
export const WorkPickerDialog = observer(function WorkPickerDialog({ store }: { store: AssignmentStore }) {
  const picked = store.picked
  return (
    <Dialog open={store.pickerOpen} onClose={store.closePicker} title="选择要提交的作品" width={880}
      footer={
        <>
          <Button variant="secondary" onClick={store.closePicker}>取消</Button>
          <Button onClick={() => void store.submit()} loading={store.submitting} disabled={picked === null}>提交作业</Button>
        </>
      }>
      <div className="flex flex-col gap-4">
        <div className="max-h-[50vh] overflow-y-auto pr-1">
          <PagedGrid list={store.library} keyOf={(work) => work.id} className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-5"
            empty={{ title: "资产库里还没有作品", description: "先去创作或上传一张图片吧", action: <Link to="/aigc" className="text-sm text-brand-600 hover:underline">去创作</Link> }}
            renderItem={(work) => {
              const selected = picked?.id === work.id
              return (
                <button type="button" onClick={() => store.pick(work)} aria-pressed={selected} data-testid="picker-work" data-id={work.id}
                  className={`relative block aspect-square w-full overflow-hidden rounded-lg bg-gray-100 ring-2 transition ${selected ? "ring-brand-500" : "ring-transparent hover:ring-brand-200"}`}>
                  <img src={work.cover} alt={work.title ?? "作品"} loading="lazy" className="h-full w-full object-cover" />
                  {selected && <span className="absolute right-1.5 top-1.5 rounded-full bg-brand-500 px-2 py-0.5 text-xs text-white">已选</span>}
                </button>
              )
            }} />
        </div>
        <label className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-gray-700">创作说明</span>
          <textarea value={store.note} rows={3} maxLength={5000} onChange={(event) => store.setNote(event.target.value)} placeholder="说说你的创作思路"
            className="w-full resize-none rounded-md bg-surface px-3 py-2 text-sm ring-1 ring-inset ring-line-strong outline-none focus:ring-2 focus:ring-brand-500" />
        </label>
      </div>
    </Dialog>
  )
})
