import type { AdminUserDetail } from "@mido/react/admin"
import type { ReactNode } from "react"

const Block = ({ title, children }: { readonly title: string; readonly children: ReactNode }) => (
  <section className="mt-4">
    <h3 className="mb-1 text-sm font-medium text-gray-700">{title}</h3>
    <div className="overflow-x-auto rounded-lg border border-line">{children}</div>
  </section>
)

const Table = ({ head, rows }: { readonly head: ReadonlyArray<string>; readonly rows: ReadonlyArray<ReadonlyArray<ReactNode>> }) => (
  <table className="w-full text-left text-xs">
    <thead className="bg-gray-50 text-gray-500">
      <tr>{head.map((cell) => <th key={cell} className="px-3 py-1.5 font-medium">{cell}</th>)}</tr>
    </thead>
    <tbody>
      {rows.length === 0 ? (
        <tr>
          <td className="px-3 py-2 text-gray-400" colSpan={head.length}>
            暂无
          </td>
        </tr>
      ) : (
        rows.map((row, index) => (
          <tr key={index} className="border-t border-line">
            {row.map((cell, column) => <td key={column} className="px-3 py-1.5 text-gray-700">{cell}</td>)}
          </tr>
        ))
      )}
    </tbody>
  </table>
)

/** A user's record: latest ledger rows, orders, tasks and live sessions. */
export function UserRecord({ detail }: { readonly detail: AdminUserDetail }) {
  return (
    <>
      <Block title="米豆明细（最近 20 条）">
        <Table head={["时间", "类型", "说明", "变动", "余额"]} rows={detail.ledger.map((row) => [row.created_at_str, row.kind, row.remark, row.amount > 0 ? `+${row.amount}` : row.amount, row.balance_after])} />
      </Block>
      <Block title="订单">
        <Table head={["时间", "订单号", "商品", "状态", "实付（元）"]} rows={detail.orders.map((row) => [row.created_at_str, row.trade_no, row.item_name, row.status, row.payable_yuan])} />
      </Block>
      <Block title="任务">
        <Table head={["时间", "类型", "状态", "引擎", "消耗", "退还"]} rows={detail.tasks.map((row) => [row.created_at_str, row.type, row.status, row.engine, row.cost, row.refunded])} />
      </Block>
      <Block title="登录会话">
        <Table head={["登录时间", "到期时间"]} rows={detail.sessions.map((row) => [row.created_at_str, row.expires_at_str])} />
      </Block>
    </>
  )
}
