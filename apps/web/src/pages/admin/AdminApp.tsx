import { AdminGate } from "./AdminGate"
import { AdminLayout } from "./AdminLayout"

/** /admin/*: the operator console's lazy route group (docs/adr/0023), its gate around its layout. */
export function AdminApp() {
  return (
    <AdminGate>
      <AdminLayout />
    </AdminGate>
  )
}
