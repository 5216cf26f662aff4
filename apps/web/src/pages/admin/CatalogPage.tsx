import type { AdminConfigEntry, AdminPackage, AdminPlan } from "@mido/react/admin"
import { useAdminRootStore } from "@mido/react/admin"
import { observer } from "mobx-react-lite"
import { useEffect, useState } from "react"
import { Button } from "../../components/ui/Button"
import { Input } from "../../components/ui/Input"
import { AdminPageHeader } from "./AdminList"

/** Yuan text ↔ fen: the form shows yuan, the API takes whole fen (a malformed text becomes NaN, refused by the server). */
const toYuanText = (fen: number | null) => (fen === null ? "" : (fen / 100).toFixed(2))
const toFen = (text: string) => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text) * 100) : Number.NaN)

function PlanRow({ plan, onSave }: { readonly plan: AdminPlan; readonly onSave: (plan: AdminPlan) => Promise<boolean> }) {
  const [price, setPrice] = useState(toYuanText(plan.price_fen))
  const [original, setOriginal] = useState(toYuanText(plan.original_price_fen))
  const [name, setName] = useState(plan.name)
  const [days, setDays] = useState(String(plan.duration_days))
  const [bonus, setBonus] = useState(String(plan.bonus_beans))
  const [active, setActive] = useState(plan.active)
  const [saving, setSaving] = useState(false)
  const save = async () => {
    setSaving(true)
    await onSave({ ...plan, name, price_fen: toFen(price), original_price_fen: original.trim() === "" ? null : toFen(original), duration_days: Number(days), bonus_beans: Number(bonus), active })
    setSaving(false)
  }
  return (
    <tr className="border-t border-line align-top" data-plan={plan.code}>
      <td className="px-3 py-2"><Input aria-label="套餐名称" value={name} onChange={(event) => setName(event.target.value)} /></td>
      <td className="px-3 py-2"><Input aria-label={`${plan.name}价格`} suffix="元" inputMode="decimal" value={price} onChange={(event) => setPrice(event.target.value)} /></td>
      <td className="px-3 py-2"><Input aria-label="原价" suffix="元" placeholder="无" inputMode="decimal" value={original} onChange={(event) => setOriginal(event.target.value)} /></td>
      <td className="px-3 py-2"><Input aria-label="有效天数" suffix="天" inputMode="numeric" value={days} onChange={(event) => setDays(event.target.value)} /></td>
      <td className="px-3 py-2"><Input aria-label="赠送米豆" inputMode="numeric" value={bonus} onChange={(event) => setBonus(event.target.value)} /></td>
      <td className="px-3 py-2 text-center"><input aria-label="上架" type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} /></td>
      <td className="px-3 py-2"><Button size="sm" loading={saving} onClick={() => void save()}>保存</Button></td>
    </tr>
  )
}

function PackageRow({ pack, onSave }: { readonly pack: AdminPackage; readonly onSave: (pack: AdminPackage) => Promise<boolean> }) {
  const [points, setPoints] = useState(String(pack.points))
  const [bonus, setBonus] = useState(String(pack.bonus))
  const [price, setPrice] = useState(toYuanText(pack.price_fen))
  const [active, setActive] = useState(pack.active)
  return (
    <tr className="border-t border-line align-top">
      <td className="px-3 py-2 font-mono text-xs text-gray-500">{pack.code}</td>
      <td className="px-3 py-2"><Input aria-label="米豆数量" inputMode="numeric" value={points} onChange={(event) => setPoints(event.target.value)} /></td>
      <td className="px-3 py-2"><Input aria-label="加赠米豆" inputMode="numeric" value={bonus} onChange={(event) => setBonus(event.target.value)} /></td>
      <td className="px-3 py-2"><Input aria-label="价格" suffix="元" inputMode="decimal" value={price} onChange={(event) => setPrice(event.target.value)} /></td>
      <td className="px-3 py-2 text-center"><input aria-label="上架" type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} /></td>
      <td className="px-3 py-2">
        <Button size="sm" onClick={() => void onSave({ ...pack, points: Number(points), bonus: Number(bonus), price_fen: toFen(price), active })}>保存</Button>
      </td>
    </tr>
  )
}

