import { Schema } from "effect"
import { Page } from "../schemas/common.js"
import { defineAdminRoute } from "./AdminRoute.js"
import { AdminMe, AuditEntry, AuditQuery } from "./AdminSchemas.js"

/** The console's own calls: who is signed in (the console's gate) and the audit log, read-only. */
export const accessRoutes = {
  me: defineAdminRoute({
    name: "admin.me",
    method: "GET",
    path: "/api/v1/admin/me",
    auth: "required",
    role: "reviewer",
    encoding: "query",
    input: Schema.Struct({}),
    data: AdminMe,
    summary: "The signed-in operator and their role; 403 无权访问 for an account without one."
  })
} as const

/** 审计日志: every console change, newest first. No route writes, edits or deletes a row. */
export const auditRoutes = {
  list: defineAdminRoute({
    name: "admin.audit.list",
    method: "GET",
    path: "/api/v1/admin/audit/list",
    auth: "required",
    role: "operator",
    encoding: "query",
    input: AuditQuery,
    data: Page(AuditEntry),
    summary: "The audit log, newest first, filtered by action or target."
  })
} as const
