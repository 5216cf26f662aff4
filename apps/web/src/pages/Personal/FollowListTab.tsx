import type { FollowUser, PagedList, PersonalStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Link } from "react-router-dom"
import { Avatar } from "../../components/ui/Avatar"
import { Button } from "../../components/ui/Button"
import { PagedGrid } from "./PagedGrid"

/** 关注 / 粉丝: people with their own follow button (回关 on one's fans). */
export const FollowListTab = observer(function FollowListTab({ store, list, fans, viewerUid }: {
  store: PersonalStore
  list: PagedList<FollowUser, number, { readonly uid: number }>
  fans: boolean
  viewerUid: number | undefined
}) {
  return (
    <PagedGrid
      list={list}
      keyOf={(user) => user.uid}
      className="grid grid-cols-1 gap-3 lg:grid-cols-2 2xl:grid-cols-3"
      renderItem={(user) => {
        const following = store.isFollowing(user)
        return (
          <div className="flex items-center gap-3 rounded-xl border border-gray-200 bg-surface p-4" data-testid="follow-user">
            <Link to={`/personal/${user.uid}`}><Avatar src={user.avatar} name={user.nickname} size={48} /></Link>
            <div className="min-w-0 flex-1">
              <Link to={`/personal/${user.uid}`} className="block truncate text-sm font-medium text-gray-900 hover:text-brand-700">{user.nickname}</Link>
              <p className="mt-0.5 text-xs text-gray-500">作品 {user.artwork_count} · 粉丝 {user.follower_count}</p>
            </div>
            {viewerUid !== undefined && viewerUid !== user.uid && (
              <Button size="sm" variant={following ? "secondary" : "primary"} onClick={() => void store.toggleFollowOf(user)}>
                {following ? (user.is_mutual ? "互相关注" : "已关注") : fans ? "回关" : "+ 关注"}
              </Button>
            )}
          </div>
        )
      }}
      empty={fans ? { title: "还没有粉丝", description: "发布更多作品，让更多人看到你" } : { title: "还没有关注任何人", description: "去灵感广场发现喜欢的创作者", action: <Link className="text-brand-700" to="/list">去灵感广场</Link> }}
    />
  )
})
