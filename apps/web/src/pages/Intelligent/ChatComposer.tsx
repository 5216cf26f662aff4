import { useAssistantStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { type ChangeEvent, type KeyboardEvent, useRef } from "react"
import { Button } from "../../components/ui/Button"
import { Icon } from "../../components/ui/Icon"

/** The input box: attach images (uploaded at once), Enter sends, Shift+Enter starts a new line. */
export const ChatComposer = observer(function ChatComposer() {
  const assistant = useAssistantStore()
  const input = useRef<HTMLInputElement>(null)
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const [file] = [...(event.target.files ?? [])]
    event.target.value = ""
    if (file !== undefined) void assistant.attach({ name: file.name, type: file.type, size: file.size, blob: file })
  }
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // an IME's Enter picks a candidate; it does not send
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    void assistant.send()
  }
  return (
    <div className="border-t border-line bg-surface px-5 py-3">
      <div className="mx-auto max-w-[880px] rounded-xl bg-gray-25 ring-1 ring-line-strong focus-within:ring-2 focus-within:ring-brand-400">
        {(assistant.attachments.length > 0 || assistant.uploading) && (
          <div className="flex flex-wrap gap-2 px-3 pt-3" data-testid="attachments">
            {assistant.attachments.map((attachment) => (
              <span key={attachment.url} className="relative">
                <img src={attachment.url} alt={attachment.name} className="size-14 rounded-md object-cover ring-1 ring-line" />
                <button
                  type="button"
                  aria-label="移除图片"
                  className="absolute -top-1.5 -right-1.5 flex size-5 items-center justify-center rounded-full bg-gray-700 text-white hover:bg-gray-900"
                  onClick={() => assistant.removeAttachment(attachment.url)}
                >
                  <Icon name="close" size={12} />
                </button>
              </span>
            ))}
            {assistant.uploading && <span className="flex size-14 items-center justify-center rounded-md bg-gray-100 text-xs text-gray-400">上传中…</span>}
          </div>
        )}
        <textarea
          value={assistant.draft}
          onChange={(event) => assistant.setDraft(event.target.value)}
          onKeyDown={keyDown}
          rows={2}
          maxLength={2000}
          placeholder="描述想画的画面，或让我修改上一张图（Enter 发送，Shift+Enter 换行）"
          aria-label="消息"
          className="block max-h-48 min-h-16 w-full resize-none bg-transparent px-4 pt-3 text-sm leading-relaxed text-gray-900 outline-none placeholder:text-gray-400"
          data-testid="chat-input"
        />
        <div className="flex items-center gap-2 px-3 pb-2.5">
          <input ref={input} type="file" accept=".png,.jpg,.jpeg,image/png,image/jpeg" className="hidden" onChange={picked} data-testid="attach-input" />
          <Button variant="ghost" size="sm" icon={<Icon name="image" size={16} />} onClick={() => input.current?.click()} disabled={assistant.uploading}>
            添加图片
          </Button>
          <span className="ml-auto text-xs text-gray-400">发消息免费，绘制前先显示消耗</span>
          <Button size="sm" icon={<Icon name="send" size={16} />} disabled={!assistant.canSend} loading={assistant.sending} onClick={() => void assistant.send()} data-testid="send-button">
            发送
          </Button>
        </div>
      </div>
    </div>
  )
})
