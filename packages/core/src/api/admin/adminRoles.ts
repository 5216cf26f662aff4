/**
 * The operator console's roles (issue 29), weakest first: each includes the ones before it. A role is
 * granted only from the operator's terminal (`npm run admin -w @mido/server -- grant <phone> <role>`,
 * docs/adr/0023), never through the API.
 */
export const ADMIN_ROLES = ["reviewer", "operator", "admin"] as const
export type AdminRole = (typeof ADMIN_ROLES)[number]

/** How the console names each role. */
export const ADMIN_ROLE_NAMES: Readonly<Record<AdminRole, string>> = { reviewer: "审核员", operator: "运营", admin: "管理员" }

/** Whether a holder of `held` may call a route that needs `needed` (reviewer < operator < admin). */
export const roleIncludes = (held: AdminRole, needed: AdminRole): boolean => ADMIN_ROLES.indexOf(held) >= ADMIN_ROLES.indexOf(needed)

export const isAdminRole = (text: string): text is AdminRole => (ADMIN_ROLES as ReadonlyArray<string>).includes(text)
