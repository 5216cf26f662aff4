import { useAssistantStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
import { useLocation, useNavigate } from "react-router-dom"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { ChatComposer } from "./ChatComposer"
import { ChatHeader } from "./ChatHeader"
import { ChatThread } from "./ChatThread"
import { ConversationList } from "./ConversationList"

/** /intelligent (login required): the assistant that draws, as a chat (conversations left, messages right). */
export function IntelligentPage() {
  return (
    <StoreSuspense>
      <IntelligentView />
    </StoreSuspense>
  )
}

const IntelligentView = observer(function IntelligentView() {
  const assistant = useAssistantStore()
  const location = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    // 继续创作 from an assistant's drawing (SD12): ?prompt= starts a new conversation with it in the box,
    // taken once (the address loses it, so a reload or Back does not fill the box again)
    const prompt = new URLSearchParams(location.search).get("prompt")
    if (prompt !== null) {
      assistant.startWith(prompt)
      void navigate({ pathname: location.pathname, search: "" }, { replace: true })
    }
    void assistant.open()
  }, [assistant, location.search, location.pathname, navigate])
  return (
    <section
      aria-label="智能助手"
      className="mx-auto flex h-[calc(100dvh-var(--spacing-topbar)-3.5rem)] min-h-[560px] w-full max-w-[1680px] gap-4"
      data-testid="intelligent-page"
    >
      <ConversationList />
      <div className="flex min-w-0 flex-1 flex-col overflow-hidden rounded-xl border border-line bg-surface">
        <ChatHeader />
        <ChatThread />
        <ChatComposer />
      </div>
    </section>
  )
})
