import { Schema } from "effect"
import { Page, PageQuery } from "../schemas/common.js"
import { defineAdminRoute } from "./AdminRoute.js"
import {
  AdminCatalog, AdminConfigEntry, AdminCoupon, AdminOrder, AdminOrderQuery, AdminPackage, AdminPlan, BreakQuery, ConfigEditInput, CouponCodeInput,
  CouponCreateInput, CouponUse, CouponUsesQuery, PackageEditInput, PlanEditInput, ReconciliationBreak, RefundInput, RefundResult, ResolveBreakInput
} from "./moneySchemas.js"

/**
 * 订单 / 优惠券 / 套餐与配置 (issue 29): orders and refunds, reconciliation breaks, coupons, plans,
 * packages and app_config. Reads and money writes need an operator; app_config edits an admin.
 */
const get = <const Name extends string, In, InWire, Out, OutWire>(name: Name, path: `/api/v1/admin/${string}`, input: Schema.Schema<In, InWire>, data: Schema.Schema<Out, OutWire>, summary: string) =>
  defineAdminRoute({ name, method: "GET", path, auth: "required", role: "operator", encoding: "query", input, data, summary })

const post = <const Name extends string, In, InWire, Out, OutWire>(name: Name, path: `/api/v1/admin/${string}`, input: Schema.Schema<In, InWire>, data: Schema.Schema<Out, OutWire>, summary: string, role: "operator" | "admin" = "operator") =>
  defineAdminRoute({ name, method: "POST", path, auth: "required", role, encoding: "json", input, data, summary })

export const moneyRoutes = {
  orders: get("admin.money.orders", "/api/v1/admin/money/orders", AdminOrderQuery, Page(AdminOrder), "Orders by trade number, buyer, state and day, newest first."),
  refund: post("admin.money.refund", "/api/v1/admin/money/refund", RefundInput, RefundResult,
    "Refunds a paid order through its provider; the beans and membership it bought are taken back. Asking again continues the same refund."),
  breaks: get("admin.money.breaks", "/api/v1/admin/money/breaks", BreakQuery, Page(ReconciliationBreak), "Reconciliation breaks, open (resolved=0) or resolved."),
  resolveBreak: post("admin.money.resolveBreak", "/api/v1/admin/money/breaks/resolve", ResolveBreakInput, ReconciliationBreak, "Resolves a break with a note."),
  coupons: get("admin.money.coupons", "/api/v1/admin/money/coupons", PageQuery, Page(AdminCoupon), "Coupons, newest first."),
  createCoupon: post("admin.money.createCoupon", "/api/v1/admin/money/coupons/create", CouponCreateInput, AdminCoupon, "Creates a coupon; every field is validated."),
  disableCoupon: post("admin.money.disableCoupon", "/api/v1/admin/money/coupons/disable", CouponCodeInput, AdminCoupon, "Disables a coupon: buyers can no longer use it."),
  couponUses: get("admin.money.couponUses", "/api/v1/admin/money/coupons/uses", CouponUsesQuery, Page(CouponUse), "A coupon's redemptions with their orders."),
  catalog: get("admin.money.catalog", "/api/v1/admin/money/catalog", Schema.Struct({}), AdminCatalog, "Plans, packages and app_config as stored."),
  editPlan: post("admin.money.editPlan", "/api/v1/admin/money/plans/edit", PlanEditInput, AdminPlan, "Edits a membership plan; the purchase dialog shows it at once."),
  editPackage: post("admin.money.editPackage", "/api/v1/admin/money/packages/edit", PackageEditInput, AdminPackage, "Edits a beans package."),
  editConfig: post("admin.money.editConfig", "/api/v1/admin/money/config/edit", ConfigEditInput, AdminConfigEntry, "Edits one app_config value, checked by its key's rule.", "admin")
} as const
