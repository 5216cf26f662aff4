import { accountRoutes } from "./user/accountRoutes.js"
import { beanRoutes } from "./user/beanRoutes.js"
import { collectRoutes } from "./user/collectRoutes.js"
import { currentUserRoutes } from "./user/currentUserRoutes.js"
import { socialRoutes } from "./user/socialRoutes.js"

/**
 * Spec §7 "User and account". Paths are the spec's; payloads it leaves "not shown" are ours (see summaries).
 * The routes live by concern in user/…, which services import, so the first load (Session's user.info,
 * Wallet's balance) leaves out the rest; listed here in the documentation's order.
 */
export const userRoutes = {
  info: currentUserRoutes.info,
  edit: accountRoutes.edit,
  points: beanRoutes.points,
  coinList: beanRoutes.coinList,
  profile: socialRoutes.profile,
  followList: socialRoutes.followList,
  profileSetting: socialRoutes.profileSetting,
  follow: socialRoutes.follow,
  collectList: collectRoutes.collectList,
  collect: collectRoutes.collect,
  collectBatch: collectRoutes.collectBatch,
  like: collectRoutes.like,
  changePhoneAuth: accountRoutes.changePhoneAuth,
  changePhone: accountRoutes.changePhone
} as const
