import { useSpecialTopicStore } from "@mido/react"
import { useParams } from "react-router-dom"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { TopicList, TopicView } from "./TopicView"

const LIST = "/activity/special-feature"
const hrefOf = (key: string) => `${LIST}/${encodeURIComponent(key)}`

function SpecialFeature() {
  const store = useSpecialTopicStore()
  const { key } = useParams()
  return key === undefined || key === "" ? <TopicList store={store} hrefOf={hrefOf} /> : <TopicView store={store} topicKey={key} listHref={LIST} />
}

/** /activity/special-feature/{key?} (spec §2, 专题活动): a special topic in the activity frame; without a key the list. */
export function SpecialFeaturePage() {
  return (
    <StoreSuspense>
      <SpecialFeature />
    </StoreSuspense>
  )
}
