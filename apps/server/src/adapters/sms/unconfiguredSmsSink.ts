import type { Log } from "../../platform/log.js"
import { maskPhone } from "../../platform/maskPhone.js"
import type { SmsSink } from "./smsPort.js"

/**
 * Production without a provider adapter: refuses to pretend. The code never reaches the log (R38);
 * the send fails, so the user sees an error instead of waiting for an SMS that never comes.
 */
export const unconfiguredSmsSink = (log: Log): SmsSink => ({
  sendCode: async ({ phone, purpose }) => {
    log.error("sms provider not configured", { phone: maskPhone(phone), purpose })
    throw new Error("no SMS provider configured")
  },
  sendNotice: async (phone) => {
    log.warn("sms provider not configured; notice not sent", { phone: maskPhone(phone) })
  }
})
