import { useAdminRootStore } from "@mido/react/admin"
import { ReportsView } from "./review/ReportsView"

/** /admin/reports (举报): the open reports of the console's reports store. */
export function ReportsPage() {
  return <ReportsView store={useAdminRootStore().reports} />
}
