import type { Route } from "../Route.js"
import type { AdminRole } from "./adminRoles.js"

/**
 * A route of the operator console: a contract route like the others (paths under /api/v1/admin/,
 * always login-required) that also names the weakest role allowed to call it. The server refuses a
 * visitor with -401 and a caller without that role with 403 before the input is read
 * (apps/server/src/features/admin/adminAccess.ts).
 */
export interface AdminRoute<Name extends string = string, In = unknown, InWire = unknown, Out = unknown, OutWire = unknown>
  extends Route<Name, In, InWire, Out, OutWire> {
  readonly path: `/api/v1/admin/${string}`
  readonly auth: "required"
  readonly role: AdminRole
}

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- type-level variance for "some admin route" */
export type AnyAdminRoute = AdminRoute<string, any, any, any, any>

export const defineAdminRoute = <const Name extends string, In, InWire, Out, OutWire>(
  route: AdminRoute<Name, In, InWire, Out, OutWire>
): AdminRoute<Name, In, InWire, Out, OutWire> => route
