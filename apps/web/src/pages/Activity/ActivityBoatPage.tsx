import { useActivityStore } from "@mido/react"
import { StoreSuspense } from "../../components/ui/StoreSuspense"
import { MoreActivities } from "./ActivityPlaza"
import { ActivityView } from "./ActivityView"

/** The operators' key of the 龙舟 activity this landing page shows (the server's seeded "boat"). */
const BOAT_KEY = "boat"

function ActivityBoat() {
  const store = useActivityStore()
  return (
    <div className="space-y-10">
      <ActivityView store={store} activityKey={BOAT_KEY} />
      <MoreActivities store={store} exclude={BOAT_KEY} />
    </div>
  )
}

/** /activity/boat (spec §2, 龙舟活动): the landing page of the 端午 activity, with the other activities below. */
export function ActivityBoatPage() {
  return (
    <StoreSuspense>
      <ActivityBoat />
    </StoreSuspense>
  )
}
