import { useClipboardStore } from "@mido/react"
import { useLayoutEffect, useRef, useState } from "react"
import { cx } from "../ui/cx"
import { DetailIcon } from "./detailIcons"

/** Spec §2: the prompt panel's default title ("prompt details"). */
export const PROMPT_PANEL_TITLE = "提示词详情"

/**
 * A prompt as text (R16), with copy (the clipboard's toasts, spec §8) and 展开/收起 shown only when
 * the text is longer than the folded panel.
 */
export function PromptPanel({ title = PROMPT_PANEL_TITLE, text, testId }: { title?: string; text: string; testId?: string }) {
  const clipboard = useClipboardStore()
  const body = useRef<HTMLParagraphElement>(null)
  const [expanded, setExpanded] = useState(false)
  const [overflows, setOverflows] = useState(false)

  useLayoutEffect(() => {
    const element = body.current
    if (element === null || expanded) return
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [text, expanded])

  return (
    <section className="rounded-lg bg-gray-50 p-3" data-testid={testId}>
      <div className="mb-1.5 flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-gray-900">{title}</h3>
        {/* an upload or a tool result has no prompt (无): nothing to copy, no 复制成功 for an empty clipboard */}
        {text === "" ? null : (
          <button
            type="button"
            onClick={() => void clipboard.copy(text)}
            className="inline-flex items-center gap-1 rounded-sm px-1.5 py-0.5 text-xs text-gray-600 hover:bg-gray-200 hover:text-brand-700"
          >
            <DetailIcon name="copy" size={14} />
            复制
          </button>
        )}
      </div>
      <p ref={body} className={cx("text-sm leading-6 break-words whitespace-pre-wrap text-gray-700", !expanded && "line-clamp-4")}>
        {text === "" ? <span className="text-gray-400">无</span> : text}
      </p>
      {overflows || expanded ? (
        <button type="button" onClick={() => setExpanded(!expanded)} className="mt-1 text-xs font-medium text-brand-600 hover:text-brand-700">
          {expanded ? "收起" : "展开"}
        </button>
      ) : null}
    </section>
  )
}
