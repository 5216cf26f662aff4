import { type AssistantConversation, useAssistantStore, usePagedList } from "@mido/react"
import { observer } from "mobx-react-lite"
import { type FormEvent, useState } from "react"
import { Button } from "../../components/ui/Button"
import { Icon } from "../../components/ui/Icon"
import { Spinner } from "../../components/ui/Spinner"
import { cx } from "../../components/ui/cx"

/** The conversations, the latest active first: new, open, rename in place, delete (asks first). */
export const ConversationList = observer(function ConversationList() {
  const assistant = useAssistantStore()
  const view = usePagedList(assistant.conversations)
  return (
    <aside aria-label="对话列表" className="flex w-64 shrink-0 flex-col overflow-hidden rounded-xl border border-line bg-surface">
      <div className="border-b border-line p-3">
        <Button block variant="secondary" icon={<Icon name="plus" size={16} />} onClick={() => void assistant.newConversation()} data-testid="new-conversation">
          新建对话
        </Button>
      </div>
      <ul className="flex-1 overflow-y-auto p-2" data-testid="conversation-list">
        {view.items.map((conversation) => (
          <ConversationItem key={conversation.id} conversation={conversation} active={conversation.id === assistant.activeId} />
        ))}
        {view.status === "loading" && (
          <li className="flex justify-center py-4 text-gray-400"><Spinner /></li>
        )}
        {view.isEmpty && <li className="px-3 py-6 text-center text-sm text-gray-400">还没有对话，发一条消息开始</li>}
        {view.hasMore && view.status !== "loading" && (
          <li>
            <button type="button" className="w-full py-2 text-center text-xs text-gray-500 hover:text-brand-600" onClick={() => void assistant.conversations.loadMore()}>
              加载更多
            </button>
          </li>
        )}
      </ul>
    </aside>
  )
})

const ConversationItem = observer(function ConversationItem({ conversation, active }: { conversation: AssistantConversation; active: boolean }) {
  const assistant = useAssistantStore()
  const [editing, setEditing] = useState<string | null>(null)
  const save = async (event: FormEvent) => {
    event.preventDefault()
    if (editing !== null && (await assistant.rename(conversation.id, editing))) setEditing(null)
  }
  if (editing !== null) {
    return (
      <li className="px-1 py-1">
        <form onSubmit={(event) => void save(event)}>
          <input
            autoFocus
            aria-label="对话名称"
            value={editing}
            maxLength={40}
            onChange={(event) => setEditing(event.target.value)}
            onKeyDown={(event) => event.key === "Escape" && setEditing(null)}
            onBlur={() => setEditing(null)}
            className="w-full rounded-md px-2.5 py-2 text-sm ring-1 ring-brand-400 outline-none"
            data-testid="rename-input"
          />
        </form>
      </li>
    )
  }
  return (
    // the actions sit beside the title, not over it: the title gives way (ellipsis) while they show
    <li className={cx("group flex items-center gap-1 rounded-md pr-1 transition-colors", active ? "bg-brand-50 text-brand-800" : "text-gray-700 hover:bg-gray-50")}>
      <button
        type="button"
        onClick={() => void assistant.select(conversation.id)}
        aria-current={active ? "true" : undefined}
        title={conversation.title}
        className="flex min-w-0 flex-1 flex-col items-start rounded-md px-3 py-2 text-left"
        data-testid="conversation-item"
      >
        <span className="w-full truncate text-sm font-medium" data-testid="conversation-title">{conversation.title}</span>
        <span className="w-full truncate text-xs text-gray-400">{conversation.last_text || conversation.updated_at.slice(5, 16)}</span>
      </button>
      <span className="hidden shrink-0 gap-0.5 group-focus-within:flex group-hover:flex" data-testid="conversation-actions">
        <button type="button" className="rounded px-1.5 py-0.5 text-xs whitespace-nowrap text-gray-500 hover:bg-gray-100 hover:text-gray-800" onClick={() => setEditing(conversation.title)}>
          重命名
        </button>
        <button type="button" className="rounded px-1.5 py-0.5 text-xs whitespace-nowrap text-gray-500 hover:bg-danger-50 hover:text-danger-600" onClick={() => void assistant.remove(conversation.id)}>
          删除
        </button>
      </span>
    </li>
  )
})
