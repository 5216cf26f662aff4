import { useActivityStore } from "@mido/react"
import { useParams } from "react-router-dom"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { ActivityPlaza } from "./ActivityPlaza"
import { ActivityView } from "./ActivityView"

function ActivityDetail() {
  const store = useActivityStore()
  const { key } = useParams()
  return key === undefined || key === "" ? <ActivityPlaza store={store} /> : <ActivityView store={store} activityKey={key} />
}

/** /activity/detail/{key?} (spec §2): one activity; without a key the 活动广场 with the current activity on top. */
export function ActivityDetailPage() {
  return (
    <StoreSuspense>
      <ActivityDetail />
    </StoreSuspense>
  )
}
