import { Schema } from "effect"
import { defineRoute } from "../../Route.js"
import { Coupon, CouponQuery } from "../../schemas/Coupon.js"
import { MembershipPlanList } from "../../schemas/MembershipPlan.js"
import { Order, OrderCreatePayload, TradeQuery } from "../../schemas/Order.js"
import { PointsPackageList } from "../../schemas/PointsPackage.js"

/**
 * Plans, bean packages, coupons and orders: the purchase dialog's calls, made only by Checkout's
 * implementation, which loads on first use (kept apart so the web app's first load has none of them).
 */
export const checkoutRoutes = {
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
    summary: "Looks up a coupon code's terms (status, scope, type, amounts) for the purchase dialog; rate-limited (R37). A refusal is code ≠ 0 with its §5 text as msg; a check that cannot be made: 优惠码验证失败，请稍后重试!"
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
  })
} as const
