import { type CheckoutStore, useCheckoutStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { cx } from "../ui/cx"
import { Dialog } from "../ui/Dialog"
import { Skeleton } from "../ui/Skeleton"
import { Tabs } from "../ui/Tabs"
import { PackageCard, PlanCard } from "./ItemCards"
import { CheckoutPanel } from "./CheckoutPanel"
import { PurchaseFailure, PurchaseSuccess } from "./PurchaseResult"

const TABS = [
  { key: "plan", label: "会员套餐" },
  { key: "points", label: "米豆套餐" }
] as const

/** 会员套餐 | 米豆套餐: a change (or a click on the tab shown) resets the order and clears the coupon (OR3). */
const PurchaseTabs = observer(function PurchaseTabs({ checkout }: { checkout: CheckoutStore }) {
  return (
    <Tabs
      variant="pill"
      size="lg"
      label="购买类型"
      reselect
      items={TABS}
      selectedIndex={TABS.findIndex((tab) => tab.key === checkout.state.tab)}
      onChange={(index) => {
        const tab = TABS[index]
        if (tab) void checkout.selectTab(tab.key)
      }}
    />
  )
})

/** The plans or packages of the tab, as cards to choose from (a change resets the order, OR3). */
const ItemGrid = observer(function ItemGrid({ checkout }: { checkout: CheckoutStore }) {
  const plans = checkout.state.tab === "plan"
  const items = checkout.items
  if (items.length === 0) {
    return checkout.listsLoading ? (
      <div className={cx("grid gap-4", plans ? "grid-cols-3" : "grid-cols-2")}>
        {Array.from({ length: plans ? 3 : 4 }, (_, index) => <Skeleton key={index} height={plans ? 420 : 150} />)}
      </div>
    ) : (
      <p className="py-16 text-center text-gray-500">暂无可购买的{plans ? "会员套餐" : "米豆套餐"}</p>
    )
  }
  return (
    <div role="radiogroup" aria-label={plans ? "会员套餐" : "米豆套餐"} className={cx("grid content-start gap-4", plans ? "grid-cols-3" : "grid-cols-2")}>
      {plans
        ? checkout.plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} selected={checkout.state.itemId === plan.id} onSelect={() => void checkout.selectItem(plan.id)} />
        ))
        : checkout.packages.map((pack) => (
          <PackageCard key={pack.id} pack={pack} selected={checkout.state.itemId === pack.id} onSelect={() => void checkout.selectItem(pack.id)} />
        ))}
    </div>
  )
})

/**
 * The membership / bean purchase dialog (spec §2, §4, §5) over the CheckoutStore: choose a plan or a
 * package, pay method and coupon, agree, then the order's QR, polled every 2 s; the success and the
 * failure dialogs take its place when the order ends. Closing while paying asks first (OR5).
 */
export const PurchaseDialog = observer(function PurchaseDialog() {
  const checkout = useCheckoutStore()
  const phase = checkout.phase
  const ended = phase === "success" || phase === "failed"
  return (
    <Dialog
      open={checkout.isOpen}
      onClose={() => void checkout.close()}
      title={ended ? undefined : checkout.state.tab === "plan" ? "开通会员" : "购买米豆"}
      width={ended ? 440 : 1040}
      className="transition-[width]"
    >
      <div data-testid="purchase-dialog" data-phase={phase}>
        {phase === "success" ? (
          <PurchaseSuccess checkout={checkout} />
        ) : phase === "failed" ? (
          <PurchaseFailure checkout={checkout} />
        ) : (
          <>
            <div className="mb-4 flex items-center justify-between gap-4">
              <PurchaseTabs checkout={checkout} />
              <p className="text-sm text-gray-500">
                {checkout.state.tab === "plan" ? "开通会员，得米豆，享会员专属权益" : "米豆可用于 AI 绘画、AI 工具与智能助手"}
              </p>
            </div>
            <div className="grid grid-cols-[minmax(0,1fr)_300px] items-start gap-5">
              <ItemGrid checkout={checkout} />
              <CheckoutPanel checkout={checkout} />
            </div>
          </>
        )}
      </div>
    </Dialog>
  )
})
