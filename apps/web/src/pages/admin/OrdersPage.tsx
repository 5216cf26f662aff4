import type { AdminOrder } from "@mido/react/admin"
import { usePagedList } from "@mido/react"
import { useAdminRootStore } from "@mido/react/admin"
import { observer } from "mobx-react-lite"
import { type FormEvent, useState } from "react"
import { Button } from "../../components/ui/Button"
import { Dialog } from "../../components/ui/Dialog"
import { Input } from "../../components/ui/Input"
import { AdminListFooter, AdminPageHeader } from "./AdminList"
import { BreaksPanel } from "./BreaksPanel"
import { ORDER_STATE_OPTIONS, orderStateText, payMethodText, refundStateText, yuan } from "./moneyText"

/** 订单: search orders, refund a paid one (with a reason, confirmed), and the reconciliation breaks below. */
export const OrdersPage = observer(function OrdersPage() {
  const { money } = useAdminRootStore()
  const view = usePagedList(money.orders)
  const [draft, setDraft] = useState(money.filter)
  const [target, setTarget] = useState<AdminOrder | undefined>(undefined)
  const [reason, setReason] = useState("")
  const search = (event: FormEvent) => {
    event.preventDefault()
    void money.setFilter(draft)
  }
  const confirmRefund = async () => {
    if (target === undefined) return
    const result = await money.refund(target.trade_no, reason)
    if (result !== undefined) {
      setTarget(undefined)
      setReason("")
    }
  }
  const canRefund = (order: AdminOrder) => order.status === "success" && order.payable_fen > 0 && order.refund_state !== "refunded"
  return (
    <section>
      <AdminPageHeader title="订单">
        <form className="flex flex-wrap items-center gap-2" onSubmit={search} aria-label="订单筛选">
          <Input aria-label="订单号" placeholder="订单号" value={draft.tradeNo} onChange={(event) => setDraft({ ...draft, tradeNo: event.target.value })} />
          <Input aria-label="用户" placeholder="UID / 手机号 / 昵称" value={draft.user} onChange={(event) => setDraft({ ...draft, user: event.target.value })} />
          <select
            aria-label="状态"
            className="h-10 rounded-lg border border-line bg-surface px-3 text-sm"
            value={draft.state}
            onChange={(event) => setDraft({ ...draft, state: event.target.value as typeof draft.state })}
          >
            {ORDER_STATE_OPTIONS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
          <Input aria-label="开始日期" type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
          <Input aria-label="结束日期" type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
          <Button type="submit" variant="secondary">筛选</Button>
        </form>
      </AdminPageHeader>
      {money.lastRefund === undefined ? null : (
        <p role="status" className="mb-3 rounded-lg bg-brand-50 px-4 py-2 text-sm text-brand-700">
          订单 {money.lastRefund.tradeNo}：{refundStateText(money.lastRefund.result.state)}
          {money.lastRefund.result.state !== "failed" && money.lastRefund.result.beans_taken > 0 ? `，已收回 ${money.lastRefund.result.beans_taken} 米豆` : ""}
          {money.lastRefund.result.state !== "failed" && money.lastRefund.result.vip_days_taken > 0 ? `，会员期减少 ${money.lastRefund.result.vip_days_taken} 天` : ""}
          {money.lastRefund.result.state === "failed" ? "，收回的米豆与会员时长已退还" : ""}
          {money.lastRefund.result.detail === "" ? "" : `（${money.lastRefund.result.detail}）`}
        </p>
      )}
      <div className="overflow-x-auto rounded-xl border border-line bg-surface">
        <table className="w-full min-w-[960px] text-left text-sm">
          <thead className="bg-gray-50 text-gray-500">
            <tr>
              <th className="px-4 py-2 font-medium">订单号</th>
              <th className="px-4 py-2 font-medium">用户</th>
              <th className="px-4 py-2 font-medium">商品</th>
              <th className="px-4 py-2 font-medium">金额</th>
              <th className="px-4 py-2 font-medium">支付方式</th>
              <th className="px-4 py-2 font-medium">状态</th>
              <th className="px-4 py-2 font-medium">下单时间</th>
              <th className="px-4 py-2 font-medium">操作</th>
            </tr>
          </thead>
          <tbody>
            {view.items.map((order) => (
              <tr key={order.trade_no} className="border-t border-line align-top" data-trade-no={order.trade_no}>
                <td className="px-4 py-2 font-mono text-xs break-all">{order.trade_no}</td>
                <td className="px-4 py-2">
                  {order.nickname}
                  <div className="text-xs text-gray-400">UID {order.uid} · {order.phone}</div>
                </td>
                <td className="px-4 py-2">{order.item_name}</td>
                <td className="px-4 py-2">{yuan(order.payable_fen)}</td>
                <td className="px-4 py-2">{payMethodText(order.pay_method)}</td>
                <td className="px-4 py-2" data-testid="order-state">
                  {orderStateText(order.status, order.refund_state)}
                  {order.refund_state === "failed" ? <div className="text-xs text-red-500">退款失败：{order.refund_detail}</div> : null}
                </td>
                <td className="px-4 py-2 text-gray-600">{order.created_at_str}</td>
                <td className="px-4 py-2">
                  {canRefund(order) ? (
                    <Button size="sm" variant="danger" loading={money.refunding.has(order.trade_no)} onClick={() => setTarget(order)}>
                      {order.refund_state === "processing" ? "查询退款" : "退款"}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <AdminListFooter view={view} onMore={() => void money.orders.loadMore()} onRetry={() => void money.orders.retry()} />
      </div>
      <BreaksPanel />
      <Dialog
        open={target !== undefined}
        onClose={() => setTarget(undefined)}
        title="退款"
        width={480}
        footer={
          <>
            <Button variant="secondary" onClick={() => setTarget(undefined)}>取消</Button>
            <Button variant="danger" disabled={reason.trim() === ""} loading={target !== undefined && money.refunding.has(target.trade_no)} onClick={() => void confirmRefund()}>
              确认退款
            </Button>
          </>
        }
      >
        {target === undefined ? null : (
          <div className="space-y-3 text-sm text-gray-700">
            <p>
              将原路退回 {yuan(target.payable_fen)}（{target.item_name}，{payMethodText(target.pay_method)}），并收回该订单发放的米豆与会员时长。用户余额不足以收回时不会退款。
            </p>
            <Input label="退款原因" placeholder="如：用户申请退款" value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />
          </div>
        )}
      </Dialog>
    </section>
  )
})
