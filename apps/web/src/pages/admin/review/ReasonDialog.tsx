import { useEffect, useState } from "react"
import { Button } from "../../../components/ui/Button"
import { Dialog } from "../../../components/ui/Dialog"

export interface ReasonRequest {
  /** 驳回作品, 下架帖子…: the dialog's title and its button. */
  readonly title: string
  readonly action: string
  /** Ready-made reasons an operator picks from, then edits. */
  readonly presets: ReadonlyArray<string>
  readonly send: (reason: string) => Promise<boolean>
}

const REASON_MAX = 200

/** The reason the author is told (驳回, 下架): required, up to 200 characters, with common ones to pick. */
export function ReasonDialog({ request, onClose }: { request: ReasonRequest | null; onClose: () => void }) {
  const [reason, setReason] = useState("")
  const [sending, setSending] = useState(false)
  useEffect(() => setReason(""), [request])
  const trimmed = reason.trim()
  const submit = async () => {
    if (request === null || trimmed === "") return
    setSending(true)
    const done = await request.send(trimmed)
    setSending(false)
    if (done) onClose()
  }
  return (
    <Dialog
      open={request !== null}
      onClose={onClose}
      title={request?.title ?? ""}
      width={480}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>取消</Button>
          <Button variant="danger" disabled={trimmed === ""} loading={sending} onClick={() => void submit()}>{request?.action ?? "确定"}</Button>
        </>
      }
    >
      <p className="mb-2 text-sm text-gray-600">原因会通过系统消息告知作者</p>
      <div className="mb-3 flex flex-wrap gap-2">
        {(request?.presets ?? []).map((preset) => (
          <button key={preset} type="button" onClick={() => setReason(preset)} className="rounded-full px-3 py-1 text-xs text-gray-700 ring-1 ring-inset ring-line-strong hover:text-brand-700 hover:ring-brand-300">
            {preset}
          </button>
        ))}
      </div>
      <textarea
        aria-label="原因"
        value={reason}
        maxLength={REASON_MAX}
        onChange={(event) => setReason(event.target.value)}
        rows={3}
        placeholder="请填写原因"
        className="w-full resize-none rounded-md p-2 text-sm ring-1 ring-inset ring-line-strong focus:outline-none focus:ring-brand-400"
      />
      <p className="mt-1 text-right text-xs text-gray-400">{reason.length}/{REASON_MAX}</p>
    </Dialog>
  )
}

/** Reasons an operator often gives (edited freely before sending). */
export const REJECT_PRESETS = ["画面包含不适宜公开展示的内容", "涉嫌侵犯他人权益", "内容与作品标题或分类不符", "画质过低，请优化后重新提交"]
export const TAKEDOWN_PRESETS = ["含有广告或引流信息", "含有色情低俗内容", "含有辱骂、攻击他人的内容", "涉嫌违法违规", "涉嫌侵犯他人权益"]
