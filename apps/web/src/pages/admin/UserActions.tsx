import { type AdminUserDetail, useAdminRootStore } from "@mido/react/admin"
import { observer } from "mobx-react-lite"
import { type FormEvent, useState } from "react"
import { Button } from "../../components/ui/Button"
import { Input } from "../../components/ui/Input"

/** The open user's header and the operator's actions: ban / unban with a reason, end sessions, adjust beans. */
export const UserActions = observer(function UserActions({ detail }: { readonly detail: AdminUserDetail }) {
  const { users } = useAdminRootStore()
  const [banReason, setBanReason] = useState("")
  const [amount, setAmount] = useState("")
  const [reason, setReason] = useState("")
  const { user } = detail
  const adjust = async (event: FormEvent) => {
    event.preventDefault()
    if (await users.adjustBeans(Number(amount), reason.trim())) {
      setAmount("")
      setReason("")
    }
  }
  const ban = async (event: FormEvent) => {
    event.preventDefault()
    if (await users.ban(banReason.trim())) setBanReason("")
  }
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {user.nickname} <span className="text-sm font-normal text-gray-500">UID {user.uid} · {user.phone}</span>
        </h2>
        <p className="text-sm">
          余额 <strong className="tabular-nums">{user.balance}</strong> 米豆 · 会员等级 {user.vip_level}
        </p>
      </div>
      {user.banned ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-700">
          <span>已封禁（{detail.banned_at_str}）：{detail.ban_reason}</span>
          <Button size="sm" variant="secondary" disabled={users.busy} onClick={() => void users.unban()}>
            解除封禁
          </Button>
        </div>
      ) : (
        <form className="mt-3 flex flex-wrap items-center gap-2" onSubmit={(event) => void ban(event)}>
          <Input aria-label="封禁原因" placeholder="封禁原因（必填）" value={banReason} onChange={(event) => setBanReason(event.target.value)} />
          <Button type="submit" size="sm" variant="danger" disabled={users.busy || banReason.trim().length < 2}>
            封禁
          </Button>
          <Button type="button" size="sm" variant="secondary" disabled={users.busy} onClick={() => void users.endSessions()}>
            结束全部会话
          </Button>
        </form>
      )}
      <form className="mt-3 flex flex-wrap items-center gap-2" onSubmit={(event) => void adjust(event)}>
        <Input aria-label="调整数量" className="w-32" inputMode="numeric" placeholder="+100 或 -50" value={amount} onChange={(event) => setAmount(event.target.value)} />
        <Input aria-label="调整原因" placeholder="调整原因（必填，用户可见）" value={reason} onChange={(event) => setReason(event.target.value)} />
        <Button type="submit" size="sm" disabled={users.busy || !/^[+-]?\d+$/.test(amount.trim()) || Number(amount) === 0 || reason.trim().length < 2}>
          调整米豆
        </Button>
      </form>
    </div>
  )
})
