import type { CircleDetailStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Link, useNavigate } from "react-router-dom"
import { Avatar } from "../../components/ui/Avatar"
import { Button } from "../../components/ui/Button"

/** The head of /community/circle-detail: cover, avatar, name, description, owner, counts and the CI2 button. */
export const CircleHeader = observer(function CircleHeader({ store, onNeedLogin }: { store: CircleDetailStore; onNeedLogin: () => void }) {
  const navigate = useNavigate()
  const circle = store.circle
  if (circle === null) return null
  const action = store.action
  const click = () => {
    if (action === "owner") {
      navigate(`/community/circle-form?id=${circle.id}`)
      return
    }
    void store.toggleJoin().then((result) => {
      if (result === "login") onNeedLogin()
    })
  }
  return (
    <section className="overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-line" data-testid="circle-header">
      <div className="relative aspect-[5/1] min-h-40 bg-gray-200">
        {circle.cover !== "" && <img src={circle.cover} alt="" className="h-full w-full object-cover" />}
        <div className="absolute inset-0 bg-gradient-to-t from-black/40 to-transparent" />
      </div>
      <div className="flex flex-wrap items-end gap-5 px-6 pb-5">
        <Avatar src={circle.avatar} name={circle.name} size={96} shape="rounded" className="-mt-12 ring-4 ring-surface" />
        <div className="min-w-0 flex-1 pt-3">
          <h1 className="truncate text-2xl font-semibold text-gray-900" data-testid="circle-title">{circle.name}</h1>
          <p className="mt-1 text-sm text-gray-500">
            圈主 <Link to={`/personal/${circle.owner.uid}`} className="text-gray-700 hover:text-brand-600" data-testid="circle-owner">{circle.owner.nickname}</Link>
            <span className="mx-2 text-gray-300">|</span>
            <span data-testid="circle-member-count">{circle.member_count}</span> 成员
            <span className="mx-2 text-gray-300">|</span>
            {circle.post_count} 动态
          </p>
        </div>
        <div className="flex items-center gap-2 pb-1">
          {action === "leave" && <span className="text-sm text-gray-500">已加入</span>}
          <Button variant={action === "leave" ? "secondary" : "primary"} loading={store.busy} onClick={click} data-testid="circle-action">
            {action === "owner" ? "编辑圈子" : action === "leave" ? "退出圈子" : "加入圈子"}
          </Button>
        </div>
      </div>
      <p className="whitespace-pre-line border-t border-line px-6 py-4 text-sm leading-6 text-gray-600" data-testid="circle-description">
        {circle.description !== "" ? circle.description : "圈主还没有写简介"}
      </p>
    </section>
  )
})
