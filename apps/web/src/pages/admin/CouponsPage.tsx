import type { CouponCreateInput } from "@mido/react/admin"
import { usePagedList } from "@mido/react"
import { useAdminRootStore } from "@mido/react/admin"
import { observer } from "mobx-react-lite"
import { type FormEvent, useState } from "react"
import { Button } from "../../components/ui/Button"
import { Dialog } from "../../components/ui/Dialog"
import { Input } from "../../components/ui/Input"
import { AdminListFooter, AdminPageHeader } from "./AdminList"

const TYPE_TEXT: Readonly<Record<string, string>> = { threshold: "满减", discount: "折扣", invite: "邀请折扣" }
const SCOPE_TEXT: Readonly<Record<string, string>> = { plan: "会员", points: "米豆", "plan,points": "会员和米豆" }
const select = "h-10 rounded-lg border border-line bg-surface px-3 text-sm"

interface Draft {
  code: string
  type: CouponCreateInput["type"]
  scope: CouponCreateInput["scope"]
  discount: string
  minimum: string
  from: string
  to: string
  maxUses: string
  owner: string
}

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)
const EMPTY: Draft = { code: "", type: "threshold", scope: "plan", discount: "", minimum: "", from: "", to: "", maxUses: "", owner: "" }
const numberOrNull = (text: string) => (text.trim() === "" ? null : Number(text))

/** 优惠券: the codes, a form to create one (the server validates every field), disable, and a code's uses. */
export const CouponsPage = observer(function CouponsPage() {
  const { money } = useAdminRootStore()
  const view = usePagedList(money.coupons)
  const [draft, setDraft] = useState<Draft>({ ...EMPTY, from: today(), to: today() })
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch })
  const create = async (event: FormEvent) => {
    event.preventDefault()
    const created = await money.createCoupon({
      code: draft.code, type: draft.type, scope: draft.scope, discount_amount: Number(draft.discount), minimum_amount: draft.type === "threshold" ? numberOrNull(draft.minimum) : null,
      valid_from: draft.from, valid_to: draft.to, max_uses: numberOrNull(draft.maxUses), owner_uid: numberOrNull(draft.owner)
    })
    if (created) setDraft({ ...EMPTY, from: today(), to: today() })
  }
  return (
    <section>
      <AdminPageHeader title="优惠券" />
      <form className="mb-6 grid grid-cols-2 gap-3 rounded-xl border border-line bg-surface p-4 lg:grid-cols-5" onSubmit={create} aria-label="新建优惠券">
        <Input label="优惠码" placeholder="4–32 位字母或数字" value={draft.code} onChange={(event) => set({ code: event.target.value })} />
        <label className="flex flex-col gap-1 text-sm text-gray-700">
          类型
          <select className={select} value={draft.type} onChange={(event) => set({ type: event.target.value as Draft["type"] })}>
            <option value="threshold">满减</option>
            <option value="discount">折扣</option>
            <option value="invite">邀请折扣</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-gray-700">
          适用范围
          <select className={select} value={draft.scope} onChange={(event) => set({ scope: event.target.value as Draft["scope"] })}>
            <option value="plan">会员</option>
            <option value="points">米豆</option>
            <option value="plan,points">会员和米豆</option>
          </select>
        </label>
        <Input label={draft.type === "threshold" ? "减免（元）" : "折扣（如 0.8）"} inputMode="decimal" value={draft.discount} onChange={(event) => set({ discount: event.target.value })} />
        <Input label="满减门槛（元）" inputMode="decimal" disabled={draft.type !== "threshold"} value={draft.minimum} onChange={(event) => set({ minimum: event.target.value })} />
        <Input label="开始日期" type="date" value={draft.from} onChange={(event) => set({ from: event.target.value })} />
        <Input label="结束日期" type="date" value={draft.to} onChange={(event) => set({ to: event.target.value })} />
        <Input label="可用次数" placeholder="不限" inputMode="numeric" value={draft.maxUses} onChange={(event) => set({ maxUses: event.target.value })} />
        <Input label="指定用户 UID" placeholder="所有用户" inputMode="numeric" value={draft.owner} onChange={(event) => set({ owner: event.target.value })} />
        <div className="flex items-end">
          <Button type="submit">创建优惠券</Button>
        </div>
      </form>
      <div className="overflow-x-auto rounded-xl border border-line bg-surface">
        <table className="w-full min-w-[900px] text-left text-sm">
          <thead className="bg-gray-50 text-gray-500">
            <tr>
              <th className="px-4 py-2 font-medium">优惠码</th>
              <th className="px-4 py-2 font-medium">类型</th>
              <th className="px-4 py-2 font-medium">优惠</th>
              <th className="px-4 py-2 font-medium">范围</th>
              <th className="px-4 py-2 font-medium">有效期</th>
              <th className="px-4 py-2 font-medium">已用 / 次数</th>
              <th className="px-4 py-2 font-medium">操作</th>
            </tr>
          </thead>
          <tbody>
            {view.items.map((coupon) => (
              <tr key={coupon.code} className="border-t border-line align-top">
                <td className="px-4 py-2 font-mono">{coupon.code}{coupon.disabled ? <span className="ml-2 text-xs text-red-500">已停用</span> : null}</td>
                <td className="px-4 py-2">{TYPE_TEXT[coupon.type] ?? coupon.type}</td>
                <td className="px-4 py-2">
                  {coupon.type === "threshold" ? `满 ${coupon.minimum_amount ?? 0} 减 ${coupon.discount_amount} 元` : `${Math.round(coupon.discount_amount * 100) / 10} 折`}
                </td>
                <td className="px-4 py-2">{SCOPE_TEXT[coupon.scope] ?? coupon.scope}</td>
                <td className="px-4 py-2 text-xs text-gray-600">{coupon.valid_from_str}<br />至 {coupon.valid_to_str}</td>
                <td className="px-4 py-2">{coupon.used_count} / {coupon.max_uses ?? "不限"}</td>
                <td className="px-4 py-2">
                  <div className="flex gap-2">
                    <Button size="sm" variant="secondary" onClick={() => void money.showUses(coupon.code)}>使用记录</Button>
                    {coupon.disabled ? null : <Button size="sm" variant="danger" onClick={() => void money.disableCoupon(coupon.code)}>停用</Button>}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <AdminListFooter view={view} onMore={() => void money.coupons.loadMore()} onRetry={() => void money.coupons.retry()} />
      </div>
      <Dialog open={money.uses !== undefined} onClose={money.closeUses} title={`使用记录 · ${money.uses?.code ?? ""}`} width={640}>
        {money.uses === undefined || money.uses.list.length === 0 ? (
          <p className="text-sm text-gray-500">暂无使用记录</p>
        ) : (
          <ul className="divide-y divide-line text-sm">
            {money.uses.list.map((use) => (
              <li key={use.trade_no} className="flex justify-between gap-4 py-2">
                <span>{use.nickname}</span>
                <span className="font-mono text-xs">{use.trade_no}</span>
                <span>{use.state === "used" ? "已使用" : "已锁定"}</span>
                <span className="text-gray-500">{use.created_at_str}</span>
              </li>
            ))}
          </ul>
        )}
      </Dialog>
    </section>
  )
})
