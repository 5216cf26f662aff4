/**
 * @mido/react/admin: the operator console's stores (issue 29, docs/adr/0023) with their own root,
 * AdminRootStore, over the app's RootStore (whose runner, toasts and session they share). Only the
 * console's lazy chunks import this entry: nothing of it is in the public app's first load.
 */
export { AdminCalls } from "./AdminCalls.js"
export { type AdminAccessStatus, AdminAccessStore } from "./AdminAccessStore.js"
export { AdminRootStore, adminRootStoreOf } from "./AdminRootStore.js"
export { AUDIT_PAGE_SIZE, type AuditFilter, AuditLogStore } from "./AuditLogStore.js"
export { DashboardStore } from "./DashboardStore.js"
export { USERS_PAGE_SIZE, UsersAdminStore } from "./UsersAdminStore.js"
export { MONEY_PAGE_SIZE, MoneyStore, type OrderFilter } from "./MoneyStore.js"
/** The money pages' row types, for the console's components (which import stores, never the core). */
export type { AdminConfigEntry, AdminCoupon, AdminOrder, AdminPackage, AdminPlan, CouponCreateInput } from "@mido/core/admin"
export { useAdminRootStore } from "./useAdminStores.js"
export { REVIEW_PAGE_SIZE, ReviewStore } from "./ReviewStore.js"
export { ReportsStore } from "./ReportsStore.js"
export { REVIEW_KINDS, reportReasonName, reviewKindName, reviewTimeText } from "./reviewText.js"
export type { ReportGroup, ReviewItem, ReviewKind } from "@mido/core/admin"
export { ModerationWordsStore } from "./ModerationWordsStore.js"
// the console's roles, for its pages (components import stores, never the core)
export { ADMIN_ROLE_NAMES, type AdminRole, type AdminUserDetail, type AdminUserRow, type AuditEntry, type Dashboard, type DashboardFigure } from "@mido/core/admin"
export { TASKS_PAGE_SIZE, type AdminTaskState, type TaskFilter, TasksAdminStore } from "./TasksAdminStore.js"
export { EnginesAdminStore } from "./EnginesAdminStore.js"
export type { AdminEngineCheck, AdminEngines, AdminTaskDetail, AdminTaskRow } from "@mido/core/admin"
