import { InvitedPath } from "../navigation/inviteQuery.js"

/**
 * IV1: the invite link of a code on this site: `<origin>/invited?code=<code>` (spec §2: /invited with
 * query code = invite code). The origin's trailing slashes are dropped and the code is escaped, so a
 * code can never change the path. No origin or no code → "".
 */
export const inviteLink = (origin: string, code: string): string => {
  const base = origin.trim().replace(/\/+$/, "")
  const trimmed = code.trim()
  if (base === "" || trimmed === "") return ""
  return `${base}${InvitedPath}?code=${encodeURIComponent(trimmed)}`
}

/**
 * IV2: a discount rate as Chinese shoppers read it (spec §5: the invite type multiplies a rate with
 * the price): 0.85 → 8.5折, 0.8 → 8折, 0.888 → 8.88折. The rate is read to 4 decimals (the server keeps
 * numeric(12,4)); trailing zeros are dropped. A rate outside (0, 1) is no discount → "".
 */
export const discountText = (rate: number): string => {
  if (!Number.isFinite(rate) || rate <= 0 || rate >= 1) return ""
  const tenths = Math.round(rate * 100_000) / 10_000
  return `${Number(tenths.toFixed(3))}折`
}

/** IV3: what an invite discount covers (the coupon's scope, spec §4). */
export const discountScopeText = (scope: string): string =>
  scope === "plan" ? "开通会员" : scope === "points" ? "购买米豆" : scope === "plan,points" ? "开通会员、购买米豆" : ""

/** IV4: the rewards line of /invite-info: how many of the invited paid, and the beans earned. */
export const inviteRewardText = (summary: { readonly invited_count: number; readonly rewarded_count: number; readonly reward_total: number }): string =>
  summary.invited_count === 0
    ? "还没有好友通过您的邀请注册"
    : `已邀请 ${summary.invited_count} 位好友，其中 ${summary.rewarded_count} 位已首次付费，共获得 ${summary.reward_total.toLocaleString("zh-CN")} 米豆`
