import type { AdminRole } from "@mido/react/admin"
import { type ComponentType, lazy, type LazyExoticComponent } from "react"

/** One page of the console: its address under /admin, its nav label, the weakest role shown it, its code. */
export interface AdminPage {
  readonly path: string
  readonly label: string
  readonly role: AdminRole
  readonly Page: LazyExoticComponent<ComponentType>
}

const page = (path: string, label: string, role: AdminRole, load: () => Promise<ComponentType>): AdminPage => ({
  path,
  label,
  role,
  Page: lazy(async () => ({ default: await load() }))
})

/**
 * The console's pages in nav order (issue 29: 概览, 审核, 举报, 用户, 订单, 优惠券, 套餐与配置, 任务, 引擎,
 * 审核词库, 审计日志), each a chunk of its own fetched on first visit. Each area adds its line in its place.
 * The nav hides a page the operator's role cannot open; the server refuses its calls all the same.
 */
export const ADMIN_PAGES: ReadonlyArray<AdminPage> = [
  page("dashboard", "概览", "operator", async () => (await import("./DashboardPage")).DashboardPage),
  page("review", "审核", "reviewer", async () => (await import("./ReviewPage")).ReviewPage),
  page("reports", "举报", "reviewer", async () => (await import("./ReportsPage")).ReportsPage),
  page("users", "用户", "operator", async () => (await import("./UsersPage")).UsersPage),
  page("orders", "订单", "operator", async () => (await import("./OrdersPage")).OrdersPage),
  page("coupons", "优惠券", "operator", async () => (await import("./CouponsPage")).CouponsPage),
  page("catalog", "套餐与配置", "operator", async () => (await import("./CatalogPage")).CatalogPage),
  page("tasks", "任务", "operator", async () => (await import("./TasksPage")).TasksPage),
  page("engines", "引擎", "operator", async () => (await import("./EnginesPage")).EnginesPage),
  page("moderation-words", "审核词库", "operator", async () => (await import("./ModerationWordsPage")).ModerationWordsPage),
  page("audit", "审计日志", "operator", async () => (await import("./AuditLogPage")).AuditLogPage)
]
