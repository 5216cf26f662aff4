import { useConfirmStore, useInboxStore, useRootStore, useSessionStore, useToastStore, useWalletStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
import { useLocation, useNavigate } from "react-router-dom"
import { Avatar } from "../ui/Avatar"
import { Badge } from "../ui/Badge"
import { Button } from "../ui/Button"
import { Icon } from "../ui/Icon"
import { Popover } from "../ui/Popover"
import { ConfirmingMenuItem } from "./ConfirmingMenuItem"

/** The right side of the top bar: beans, membership, avatar menu; or the login button (spec §2). */
export const UserArea = observer(function UserArea() {
  const session = useSessionStore()
  const wallet = useWalletStore()
  const inbox = useInboxStore()
  const root = useRootStore()
  const toasts = useToastStore()
  const confirmDialog = useConfirmStore()
  const location = useLocation()
  const navigate = useNavigate()
  const user = session.hasUser ? session.user : null

  useEffect(() => {
    if (session.hasUser) void wallet.refreshBalance()
  }, [session.hasUser, wallet])

  if (!session.isLoggedIn) {
    if (location.pathname === "/login") return null
    return (
      <Button size="sm" onClick={() => navigate(session.loginHref(location.pathname, location.search))}>
        登录/注册
      </Button>
    )
  }

  const logout = async () => {
    await session.logout()
    toasts.success("已退出登录")
  }

  // R7: ends every session of the account (a lost phone, a shared computer); the server must agree first
  const logoutEverywhere = async () => {
    const confirmed = await confirmDialog.ask({
      title: "退出所有设备",
      message: "将退出此账号在所有设备（包括本机）上的登录，需要重新登录后才能继续使用。确定退出吗？",
      confirmText: "全部退出"
    })
    if (confirmed && (await session.logoutEverywhere())) toasts.success("已退出所有设备")
  }

  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        onClick={() => void wallet.openLedger()}
        className="flex h-8 items-center gap-1.5 rounded-full bg-bean-50 px-3 text-sm font-medium text-bean-800 ring-1 ring-bean-200 hover:bg-bean-100"
        title="米豆明细"
        data-testid="bean-balance"
      >
        <Icon name="bean" size={16} className="text-bean-600" />
        {wallet.balance === null ? "—" : wallet.balance.balance.toLocaleString("zh-CN")}
        <span className="text-xs font-normal text-bean-700">米豆</span>
      </button>
      <button
        type="button"
        onClick={() => void root.openPurchase("plan")}
        data-testid="membership-badge"
        className={
          user?.is_vip && user.vip_name !== ""
            ? "flex h-8 items-center gap-1 rounded-full bg-linear-to-r from-bean-400 to-bean-500 px-3 text-sm font-medium text-white shadow-xs hover:from-bean-500"
            : "flex h-8 items-center gap-1 rounded-full px-3 text-sm font-medium text-bean-700 ring-1 ring-bean-300 hover:bg-bean-50"
        }
      >
        <Icon name="crown" size={15} />
        {user?.is_vip && user.vip_name !== "" ? user.vip_name : "开通会员，得米豆"}
      </button>
      <button
        type="button"
        onClick={() => void inbox.openDrawer()}
        aria-label={inbox.badgeText === "" ? "消息" : `消息，${inbox.badgeText} 条未读`}
        data-testid="message-bell"
        className="flex size-9 items-center justify-center rounded-full text-gray-600 hover:bg-gray-100 hover:text-gray-900"
      >
        <Badge text={inbox.badgeText}>
          <Icon name="bell" size={20} />
        </Badge>
      </button>
      <Popover
        placement="bottom end"
        triggerClassName="rounded-full"
        panelClassName="w-52"
        trigger={<Avatar src={user?.avatar} name={user?.nickname ?? "我"} size={32} />}
      >
        {(close) => (
          <div className="text-base">
            <div className="border-b border-line px-3 pt-1 pb-2.5">
              <p className="truncate font-medium text-gray-900">{user?.nickname ?? "加载中…"}</p>
              {user ? <p className="text-xs text-gray-500">米豆号 {user.nid}</p> : null}
            </div>
            <button
              type="button"
              onClick={() => {
                close()
                navigate("/personal")
              }}
              className="mt-1 flex h-9 w-full items-center gap-2 rounded-md px-3 text-gray-700 hover:bg-gray-100"
            >
              <Icon name="user" size={16} />
              个人中心
            </button>
            <button
              type="button"
              onClick={() => {
                close()
                void logout()
              }}
              className="flex h-9 w-full items-center gap-2 rounded-md px-3 text-gray-700 hover:bg-gray-100"
            >
              <Icon name="logout" size={16} />
              退出登录
            </button>
            <ConfirmingMenuItem
              close={close}
              onChoose={() => void logoutEverywhere()}
              icon="logout"
              className="flex h-9 w-full items-center gap-2 rounded-md px-3 text-gray-500 hover:bg-gray-100"
            >
              退出所有设备
            </ConfirmingMenuItem>
          </div>
        )}
      </Popover>
    </div>
  )
})
