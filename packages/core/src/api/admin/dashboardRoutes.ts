import { Schema } from "effect"
import { defineAdminRoute } from "./AdminRoute.js"
import { Dashboard } from "./DashboardSchemas.js"

/** 概览 (issue 29): today's figures (China time), each with its SQL. */
export const dashboardRoutes = {
  today: defineAdminRoute({
    name: "admin.dashboard.today",
    method: "GET",
    path: "/api/v1/admin/dashboard/today",
    auth: "required",
    role: "operator",
    encoding: "query",
    input: Schema.Struct({}),
    data: Dashboard,
    summary: "Today's sign-ups, payers, revenue, beans spent and refunded, tasks by state, reports waiting — each with its query."
  })
} as const
