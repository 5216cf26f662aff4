import { type CheckoutStore, useSessionStore, useWalletStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Avatar } from "../ui/Avatar"
import { Button } from "../ui/Button"
import { Icon } from "../ui/Icon"

/**
 * The success dialog (spec §4): the user and balance as refreshed after the payment (a plan order
 * refreshes the user, so the top bar's badge changes with it), and 完成.
 */
export const PurchaseSuccess = observer(function PurchaseSuccess({ checkout }: { checkout: CheckoutStore }) {
  const session = useSessionStore()
  const wallet = useWalletStore()
  const user = session.hasUser ? session.user : null
  const claimed = checkout.lastOrder?.claim === true
  return (
    <div className="flex flex-col items-center text-center" data-testid="purchase-success">
      <span className="flex size-14 items-center justify-center rounded-full bg-success-50 text-success-600">
        <Icon name="check-circle" size={34} />
      </span>
      <h3 className="mt-3 text-xl font-semibold text-gray-900">{claimed ? "领取成功" : "支付成功"}</h3>
      {checkout.orderPayable !== null && !claimed ? <p className="mt-1 text-sm text-gray-500">实付 ¥{checkout.orderPayable}</p> : null}
      <div className="mt-5 flex w-full items-center gap-3 rounded-xl bg-gray-50 p-4 text-left ring-1 ring-line">
        <Avatar src={user?.avatar} name={user?.nickname ?? "我"} size={44} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-gray-900">{user?.nickname ?? ""}</p>
          {user?.is_vip && user.vip_name !== "" ? (
            <p className="text-sm text-bean-700" data-testid="success-vip">
              <Icon name="crown" size={13} className="mr-1 inline" />
              {user.vip_name}
              {user.vip_expired_at_str ? <span className="ml-1 text-gray-500">有效期至 {user.vip_expired_at_str}</span> : null}
            </p>
          ) : (
            <p className="text-sm text-gray-500">普通用户</p>
          )}
        </div>
        <div className="text-right">
          <p className="text-xs text-gray-500">米豆余额</p>
          <p className="text-lg font-semibold text-bean-700" data-testid="success-balance">
            {wallet.balance === null ? "—" : wallet.balance.balance.toLocaleString("zh-CN")}
          </p>
        </div>
      </div>
      <Button className="mt-6" block size="lg" onClick={() => void checkout.close()}>完成</Button>
    </div>
  )
})

/** The failure / timeout dialog (spec §4): what happened and 重新购买 (the same choice, a new order). */
export const PurchaseFailure = observer(function PurchaseFailure({ checkout }: { checkout: CheckoutStore }) {
  const timedOut = checkout.state.order.status === "timeout"
  return (
    <div className="flex flex-col items-center text-center" data-testid="purchase-failure">
      <span className="flex size-14 items-center justify-center rounded-full bg-danger-50 text-danger-600">
        <Icon name="x-circle" size={34} />
      </span>
      <h3 className="mt-3 text-xl font-semibold text-gray-900">{timedOut ? "支付超时" : "支付失败"}</h3>
      <p className="mt-2 text-sm text-gray-500">
        {timedOut ? "订单已超时关闭，未扣款。" : "本次支付未成功，未扣款。"}您可以重新购买。
      </p>
      <div className="mt-6 grid w-full grid-cols-2 gap-3">
        <Button variant="secondary" block size="lg" onClick={() => void checkout.close()}>关闭</Button>
        <Button block size="lg" loading={checkout.placing} onClick={() => void checkout.rebuy()}>重新购买</Button>
      </div>
    </div>
  )
})
