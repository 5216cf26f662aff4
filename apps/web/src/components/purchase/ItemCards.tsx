import type { MembershipPlan, PointsPackage } from "@mido/react"
import { cx } from "../ui/cx"
import { Icon } from "../ui/Icon"
import { SafeHtml } from "./SafeHtml"

/** Spec §3 levels: 1 trial, 2 monthly, 3 yearly. */
const LEVEL_TEXT: Record<MembershipPlan["level"], string> = { 1: "体验", 2: "包月", 3: "包年" }

const BENEFITS = cx(
  "text-sm leading-5.5 text-gray-600 [&_li]:relative [&_li]:pl-5 [&_li+li]:mt-0.5",
  "[&_li]:before:absolute [&_li]:before:left-0 [&_li]:before:font-semibold [&_li]:before:text-brand-600 [&_li]:before:content-['✓']"
)

const yuan = (value: number) => value.toFixed(2)

function CardFrame({ selected, onSelect, label, testId, children }: {
  selected: boolean
  onSelect: () => void
  label: string
  testId: string
  children: React.ReactNode
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      aria-label={label}
      onClick={onSelect}
      data-testid={testId}
      className={cx(
        "relative flex h-full flex-col rounded-xl p-4 text-left ring-1 transition",
        selected ? "bg-bean-50 ring-2 ring-bean-500 shadow-sm" : "bg-surface ring-line hover:ring-bean-300 hover:shadow-xs"
      )}
    >
      {selected ? (
        <span className="absolute top-3 right-3 flex size-5 items-center justify-center rounded-full bg-bean-500 text-white">
          <Icon name="check" size={13} />
        </span>
      ) : null}
      {children}
    </button>
  )
}

/** A membership plan (spec §3): level, name, price (and the list price struck through), description, benefits. */
export function PlanCard({ plan, selected, onSelect }: { plan: MembershipPlan; selected: boolean; onSelect: () => void }) {
  return (
    <CardFrame selected={selected} onSelect={onSelect} label={`${plan.name} ¥${yuan(plan.price)}`} testId={`plan-${plan.id}`}>
      <span className="inline-flex w-fit items-center gap-1 rounded-full bg-bean-100 px-2 py-0.5 text-xs font-medium text-bean-800">
        <Icon name="crown" size={12} />
        Lv.{plan.level} · {LEVEL_TEXT[plan.level]}
      </span>
      <h3 className="mt-2 text-lg font-semibold text-gray-900">{plan.name}</h3>
      <p className="mt-1 flex items-baseline gap-2">
        <span className="text-3xl font-bold text-bean-700">
          <span className="text-lg">¥</span>
          {yuan(plan.price)}
        </span>
        {plan.original_price != null && plan.original_price > plan.price ? (
          <span className="text-sm text-gray-400 line-through">¥{yuan(plan.original_price)}</span>
        ) : null}
      </p>
      <p className="mt-1 min-h-10 text-sm leading-5 text-gray-500">{plan.description}</p>
      <div className="mt-2.5 border-t border-line pt-2.5">
        <p className="mb-1 text-xs font-medium text-gray-400">套餐内容</p>
        <SafeHtml html={plan.content} className={BENEFITS} testId="plan-content" />
      </div>
      <div className="mt-3">
        <p className="mb-1 text-xs font-medium text-bean-700">会员专享</p>
        <SafeHtml html={plan.exclusive} className={BENEFITS} testId="plan-exclusive" />
      </div>
    </CardFrame>
  )
}

/** A bean package (spec §3): points (and the bonus) and price. */
export function PackageCard({ pack, selected, onSelect }: { pack: PointsPackage; selected: boolean; onSelect: () => void }) {
  return (
    <CardFrame selected={selected} onSelect={onSelect} label={`${pack.points} 米豆 ¥${yuan(pack.price)}`} testId={`package-${pack.id}`}>
      <span className="flex size-10 items-center justify-center rounded-full bg-bean-100 text-bean-600">
        <Icon name="bean" size={22} />
      </span>
      <p className="mt-3 text-2xl font-bold text-gray-900">
        {pack.points.toLocaleString("zh-CN")}
        <span className="ml-1 text-sm font-normal text-gray-500">米豆</span>
      </p>
      <p className="mt-1 h-5 text-sm text-bean-700">{pack.bonus !== undefined && pack.bonus > 0 ? `加赠 ${pack.bonus.toLocaleString("zh-CN")} 米豆` : ""}</p>
      <p className="mt-3 text-xl font-semibold text-bean-700">¥{yuan(pack.price)}</p>
    </CardFrame>
  )
}
