import type { ArticleEditorStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Button } from "../../components/ui/Button"

/** 恢复草稿 / 丢弃: a draft left from an earlier visit (AR5). */
export const DraftOffer = observer(function DraftOffer({ editor }: { editor: ArticleEditorStore }) {
  const draft = editor.offeredDraft
  if (draft === null) return null
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg bg-brand-50 px-4 py-3 text-sm text-gray-700 ring-1 ring-brand-200">
      <span className="font-medium text-gray-900">发现未发布的草稿</span>
      <span className="min-w-0 flex-1 truncate text-gray-500">
        {draft.title.trim() !== "" ? `《${draft.title}》` : "无标题"} · {editor.offeredDraftText}
      </span>
      <Button size="sm" onClick={() => editor.restoreDraft()}>恢复草稿</Button>
      <Button size="sm" variant="secondary" onClick={() => void editor.discardDraft()}>丢弃</Button>
    </div>
  )
})
