import type { ArtworkGroup, PersonalStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useState } from "react"
import { Button } from "../../components/ui/Button"
import { Dialog } from "../../components/ui/Dialog"
import { Input } from "../../components/ui/Input"
import { Tag } from "../../components/ui/Tag"
import { ArtworkTile, GRID } from "./ArtworkTile"
import { PagedGrid } from "./PagedGrid"

type Naming = { mode: "create" } | { mode: "rename"; group: ArtworkGroup } | null

/** 作品集: the groups grid (create / rename / delete for the owner), or one group's works. */
export const GroupsTab = observer(function GroupsTab({ store }: { store: PersonalStore }) {
  const groups = store.groups
  const [naming, setNaming] = useState<Naming>(null)
  const [name, setName] = useState("")
  const submit = async () => {
    if (naming === null) return
    const done = naming.mode === "create" ? await groups.create(name) : await groups.rename(naming.group, name)
    if (done) setNaming(null)
  }
  const opened = groups.opened
  if (opened !== null) {
    return (
      <div>
        <div className="mb-4 flex items-center gap-3">
          <Button variant="ghost" size="sm" onClick={groups.closeGroup}>← 返回作品集</Button>
          <h2 className="text-base font-medium text-gray-900">{opened.name}</h2>
        </div>
        <PagedGrid list={groups.works} keyOf={(work) => work.id} className={GRID} renderItem={(work) => <ArtworkTile work={work} />}
          empty={{ title: "作品集里还没有作品", description: store.isSelf ? "在「作品」标签里点作品上的「移入作品集」" : undefined }} />
      </div>
    )
  }
  return (
    <div>
      {store.isSelf && (
        <div className="mb-4 flex justify-end">
          <Button onClick={() => { setName(""); setNaming({ mode: "create" }) }}>+ 新建作品集</Button>
        </div>
      )}
      <PagedGrid
        list={groups.list}
        keyOf={(group) => group.id}
        className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5"
        renderItem={(group) => (
          <div className="group overflow-hidden rounded-xl border border-gray-200 bg-surface" data-testid="group-card">
            <button type="button" className="block aspect-[4/3] w-full bg-gray-100" onClick={() => void groups.openGroup(group)}>
              {group.cover !== null ? <img src={group.cover} alt={group.name} className="h-full w-full object-cover" /> : <span className="text-sm text-gray-400">暂无作品</span>}
            </button>
            <div className="flex items-center justify-between gap-2 p-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-gray-900" data-testid="group-name">{group.name}</p>
                <p className="mt-0.5 text-xs text-gray-500">{group.artwork_count} 个作品 {!group.is_public && <Tag size="xs" tone="gray">私密</Tag>}</p>
              </div>
              {store.isSelf && (
                <div className="flex shrink-0 gap-1">
                  <Button size="sm" variant="ghost" onClick={() => { setName(group.name); setNaming({ mode: "rename", group }) }}>重命名</Button>
                  <Button size="sm" variant="ghost" onClick={() => void groups.remove(group)}>删除</Button>
                </div>
              )}
            </div>
          </div>
        )}
        empty={store.isSelf
          ? { title: "还没有作品集", description: "把同一主题的作品收进作品集，主页更有条理", action: <Button size="sm" onClick={() => { setName(""); setNaming({ mode: "create" }) }}>新建作品集</Button> }
          : { title: "TA 还没有公开的作品集" }}
      />
      <Dialog
        open={naming !== null}
        onClose={() => setNaming(null)}
        title={naming?.mode === "rename" ? "重命名作品集" : "新建作品集"}
        width={420}
        footer={
          <>
            <Button variant="secondary" onClick={() => setNaming(null)}>取消</Button>
            <Button disabled={groups.saving} onClick={() => void submit()}>确定</Button>
          </>
        }
      >
        <Input label="作品集名称" value={name} maxLength={20} placeholder="最多 20 个字" onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => event.key === "Enter" && void submit()} />
      </Dialog>
    </div>
  )
})
