import { useGroupStore, useSessionStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
import { Link } from "react-router-dom"
import { Avatar } from "../../components/ui/Avatar"
import { EmptyState } from "../../components/ui/EmptyState"
import { Spinner } from "../../components/ui/Spinner"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { Tag } from "../../components/ui/Tag"
import { ArtworkTile, GRID } from "../Personal/ArtworkTile"
import { PagedGrid } from "../Personal/PagedGrid"
import { useQueryId } from "./useQueryId"

const GroupView = observer(function GroupView({ id }: { id: number }) {
  const store = useGroupStore()
  // a login or logout asks again: a private group is its owner's to see
  const viewer = useSessionStore().user?.uid
  useEffect(() => {
    store.open(id)
  }, [store, id, viewer])
  const { group, owner } = store
  if (store.missing) return <EmptyState className="py-24" title="作品集不存在或未公开" />
  if (group === null || owner === null || store.id !== id) return <div className="flex justify-center py-24"><Spinner label="加载中" /></div>
  return (
    <div className="mx-auto flex max-w-[1600px] flex-col gap-6 px-6 py-6">
      <section className="flex flex-col gap-6 rounded-2xl bg-surface p-6 shadow-sm ring-1 ring-line md:flex-row" data-testid="group-header">
        <div className="aspect-[4/3] w-full shrink-0 overflow-hidden rounded-xl bg-gray-100 md:w-72">
          {group.cover !== null && <img src={group.cover} alt="" className="h-full w-full object-cover" />}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <Tag tone="brand" size="sm">作品集</Tag>
            <h1 className="text-2xl font-semibold text-gray-900" data-testid="group-title">{group.name}</h1>
            {!group.is_public && <Tag tone="gray" size="sm">仅自己可见</Tag>}
          </div>
          <Link to={`/personal/${owner.uid}`} className="flex w-fit items-center gap-2 text-sm text-gray-600 hover:text-brand-600">
            <Avatar src={owner.avatar} name={owner.nickname} size={28} />{owner.nickname}
          </Link>
          <p className="whitespace-pre-line text-sm leading-6 text-gray-600">{group.description !== "" ? group.description : "还没有简介"}</p>
          <p className="mt-auto text-sm text-gray-400">{group.artwork_count} 个作品</p>
        </div>
      </section>
      <PagedGrid list={store.works} keyOf={(work) => work.id} className={GRID} renderItem={(work) => <ArtworkTile work={work} />}
        empty={{ title: "作品集里还没有作品" }} />
    </div>
  )
})

/** /community/group-detail?id=: an artwork group (作品集) with its works (spec §2). */
export function GroupDetailPage() {
  const id = useQueryId()
  if (id === null) return <EmptyState className="py-24" title="作品集不存在或未公开" description="链接里缺少作品集编号" />
  return <StoreSuspense><GroupView id={id} /></StoreSuspense>
}
