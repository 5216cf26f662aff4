import { useAssistantStore, usePagedList } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect, useRef } from "react"
import { EmptyState } from "../../components/ui/EmptyState"
import { Spinner } from "../../components/ui/Spinner"
import { ChatMessage } from "./ChatMessage"

const EXAMPLES = ["画一只在雪地里的橘猫，水彩风格，黄昏", "赛博朋克城市夜景，霓虹，鸟瞰", "给我一张女孩的头像，日系动漫风格"]

/** The open conversation, oldest first, kept scrolled to the newest message; older pages on demand. */
export const ChatThread = observer(function ChatThread() {
  const assistant = useAssistantStore()
  const view = usePagedList(assistant.history)
  const thread = assistant.thread
  const scroller = useRef<HTMLDivElement>(null)
  const last = thread.at(-1)
  const lastTask = last === undefined ? undefined : assistant.taskOf(last)
  useEffect(() => {
    const element = scroller.current
    if (element !== null) element.scrollTop = element.scrollHeight
  }, [last?.id, lastTask?.status, lastTask?.images.length])
  return (
    <div ref={scroller} className="flex-1 overflow-y-auto px-5 py-4" data-testid="chat-thread">
      {view.hasMore && view.status !== "loading" && (
        <div className="mb-3 text-center">
          <button type="button" className="text-xs text-gray-500 hover:text-brand-600" onClick={() => void assistant.history.loadMore()}>
            加载更早的消息
          </button>
        </div>
      )}
      {view.status === "loading" && (
        <div className="flex justify-center py-6 text-gray-400"><Spinner /></div>
      )}
      {thread.length === 0 && view.status !== "loading" ? (
        <EmptyState
          icon="chat"
          title="想画什么，直接告诉我"
          description={
            <span className="flex flex-col items-center gap-2">
              <span>描述画面，我会整理成主体、风格、构图、光线，确认消耗后开始绘制；也可以附上一张图让我修改。</span>
              <span className="flex flex-wrap justify-center gap-2">
                {EXAMPLES.map((example) => (
                  <button key={example} type="button" className="rounded-full bg-gray-50 px-3 py-1 text-xs text-gray-600 ring-1 ring-line hover:text-brand-700 hover:ring-brand-300" onClick={() => assistant.setDraft(example)}>
                    {example}
                  </button>
                ))}
              </span>
            </span>
          }
        />
      ) : (
        <ol className="mx-auto flex max-w-[880px] flex-col gap-5">
          {thread.map((message) => (
            <ChatMessage key={message.id} message={message} />
          ))}
        </ol>
      )}
    </div>
  )
})
