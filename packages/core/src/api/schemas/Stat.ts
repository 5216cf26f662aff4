import { Schema } from "effect"

const Count = Schema.Int.pipe(Schema.nonNegative())

/** An artwork's counters (spec §3 `stat`); the server owns them (R12). */
export const Stat = Schema.Struct({
  comment_count: Count,
  favorite_count: Count.annotations({ description: "times collected (收藏)" }),
  like_count: Count,
  share_count: Count,
  view_count: Count
})
export type Stat = typeof Stat.Type

/** An author's counters (spec §3 `user_stat`), shown beside the author in the artwork dialog. */
export const UserStat = Schema.Struct({
  artwork_count: Count,
  artwork_like_count: Count.annotations({ description: "likes received over all the user's artworks" }),
  artwork_view_count: Count.annotations({ description: "views over all the user's artworks" }),
  followee_count: Count.annotations({ description: "people this user follows (关注)" }),
  follower_count: Count.annotations({ description: "people following this user (粉丝)" })
})
export type UserStat = typeof UserStat.Type
