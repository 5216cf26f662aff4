import { useSpecialTopicStore } from "@mido/react"
import { useSearchParams } from "react-router-dom"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { TopicList, TopicView } from "./TopicView"

const LIST = "/community/special-topic"
const hrefOf = (key: string) => `${LIST}?id=${encodeURIComponent(key)}`

function SpecialTopic() {
  const store = useSpecialTopicStore()
  const [search] = useSearchParams()
  const id = search.get("id")
  return (
    <div className="mx-auto max-w-[1600px] px-6 py-6">
      {id === null || id === "" ? <TopicList store={store} hrefOf={hrefOf} /> : <TopicView store={store} topicKey={id} listHref={LIST} />}
    </div>
  )
}

/** /community/special-topic?id={key} (spec §2): a special topic; without id the list of topics. */
export function SpecialTopicPage() {
  return (
    <StoreSuspense>
      <SpecialTopic />
    </StoreSuspense>
  )
}
