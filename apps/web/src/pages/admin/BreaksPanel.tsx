import { usePagedList } from "@mido/react"
import { useAdminRootStore } from "@mido/react/admin"
import { observer } from "mobx-react-lite"
import { useState } from "react"
import { Button } from "../../components/ui/Button"
import { Input } from "../../components/ui/Input"
import { AdminListFooter } from "./AdminList"
import { breakKindText, yuan } from "./moneyText"

const amount = (fen: number | null) => (fen === null ? "—" : yuan(fen))

/** 对账差异: the open breaks the statement check and the queries recorded; each resolved with a note. */
export const BreaksPanel = observer(function BreaksPanel() {
  const { money } = useAdminRootStore()
  const view = usePagedList(money.breaks)
  const [notes, setNotes] = useState<Readonly<Record<number, string>>>({})
  return (
    <section className="mt-8">
      <h2 className="mb-3 text-lg font-semibold text-gray-900">对账差异（待处理）</h2>
      <div className="overflow-x-auto rounded-xl border border-line bg-surface">
        <table className="w-full min-w-[960px] text-left text-sm">
          <thead className="bg-gray-50 text-gray-500">
            <tr>
              <th className="px-4 py-2 font-medium">业务日</th>
              <th className="px-4 py-2 font-medium">订单号</th>
              <th className="px-4 py-2 font-medium">差异</th>
              <th className="px-4 py-2 font-medium">渠道金额</th>
              <th className="px-4 py-2 font-medium">订单金额</th>
              <th className="px-4 py-2 font-medium">处理</th>
            </tr>
          </thead>
          <tbody>
            {view.items.map((entry) => (
              <tr key={entry.id} className="border-t border-line align-top">
                <td className="px-4 py-2 text-gray-600">{entry.business_day}</td>
                <td className="px-4 py-2 font-mono text-xs break-all">{entry.trade_no}</td>
                <td className="px-4 py-2">{breakKindText(entry.kind)}<div className="text-xs text-gray-400">{entry.provider}</div></td>
                <td className="px-4 py-2">{amount(entry.provider_amount_fen)}</td>
                <td className="px-4 py-2">{amount(entry.order_amount_fen)}</td>
                <td className="px-4 py-2">
                  <div className="flex items-center gap-2">
                    <Input aria-label="处理说明" placeholder="处理说明" value={notes[entry.id] ?? ""} onChange={(event) => setNotes({ ...notes, [entry.id]: event.target.value })} />
                    <Button size="sm" variant="secondary" disabled={(notes[entry.id] ?? "").trim() === ""} onClick={() => void money.resolveBreak(entry.id, notes[entry.id] ?? "")}>
                      标记已处理
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <AdminListFooter view={view} onMore={() => void money.breaks.loadMore()} onRetry={() => void money.breaks.retry()} />
      </div>
    </section>
  )
})
