import { Schema } from "effect"
import { DateTimeText, Id, PageQuery } from "./common.js"
import { InviteCode } from "./Phone.js"

/** GET /api/v1/user/invite/summary: my invite code and what inviting has earned me (issue 16, payload ours). */
export const InviteSummary = Schema.Struct({
  invite_code: Schema.String.annotations({ description: "the caller's own code; the link is /invited?code=<it>" }),
  invited_count: Schema.Int.pipe(Schema.nonNegative()).annotations({ description: "users who signed up with the caller's code" }),
  rewarded_count: Schema.Int.pipe(Schema.nonNegative()).annotations({ description: "of them, those whose first paid order earned the caller a reward" }),
  reward_total: Schema.Int.pipe(Schema.nonNegative()).annotations({ description: "whole beans earned by inviting: the sum of the caller's invite_reward ledger entries" }),
  reward_per_invitee: Schema.Int.pipe(Schema.nonNegative()).annotations({ description: "beans per invitee's first paid order now (config points.invite-reward)" })
})
export type InviteSummary = typeof InviteSummary.Type

/** One user who signed up with the caller's code: public profile fields only, never a phone (R11, R12). */
export const InvitedUser = Schema.Struct({
  uid: Id,
  nickname: Schema.String,
  avatar: Schema.String,
  joined_at_str: DateTimeText.annotations({ description: "when they signed up, China time" }),
  reward: Schema.Int.pipe(Schema.nonNegative()).annotations({ description: "beans their first paid order earned the caller; 0 until they pay" })
})
export type InvitedUser = typeof InvitedUser.Type

/** GET /api/v1/user/invite/list query: 1-based pages, at most 50 a page. */
export const InviteeListQuery = Schema.Struct({
  page: PageQuery.fields.page,
  size: Schema.optionalWith(Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, 50)), { default: () => 20 })
})
export type InviteeListQuery = typeof InviteeListQuery.Type

/** GET /api/v1/open/invite/inviter query. */
export const InviterQuery = Schema.Struct({ code: InviteCode })

/** The invited users' member discount: the active invite coupon (spec §4 coupon type invite, §5 rate × price). */
export const InviteDiscount = Schema.Struct({
  coupon_code: Schema.String.annotations({ description: "the code to enter in the purchase dialog" }),
  discount_amount: Schema.Number.pipe(Schema.greaterThan(0), Schema.lessThan(1)).annotations({ description: "the rate paid, 0.85 = 15% off" }),
  scope: Schema.Literal("points", "plan", "plan,points")
})
export type InviteDiscount = typeof InviteDiscount.Type

/**
 * Who invites with `code`, for /invited (open): the nickname and avatar the inviter shows everyone,
 * and the discount an invited user gets. Nothing private: no uid, phone or contact (R11, R12).
 */
export const InviterCard = Schema.Struct({
  invite_code: Schema.String,
  nickname: Schema.String,
  avatar: Schema.String,
  discount: Schema.NullOr(InviteDiscount).annotations({ description: "null when no invite discount is on offer" })
})
export type InviterCard = typeof InviterCard.Type
