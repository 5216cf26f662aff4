import type { Db } from "../../db/database.js"
import { ConfigKeys, configWholeNumbers } from "../appConfig/appConfig.js"
import { creditBeans } from "./beans.js"

export const SIGNUP_GRANT_KIND = "signup_grant"
export const SIGNUP_GRANT_REMARK = "新用户注册赠送"

/**
 * The new account's beans to try Mido before paying (config points.signup-grant; 0, the production
 * default, gives none). Called in the transaction that creates the account; keyed by the user
 * (kind signup_grant, ref user:<uid>), so it is credited at most once whatever retries. The welcome
 * message names it, so the credit sends no message of its own. Answers the beans credited.
 */
export const grantSignupBeans = async (tx: Db, ledgerKey: string, uid: number, now: Date): Promise<number> => {
  const amount = (await configWholeNumbers(tx, { [ConfigKeys.signupGrant]: 0 }))[ConfigKeys.signupGrant] ?? 0
  if (amount <= 0) return 0
  const credited = await creditBeans(tx, ledgerKey, { uid, amount, remark: SIGNUP_GRANT_REMARK, kind: SIGNUP_GRANT_KIND, ref: `user:${uid}`, now, notice: false })
  return credited ? amount : 0
}
