import type { RouteExamples } from "../Route.js"
import type { commerceRoutes } from "../routes/commerceRoutes.js"
import { OSS, PNG_DATA_URL, sampleCoupon, samplePayingOrder, samplePlan } from "./accountSamples.js"

const toolCover = (key: string) => `${OSS}/static/tools/${key}.png`

/** Wire-form examples of the config and commerce routes (docs/api.md and the decode tests; never shipped to the browser). */
export const commerceExamples: RouteExamples<typeof commerceRoutes> = {
  appConfig: {
    input: {},
    data: {
      list: [
        { key: "config.wecom.promotion.qrcode", value: [`${OSS}/static/wecom-qrcode.png`] },
        { key: "points.first-post", value: ["50"] },
        { key: "points.daily-post", value: ["10"] },
        { key: "config.member.daily.bean.consume.threshold", value: ["500"] },
        { key: "config.member.remaining.bean.threshold", value: ["100"] },
        { key: "config.member.expire.remain.days.notice", value: ["3"] }
      ]
    }
  },
  tools: {
    input: {},
    data: {
      list: [
        { key: "hd-repair", name: "高清修复", description: "一键提升图片清晰度，细节更丰富", cover: toolCover("hd-repair"), path: "/tools/hd-repair" },
        { key: "discount", name: "智能抠图", description: "自动识别主体，秒出透明底", cover: toolCover("discount"), path: "/tools/discount" }
      ]
    }
  },
  membershipPlans: {
    input: {},
    data: {
      list: [
        { ...samplePlan, id: 1, name: "体验会员", price: 9.9, original_price: null, level: 1, duration_days: 7 },
        samplePlan,
        { ...samplePlan, id: 3, name: "年度会员", price: 298, original_price: 478.8, level: 3, duration_days: 365 }
      ]
    }
  },
  pointsPackages: {
    input: {},
    data: { list: [{ id: 1, points: 1000, price: 10 }, { id: 2, points: 5000, price: 45, bonus: 500 }] }
  },
  couponCheck: { input: { code: "MIDO10" }, data: sampleCoupon },
  orderCoupon: { input: { code: "VIP85" }, data: { code: "VIP85", discount_amount: 0.85, minimum_amount: null, status: "unused", scope: "plan", type: "discount" } },
  orderCreate: {
    input: { type: "plan", type_id: 2, pay_method: "wechat", coupon_code: "MIDO10" },
    data: samplePayingOrder
  },
  orderCheck: { input: { trade_no: samplePayingOrder.trade_no }, data: { ...samplePayingOrder, status: "success" } },
  orderClose: { input: { trade_no: samplePayingOrder.trade_no }, data: { ...samplePayingOrder, status: "closed", data: PNG_DATA_URL } },
  taskPoints: {
    input: { type: "quick_mj", num: 4, ratio: "3:4", hd: false },
    data: { points: 32, original_points: 40, balance: 2680 }
  }
}