function ConfigRow({ entry, editable, onSave }: { readonly entry: AdminConfigEntry; readonly editable: boolean; readonly onSave: (entry: AdminConfigEntry) => Promise<boolean> }) {
  const [value, setValue] = useState(entry.value.join("\n"))
  return (
    <tr className="border-t border-line align-top">
      <td className="px-3 py-2 font-mono text-xs break-all text-gray-700">{entry.key}</td>
      <td className="px-3 py-2">
        <textarea
          aria-label={entry.key}
          rows={Math.min(3, Math.max(1, entry.value.length))}
          disabled={!editable}
          className="w-full rounded-lg border border-line bg-surface px-3 py-2 font-mono text-xs disabled:bg-gray-50"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </td>
      <td className="px-3 py-2">
        {editable ? <Button size="sm" variant="secondary" onClick={() => void onSave({ key: entry.key, value: value.split("\n").filter((line) => line.trim() !== "") })}>保存</Button> : null}
      </td>
    </tr>
  )
}

const head = "bg-gray-50 text-gray-500"

/** 套餐与配置: membership plans and beans packages (operator), app_config values (admin only). */
export const CatalogPage = observer(function CatalogPage() {
  const { money, access } = useAdminRootStore()
  useEffect(() => {
    void money.loadCatalog()
  }, [money])
  const catalog = money.catalog
  const isAdmin = access.allows("admin")
  if (catalog === undefined) return <AdminPageHeader title="套餐与配置" />
  return (
    <section className="space-y-8">
      <AdminPageHeader title="套餐与配置" />
      <div className="overflow-x-auto rounded-xl border border-line bg-surface">
        <h2 className="px-4 pt-3 text-base font-semibold text-gray-900">会员套餐</h2>
        <table className="w-full min-w-[900px] text-left text-sm">
          <thead className={head}>
            <tr>
              {["名称", "价格", "原价", "有效天数", "赠送米豆", "上架", ""].map((label) => <th key={label} className="px-3 py-2 font-medium">{label}</th>)}
            </tr>
          </thead>
          <tbody>{catalog.plans.map((plan) => <PlanRow key={plan.id} plan={plan} onSave={money.savePlan} />)}</tbody>
        </table>
      </div>
      <div className="overflow-x-auto rounded-xl border border-line bg-surface">
        <h2 className="px-4 pt-3 text-base font-semibold text-gray-900">米豆套餐</h2>
        <table className="w-full min-w-[760px] text-left text-sm">
          <thead className={head}>
            <tr>
              {["编码", "米豆", "加赠", "价格", "上架", ""].map((label) => <th key={label} className="px-3 py-2 font-medium">{label}</th>)}
            </tr>
          </thead>
          <tbody>{catalog.packages.map((pack) => <PackageRow key={pack.id} pack={pack} onSave={money.savePackage} />)}</tbody>
        </table>
      </div>
      <div className="overflow-x-auto rounded-xl border border-line bg-surface">
        <h2 className="px-4 pt-3 text-base font-semibold text-gray-900">应用配置</h2>
        <p className="px-4 pt-1 text-xs text-gray-500">{isAdmin ? "每行一个值；保存时按配置项规则校验。" : "仅管理员可修改应用配置。"}</p>
        <table className="w-full min-w-[760px] table-fixed text-left text-sm">
          <thead className={head}>
            <tr>
              <th className="w-80 px-3 py-2 font-medium">配置项</th>
              <th className="px-3 py-2 font-medium">值</th>
              <th className="w-24 px-3 py-2 font-medium" />
            </tr>
          </thead>
          <tbody>{catalog.config.map((entry) => <ConfigRow key={entry.key} entry={entry} editable={isAdmin} onSave={money.saveConfig} />)}</tbody>
        </table>
      </div>
    </section>
  )
})
