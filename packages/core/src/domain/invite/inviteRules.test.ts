import { describe, expect, it } from "vitest"
import { discountScopeText, discountText, inviteLink, inviteRewardText } from "./inviteRules.js"

describe("invite pages (spec §2 /invite-info, /invited; docs/spec/invite.md)", () => {
  it.each([
    ["IV1", "a plain origin", "https://mido.example.com", "K7MX2Q", "https://mido.example.com/invited?code=K7MX2Q"],
    ["IV1", "a trailing slash is dropped", "http://127.0.0.1:5173/", "DEMO01", "http://127.0.0.1:5173/invited?code=DEMO01"],
    ["IV1", "the code is trimmed", "https://a.cn", "  AB12 ", "https://a.cn/invited?code=AB12"],
    ["IV1", "bad input: a code cannot break out of the query", "https://a.cn", "a/../b&x=1", "https://a.cn/invited?code=a%2F..%2Fb%26x%3D1"],
    ["IV1", "bad input: no code", "https://a.cn", " ", ""],
    ["IV1", "bad input: no origin", "", "AB12", ""]
  ] as const)("%s %s", (_rule, _name, origin, code, expected) => {
    expect(inviteLink(origin, code)).toBe(expected)
  })

  it.each([
    ["IV2", "15% off", 0.85, "8.5折"],
    ["IV2", "20% off", 0.8, "8折"],
    ["IV2", "half price", 0.5, "5折"],
    ["IV2", "three decimals", 0.888, "8.88折"],
    ["IV2", "four decimals (numeric(12,4))", 0.8765, "8.765折"],
    ["IV2", "float noise is not shown", 0.7000000001, "7折"],
    ["IV2", "bad input: 1 is no discount", 1, ""],
    ["IV2", "bad input: 0 is not a discount rate", 0, ""],
    ["IV2", "bad input: NaN", Number.NaN, ""],
    ["IV2", "bad input: above 1", 1.2, ""]
  ] as const)("%s %s", (_rule, _name, rate, expected) => {
    expect(discountText(rate)).toBe(expected)
  })

  it.each([
    ["IV3", "plans", "plan", "开通会员"],
    ["IV3", "beans", "points", "购买米豆"],
    ["IV3", "both", "plan,points", "开通会员、购买米豆"],
    ["IV3", "bad input: unknown scope", "all", ""]
  ] as const)("%s %s", (_rule, _name, scope, expected) => {
    expect(discountScopeText(scope)).toBe(expected)
  })

  it.each([
    ["IV4", "nobody yet", { invited_count: 0, rewarded_count: 0, reward_total: 0 }, "还没有好友通过您的邀请注册"],
    ["IV4", "invited, none paid", { invited_count: 2, rewarded_count: 0, reward_total: 0 }, "已邀请 2 位好友，其中 0 位已首次付费，共获得 0 米豆"],
    ["IV4", "rewards with separators", { invited_count: 12, rewarded_count: 3, reward_total: 1500 }, "已邀请 12 位好友，其中 3 位已首次付费，共获得 1,500 米豆"]
  ] as const)("%s %s", (_rule, _name, summary, expected) => {
    expect(inviteRewardText(summary)).toBe(expected)
  })
})
