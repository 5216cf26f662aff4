import { useInviteStore, usePagedList } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect, useRef } from "react"
import { Avatar } from "../../components/ui/Avatar"
import { Button } from "../../components/ui/Button"
import { EmptyState } from "../../components/ui/EmptyState"
import { Spinner } from "../../components/ui/Spinner"

/** Spec §9: the next page loads 300 px before the end of the list. */
const INFINITE_SCROLL_DISTANCE = 300

/** The users who signed up with my code, newest first, 20 a page as the window scrolls; 没有更多了 at the end. */
export const InviteeList = observer(function InviteeList() {
  const invites = useInviteStore()
  const view = usePagedList(invites.invitees)
  const sentinel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const target = sentinel.current
    if (target === null || !view.hasMore || view.status !== "ready") return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void invites.invitees.loadMore()
    }, { rootMargin: `0px 0px ${INFINITE_SCROLL_DISTANCE}px 0px` })
    observer.observe(target)
    return () => observer.disconnect()
  }, [invites, view.hasMore, view.status, view.items.length])

  if (view.isEmpty) return <EmptyState compact icon="users" title="还没有邀请到好友" description="把邀请链接或二维码发给好友，好友注册后会出现在这里。" />
  return (
    <div>
      <ul className="divide-y divide-line">
        {view.items.map((user) => (
          <li key={user.uid} className="flex items-center gap-3 py-3" data-testid="invitee">
            <Avatar src={user.avatar} name={user.nickname} size={40} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-base text-gray-900">{user.nickname}</p>
              <p className="text-xs text-gray-500">{user.joined_at_str} 注册</p>
            </div>
            {user.reward > 0 ? (
              <span className="shrink-0 rounded-full bg-bean-50 px-2.5 py-1 text-sm font-medium text-bean-800">+{user.reward.toLocaleString("zh-CN")} 米豆</span>
            ) : (
              <span className="shrink-0 text-sm text-gray-400">待首次付费</span>
            )}
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="flex h-14 items-center justify-center text-sm text-gray-500">
        {view.status === "loading" && <Spinner label="加载中" />}
        {view.status === "error" && <Button variant="ghost" size="sm" onClick={() => void invites.invitees.retry()}>加载失败，点击重试</Button>}
        {view.isEnd && <span>没有更多了</span>}
      </div>
    </div>
  )
})
