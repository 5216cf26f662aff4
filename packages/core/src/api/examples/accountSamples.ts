import type { Coupon } from "../schemas/Coupon.js"
import type { MembershipPlan } from "../schemas/MembershipPlan.js"
import type { Order } from "../schemas/Order.js"
import type { UnreadCounts } from "../schemas/UnreadCounts.js"
import type { CurrentUser } from "../schemas/UserInfo.js"

/** Wire-form samples shared by the examples of the user, login, message, commerce and file routes. */
export const OSS = "https://oss.mido.example.com"

export const sampleCurrentUser: typeof CurrentUser.Encoded = {
  uid: 20001,
  avatar: `${OSS}/uploads/20001/202611/a1b2c3d4.png`,
  nickname: "星河画师",
  is_vip: true,
  vip_level: 2,
  vip_name: "月度会员",
  vip_expired_at_str: "2026-12-22 23:59:59",
  invite_code: "MD8K2Q",
  invite_user_id: 10086,
  invite_user_name: "画画的阿雪",
  nid: "10020001",
  phone: "138****0000",
  bio: "喜欢用 AI 画国风山水"
}

export const sampleUnread: typeof UnreadCounts.Encoded = { total: 12, system: 2, mention: 1, like: 7, follow: 2 }

export const samplePlan: typeof MembershipPlan.Encoded = {
  id: 2,
  name: "月度会员",
  price: 29.9,
  original_price: 39.9,
  description: "每月赠送 3000 米豆，绘画享 8 折",
  level: 2,
  content: "<ul><li>每月赠送 3000 米豆</li><li>AI 绘画 8 折</li></ul>",
  exclusive: "<ul><li>MJ 模型优先队列</li><li>高清修复不限次</li></ul>",
  duration_days: 30
}

export const sampleCoupon: typeof Coupon.Encoded = {
  code: "MIDO10",
  discount_amount: 10,
  minimum_amount: 20,
  status: "unused",
  scope: "plan,points",
  type: "threshold"
}

/** A 1×1 transparent PNG as a data URL, standing in for QR and captcha pictures. */
export const PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="

export const samplePayingOrder: typeof Order.Encoded = {
  trade_no: "MD202611221830001234",
  data: PNG_DATA_URL,
  status: "paying",
  payable: 19.9,
  claim: false
}

/**
 * A tiny PNG file (its 8-byte signature) for the upload examples. A File where the runtime has one
 * (browsers, Node 20), else a Blob, which the upload schemas accept by its type alone.
 */
export const pngBlob = (name = "avatar.png"): Blob => {
  const bytes = [Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)]
  return typeof File === "undefined" ? new Blob(bytes, { type: "image/png" }) : new File(bytes, name, { type: "image/png" })
}
