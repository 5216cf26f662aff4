import { Schema } from "effect"
import { defineRoute } from "../Route.js"
import { AppConfig } from "../schemas/AppConfig.js"
import { Coupon, CouponQuery } from "../schemas/Coupon.js"
import { MembershipPlanList } from "../schemas/MembershipPlan.js"
import { Order, OrderCreatePayload, TradeQuery } from "../schemas/Order.js"
import { PointsPackageList } from "../schemas/PointsPackage.js"
import { TaskPoints, TaskPointsPayload } from "../schemas/TaskPoints.js"
import { ToolList } from "../schemas/Tool.js"

/** Spec §7 "Config and commerce". Prices are the server's (R22); the client's coupon figure is display only. */
export const commerceRoutes = {
  appConfig: defineRoute({
    name: "commerce.appConfig",
    method: "GET",
    path: "/api/v1/open/config/app_config",
    auth: "none",
    encoding: "query",
    input: Schema.Struct({}),
    data: AppConfig,
    summary: "The app config as key / value-list pairs (spec §3 keys); loaded at start-up, a failure is only logged."
  }),
  tools: defineRoute({
    name: "commerce.tools",
    method: "GET",
    path: "/api/v1/open/config/tools/list",
    auth: "none",
    encoding: "query",
    input: Schema.Struct({}),
    data: ToolList,
    summary: "The AI toolbox (/tools-panel and the tools bar's switcher): each tool's name, cover and app path."
  }),
  membershipPlans: defineRoute({
    name: "commerce.membershipPlans",
    method: "GET",
    path: "/api/v1/open/config/membership_plan/list",
    auth: "none",
    encoding: "query",
    input: Schema.Struct({}),
    data: MembershipPlanList,
    summary: "Membership plans (levels 1 trial, 2 monthly, 3 yearly) with their HTML benefit lists, sanitized when rendered (R15)."
  }),
  pointsPackages: defineRoute({
    name: "commerce.pointsPackages",
    method: "GET",
    path: "/api/v1/open/config/points_package/list",
    auth: "none",
    encoding: "query",
    input: Schema.Struct({}),
    data: PointsPackageList,
    summary: "Bean top-up packages."
  }),
  couponCheck: defineRoute({
    name: "commerce.couponCheck",
    method: "GET",
    path: "/api/v1/open/config/coupon/check",
    auth: "optional",
    encoding: "query",
    input: CouponQuery,
    data: Coupon,
    summary: "Looks up a coupon code's terms (status, scope, type, amounts) for the purchase dialog; rate-limited (R37). Failure: 优惠码验证失败，请稍后重试!"
  }),
  orderCoupon: defineRoute({
    name: "commerce.orderCoupon",
    method: "GET",
    path: "/api/v1/order/coupon",
    auth: "required",
    encoding: "query",
    input: CouponQuery,
    data: Coupon,
    summary: "The same check for the logged-in buyer: status reflects this user's use of the code (owner, single use, R22, R36)."
  }),
  orderCreate: defineRoute({
    name: "commerce.orderCreate",
    method: "POST",
    path: "/api/v1/order/create",
    auth: "required",
    encoding: "json",
    input: OrderCreatePayload,
    data: Order,
    summary:
      "Creates an order for a plan or a points package; the server prices it in fen with the coupon (R22). A payable of 0 completes at once as a claim (claim true, status success, R23). One open order per item (R30)."
  }),
  orderCheck: defineRoute({
    name: "commerce.orderCheck",
    method: "GET",
    path: "/api/v1/order/check",
    auth: "required",
    encoding: "query",
    input: TradeQuery,
    data: Order,
    summary: "The caller's order by trade number (R11), polled every 2000 ms while paying; success, timeout, fail and closed are final."
  }),
  orderClose: defineRoute({
    name: "commerce.orderClose",
    method: "GET",
    path: "/api/v1/order/close",
    auth: "required",
    encoding: "query",
    input: TradeQuery,
    data: Order,
    summary: "Closes the caller's paying order (after the user confirms); answers the order, which is success instead when it was paid meanwhile (R27)."
  }),
  taskPoints: defineRoute({
    name: "commerce.taskPoints",
    method: "POST",
    path: "/api/v2/quick/task/points",
    auth: "required",
    encoding: "json",
    input: TaskPointsPayload,
    data: TaskPoints,
    summary: "The bean cost of a quick or MJ drawing task before it is submitted, after the member discount, with the balance (payload ours: not shown). Charges nothing."
  })
} as const
