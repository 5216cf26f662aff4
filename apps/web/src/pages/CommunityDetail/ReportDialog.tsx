import type { PostDetailStore, PostReportReason } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useState } from "react"
import { Button } from "../../components/ui/Button"
import { cx } from "../../components/ui/cx"
import { Dialog } from "../../components/ui/Dialog"

/** 举报: a reason from the list and an optional note (≤ 200); the server keeps one report per user and post. */
export const ReportDialog = observer(function ReportDialog({ detail }: { detail: PostDetailStore }) {
  const [reason, setReason] = useState<PostReportReason | null>(null)
  const [note, setNote] = useState("")
  const [sending, setSending] = useState(false)
  const submit = async () => {
    if (reason === null) return
    setSending(true)
    await detail.report(reason, note)
    setSending(false)
  }
  return (
    <Dialog
      open={detail.reportOpen}
      onClose={detail.closeReport}
      title="举报帖子"
      width={440}
      footer={
        <>
          <Button variant="secondary" onClick={detail.closeReport}>取消</Button>
          <Button disabled={reason === null} loading={sending} onClick={() => void submit()}>提交举报</Button>
        </>
      }
    >
      <p className="mb-3 text-sm text-gray-600">请选择举报理由</p>
      <div role="radiogroup" aria-label="举报理由" className="grid grid-cols-3 gap-2">
        {detail.reportReasons.map((item) => (
          <button
            key={item.reason}
            type="button"
            role="radio"
            aria-checked={reason === item.reason}
            onClick={() => setReason(item.reason)}
            className={cx("h-9 rounded-md text-sm ring-1 ring-inset", reason === item.reason ? "bg-brand-50 text-brand-700 ring-brand-400" : "text-gray-700 ring-line-strong hover:ring-brand-300")}
          >
            {item.label}
          </button>
        ))}
      </div>
      <textarea
        value={note}
        maxLength={200}
        onChange={(event) => setNote(event.target.value)}
        placeholder="补充说明（选填，200 字以内）"
        aria-label="补充说明"
        className="mt-4 h-20 w-full resize-none rounded-md border border-line-strong p-2 text-sm outline-none focus:border-brand-400"
      />
    </Dialog>
  )
})
