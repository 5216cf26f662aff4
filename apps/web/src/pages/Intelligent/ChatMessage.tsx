import { type AssistantMessage, useAssistantStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Icon } from "../../components/ui/Icon"
import { DrawingCard } from "./DrawingCard"

/** One message: the user's on the right (text and attached images), the assistant's on the left (text, then its drawing). */
export const ChatMessage = observer(function ChatMessage({ message }: { message: AssistantMessage }) {
  if (message.role === "user") {
    return (
      <li className="flex flex-col items-end gap-2" data-testid="chat-message" data-role="user">
        {message.image_urls.length > 0 && (
          <div className="flex flex-wrap justify-end gap-2">
            {message.image_urls.map((url) => (
              <img key={url} src={url} alt="附图" className="size-24 rounded-lg object-cover ring-1 ring-line" />
            ))}
          </div>
        )}
        <p className="max-w-[75%] rounded-2xl rounded-tr-sm bg-brand-50 px-4 py-2.5 text-sm leading-relaxed whitespace-pre-wrap text-gray-900">{message.text}</p>
      </li>
    )
  }
  return <AssistantReply message={message} />
})

const AssistantReply = observer(function AssistantReply({ message }: { message: AssistantMessage }) {
  const assistant = useAssistantStore()
  return (
    <li className="flex gap-3" data-testid="chat-message" data-role="assistant">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-linear-to-b from-brand-400 to-brand-600 text-white" aria-hidden>
        <Icon name="sparkles" size={16} />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex items-center gap-2 text-xs text-gray-400">
          <span className="font-medium text-gray-600">智能助手</span>
          {message.engine !== undefined && <span>{message.engine}</span>}
        </div>
        <p className="text-sm leading-relaxed whitespace-pre-wrap text-gray-800">{message.text}</p>
        {message.drawing !== undefined && <DrawingCard message={message} drawing={message.drawing} task={assistant.taskOf(message)} />}
      </div>
    </li>
  )
})
