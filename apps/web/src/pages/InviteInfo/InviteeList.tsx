import { useInviteStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { PagedGrid } from "../Personal/PagedGrid"
import { Avatar } from "../../components/ui/Avatar"

/** The users who signed up with my code, newest first, 20 a page as the window scrolls (§9 distance 300). */
export const InviteeList = observer(function InviteeList() {
  const invites = useInviteStore()
  return (
    <PagedGrid
      list={invites.invitees}
      keyOf={(user) => user.uid}
      className="divide-y divide-line"
      empty={{ title: "还没有邀请到好友", description: "把邀请链接或二维码发给好友，好友注册后会出现在这里。" }}
      renderItem={(user) => (
        <div className="flex items-center gap-3 py-3" data-testid="invitee">
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
        </div>
      )}
    />
  )
})
