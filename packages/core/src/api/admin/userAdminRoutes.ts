import { Page } from "../schemas/common.js"
import { defineAdminRoute } from "./AdminRoute.js"
import { AdjustBeansInput, AdminActionResult, AdminUserDetail, AdminUserRow, BanInput, UserIdBody, UserIdQuery, UserSearchQuery } from "./UserAdminSchemas.js"

const write = { method: "POST", auth: "required", role: "operator", encoding: "json" } as const

/** 用户 (issue 29): search, a user's record, ban / unban, end sessions, adjust beans. Each write is audited. */
export const userAdminRoutes = {
  search: defineAdminRoute({
    name: "admin.users.search",
    method: "GET",
    path: "/api/v1/admin/users/search",
    auth: "required",
    role: "operator",
    encoding: "query",
    input: UserSearchQuery,
    data: Page(AdminUserRow),
    summary: "Accounts by phone (part), nickname (part) or uid, newest first."
  }),
  detail: defineAdminRoute({
    name: "admin.users.detail",
    method: "GET",
    path: "/api/v1/admin/users/detail",
    auth: "required",
    role: "operator",
    encoding: "query",
    input: UserIdQuery,
    data: AdminUserDetail,
    summary: "A user's balance, ban, latest ledger rows, orders, tasks and live sessions."
  }),
  ban: defineAdminRoute({ ...write, name: "admin.users.ban", path: "/api/v1/admin/users/ban", input: BanInput, data: AdminActionResult, summary: "Bans a user: their sessions end at once and every write answers 账号已被封禁." }),
  unban: defineAdminRoute({ ...write, name: "admin.users.unban", path: "/api/v1/admin/users/unban", input: UserIdBody, data: AdminActionResult, summary: "Lifts a ban." }),
  endSessions: defineAdminRoute({ ...write, name: "admin.users.end_sessions", path: "/api/v1/admin/users/end_sessions", input: UserIdBody, data: AdminActionResult, summary: "Ends every live session of a user." }),
  adjustBeans: defineAdminRoute({
    ...write,
    name: "admin.users.adjust_beans",
    path: "/api/v1/admin/users/adjust_beans",
    input: AdjustBeansInput,
    data: AdminActionResult,
    summary: "Adds or takes beans with a required reason: a ledger row of kind admin_adjust in the signed chain."
  })
} as const
