import { type AdminTaskDetail, useAdminRootStore } from "@mido/react/admin"
import { observer } from "mobx-react-lite"
import { type ReactNode, useState } from "react"
import { Button } from "../../components/ui/Button"
import { JsonText } from "./AdminList"
import { TASK_STATE_CLASS, TASK_STATE_NAMES, TASK_TYPE_NAMES } from "./taskText"

const Field = ({ label, children }: { readonly label: string; readonly children: ReactNode }) => (
  <div className="flex gap-3 py-1 text-sm">
    <dt className="w-24 shrink-0 text-gray-500">{label}</dt>
    <dd className="min-w-0 break-all text-gray-800">{children}</dd>
  </div>
)

/** A task's full record and the operator's two actions: 重试 (failed or stuck) and 失败并退款 (stuck). */
export const TaskRecord = observer(function TaskRecord({ detail }: { readonly detail: AdminTaskDetail }) {
  const { tasks } = useAdminRootStore()
  const [confirming, setConfirming] = useState(false)
  const { task } = detail
  const canRetry = task.status === "failed" || task.stuck
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {TASK_TYPE_NAMES[task.type] ?? task.type} <span className={`text-sm font-normal ${TASK_STATE_CLASS[task.status] ?? ""}`}>{TASK_STATE_NAMES[task.status]}</span>
          {task.stuck ? <span className="ml-2 text-sm font-normal text-danger-600">已卡住</span> : null}
        </h2>
        <div className="flex items-center gap-2">
          {canRetry ? (
            <Button size="sm" disabled={tasks.busy} onClick={() => void tasks.retry()}>
              重试
            </Button>
          ) : null}
          {task.stuck && !confirming ? (
            <Button size="sm" variant="danger" disabled={tasks.busy} onClick={() => setConfirming(true)}>
              失败并退款
            </Button>
          ) : null}
          {task.stuck && confirming ? (
            <>
              <span className="text-sm text-danger-600">退还 {task.cost - task.refunded} 米豆？</span>
              <Button size="sm" variant="danger" disabled={tasks.busy} onClick={() => void tasks.failAndRefund().then(() => setConfirming(false))}>
                确认退款
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
                取消
              </Button>
            </>
          ) : null}
        </div>
      </div>
      <dl className="mt-3">
        <Field label="任务 ID"><span className="font-mono text-xs">{task.id}</span></Field>
        <Field label="用户">{task.nickname}（UID {task.uid}）</Field>
        <Field label="引擎">{task.engine_label}（{task.engine}）</Field>
        <Field label="引擎任务 ID">{detail.engine_task_id ?? "—"}</Field>
        <Field label="提交时间">{task.created_at_str}</Field>
        <Field label="开始时间">{detail.started_at_str ?? "—"}</Field>
        <Field label="结束时间">{detail.finished_at_str ?? "—"}</Field>
        <Field label="最近心跳">{detail.heartbeat_at_str ?? "—"}</Field>
        <Field label="米豆">消耗 {task.cost} · 已退还 {task.refunded}</Field>
        <Field label="进度">{detail.progress}% · 尝试 {detail.attempts} 次 · 种子 {detail.seed} · 张数 {detail.num}</Field>
        <Field label="失败原因">{detail.reason ?? "—"}</Field>
        {detail.retry_of === null ? null : <Field label="重试自"><button type="button" className="font-mono text-xs text-brand-600 hover:underline" onClick={() => void tasks.show(detail.retry_of!)}>{detail.retry_of}</button></Field>}
        <Field label="参数"><JsonText value={detail.params} /></Field>
      </dl>
      <h3 className="mb-1 mt-3 text-sm font-medium text-gray-700">米豆记录</h3>
      <ul className="text-xs text-gray-700">
        {detail.ledger.length === 0 ? <li className="text-gray-400">暂无</li> : detail.ledger.map((row, index) => <li key={index}>{row.created_at_str} · {row.remark} · {row.amount > 0 ? `+${row.amount}` : row.amount}</li>)}
      </ul>
      <h3 className="mb-1 mt-3 text-sm font-medium text-gray-700">生成图片</h3>
      {detail.images.length === 0 ? (
        <p className="text-xs text-gray-400">暂无</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {detail.images.map((url) => (
            <a key={url} href={url} target="_blank" rel="noreferrer">
              <img src={url} alt="生成图片" className="h-24 w-24 rounded-lg border border-line object-cover" />
            </a>
          ))}
        </div>
      )}
    </div>
  )
})
