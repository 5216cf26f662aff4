import { type ReviewItem, reviewTimeText } from "@mido/react/admin"
import type { ReactNode } from "react"

const MODERATION_TEXT = { pass: "通过", review: "建议人工复核", block: "建议拦截" } as const

/**
 * One item as the operator judges it: who, when, where, the text (a work's prompt and negative
 * prompt), the images and a work's parameters, the automatic checks' verdicts, and the actions.
 */
export function ReviewItemCard({ item, actions, badge }: { item: ReviewItem; actions: ReactNode; badge?: ReactNode }) {
  return (
    <article data-testid="review-item" data-id={item.id} className="flex gap-4 rounded-lg bg-surface p-4 ring-1 ring-line">
      {item.images.length > 0 && (
        <div className="grid w-48 shrink-0 grid-cols-2 content-start gap-1">
          {item.images.slice(0, 4).map((image, index) => (
            <a key={image} href={image} target="_blank" rel="noreferrer" className={index === 0 ? "col-span-2" : ""}>
              <img src={image} alt={index === 0 ? "主图" : `图片 ${index + 1}`} loading="lazy" className="aspect-square w-full rounded-md bg-gray-100 object-cover" />
            </a>
          ))}
        </div>
      )}
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {item.author.avatar !== "" && <img src={item.author.avatar} alt="" className="size-6 rounded-full bg-gray-100" />}
          <span className="font-medium text-gray-900">{item.author.nickname}</span>
          <span className="text-gray-400">UID {item.author.uid}</span>
          <span className="text-gray-400">{reviewTimeText(item.submitted_at)}</span>
          {item.context !== "" && <span className="truncate text-gray-500">{item.context}</span>}
          {badge}
        </header>
        {item.title !== "" && <h3 className="mt-2 text-base font-semibold text-gray-900">{item.title}</h3>}
        <p className="mt-2 line-clamp-6 whitespace-pre-wrap break-words text-sm text-gray-800">{item.text === "" ? "（无文字）" : item.text}</p>
        {item.negative_prompt !== "" && <p className="mt-1 break-words text-xs text-gray-500">反向提示词：{item.negative_prompt}</p>}
        {item.parameters !== null && (
          <details className="mt-2 text-xs text-gray-600">
            <summary className="cursor-pointer select-none text-gray-500">生成参数</summary>
            <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-gray-50 p-2">{JSON.stringify(item.parameters, null, 2)}</pre>
          </details>
        )}
        {item.moderation.length > 0 && (
          <ul className="mt-2 space-y-1 text-xs" aria-label="自动审核结果">
            {item.moderation.map((note) => (
              <li key={`${note.source}-${note.created_at}`} className={note.verdict === "block" ? "text-danger-600" : note.verdict === "review" ? "text-warning-600" : "text-gray-500"}>
                {note.source}：{MODERATION_TEXT[note.verdict]}{note.detail === "" ? "" : `（${note.detail}）`}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3 flex flex-wrap gap-2">{actions}</div>
      </div>
    </article>
  )
}
