import { useAssistantStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
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
  useEffect(() => {
    void assistant.open()
  }, [assistant])
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
