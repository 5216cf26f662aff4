import { envelope } from "@mido/core/testing"

/** Wire-form samples for the store tests (the core's examples are not part of its public entries). */
export const TOKEN = "tok_fresh_0123456789abcdef"
export const STORED_TOKEN = "tok_stored_0123456789abcdef"
export const QR_KEY = "qrk_0123456789abcdef"
export const NONCE = "nonce_0123456789abcdef"
export const PNG = "data:image/png;base64,iVBORw0KGgo="
export const SVG = "data:image/svg+xml;base64,PHN2Zz4="

export const user = {
  uid: 20001,
  avatar: "https://cdn.mido.test/a.png",
  nickname: "星河画师",
  is_vip: false,
  vip_level: 0,
  vip_name: "",
  vip_expired_at_str: null,
  invite_code: "MD8K2Q",
  invite_user_id: 0,
  invite_user_name: "",
  nid: "10020001",
  phone: "138****0000",
  bio: ""
}

export const member = { ...user, uid: 20002, nickname: "月度会员小王", is_vip: true, vip_level: 2, vip_name: "月度会员", vip_expired_at_str: "2099-12-31 23:59:59" }

export const configList = [
  { key: "points.first-post", value: ["50"] },
  { key: "points.daily-post", value: ["20"] },
  { key: "config.member.remaining.bean.threshold", value: ["100"] },
  { key: "config.member.daily.bean.consume.threshold", value: ["500"] },
  { key: "config.member.expire.remain.days.notice", value: ["3"] }
]

export const plan = {
  id: 2, name: "月度会员", price: 29.9, description: "每月赠送 3000 米豆", level: 2,
  content: "<ul><li>每月赠送 3000 米豆</li></ul>", exclusive: "<ul><li>MJ 模型优先队列</li></ul>", duration_days: 30
}
export const beanPackage = { id: 7, points: 1000, price: 10 }

export const order = (trade_no: string, status: string, extra: Record<string, unknown> = {}) => ({
  trade_no, data: PNG, status, payable: 29.9, claim: false, ...extra
})

export const ledgerEntries = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: from + index, remark: "AI绘画消耗", created_at_str: "2026-11-22 18:30:00", action_amount: -8
  }))

export const message = (id: number, type = "system", is_read = 0) => ({
  id, type, is_read, created_at: 1_790_000_000, content: JSON.stringify({ title: `消息 ${id}`, content: "内容" })
})

/** The answers a logged-in start-up needs: user, config, balance, unread counts. */
export const startupAnswers = {
  "/api/v1/user/info": () => envelope(0, user),
  "/api/v1/open/config/app_config": () => envelope(0, { list: configList }),
  "/api/v1/user/points": () => envelope(0, { balance: 3320, today_consumed: 0 }),
  "/api/v1/user/message/unread_count": () => envelope(0, { total: 3, system: 1, like: 2, follow: 0, mention: 0 })
}
