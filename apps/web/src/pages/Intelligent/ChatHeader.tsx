import { useAssistantStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Tag } from "../../components/ui/Tag"

/** The open conversation's title and who answers: offline, the assistant says it is not a model. */
export const ChatHeader = observer(function ChatHeader() {
  const assistant = useAssistantStore()
  const info = assistant.info
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-line px-5 py-3">
      <h1 className="min-w-0 truncate text-base font-semibold text-gray-900" data-testid="chat-title">{assistant.active?.title ?? "智能助手"}</h1>
      {info !== null && (
        <div className="ml-auto flex flex-wrap items-center gap-2 text-xs text-gray-500" data-testid="assistant-engine">
          <Tag tone={info.offline ? "gray" : "brand"} size="xs">{info.engine}</Tag>
          <span>{info.offline ? "规则整理提示词，不是 AI 大模型" : "对话模型"}</span>
          <span className="text-gray-300">|</span>
          <span>绘图：{info.draw_engine} · 每张 {info.cost} 米豆</span>
        </div>
      )}
    </header>
  )
})
