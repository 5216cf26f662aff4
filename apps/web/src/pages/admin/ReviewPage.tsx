import { useAdminRootStore } from "@mido/react/admin"
import { ReviewQueueView } from "./review/ReviewQueueView"

/** /admin/review (审核): the queue of the console's review store. */
export function ReviewPage() {
  return <ReviewQueueView store={useAdminRootStore().review} />
}
