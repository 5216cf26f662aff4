import type { LibraryArtwork, PersonalStore } from "@mido/react"
import { usePagedList } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
import { Button } from "../../components/ui/Button"
import { Dialog } from "../../components/ui/Dialog"

/** 移入作品集: pick one of the owner's groups for a work (new groups are made in the 作品集 tab). */
export const MoveToGroupDialog = observer(function MoveToGroupDialog({ store, work, onClose }: { store: PersonalStore; work: LibraryArtwork | null; onClose: () => void }) {
  const open = work !== null
  useEffect(() => {
    if (open) void store.groups.ensureChoices()
  }, [open, store])
  const view = usePagedList(store.groups.list)
  return (
    <Dialog open={open} onClose={onClose} title="移入作品集" width={420}>
      {view.isEmpty ? (
        <p className="py-6 text-center text-sm text-gray-500">还没有作品集，先在「作品集」标签里新建一个吧</p>
      ) : (
        <ul className="max-h-80 space-y-2 overflow-y-auto">
          {view.items.map((group) => (
            <li key={group.id} className="flex items-center justify-between gap-3 rounded-lg border border-gray-200 px-3 py-2.5">
              <span className="min-w-0 truncate text-sm text-gray-900">{group.name}<span className="ml-2 text-gray-400">{group.artwork_count} 个作品</span></span>
              <Button size="sm" disabled={store.groups.saving} onClick={() => void (work !== null && store.groups.addWorks(group, [work.id]).then((done) => done && onClose()))}>移入</Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  )
})
