import { QuerySmsSignRequest, SendSmsRequest } from "@alicloud/dysmsapi20170525"
import type { Log } from "../../platform/log.js"
import { maskPhone } from "../../platform/maskPhone.js"
import type { ServiceCheck } from "../../platform/serviceCheck.js"
import type { AliyunSmsSettings } from "../../platform/smsConfig.js"
import { aliyunSmsClient, callAliyun } from "./aliyunSmsClient.js"
import { SmsRefused, type SmsSink } from "./smsPort.js"

/**
 * Aliyun SMS (Dysms SendSms): the code through ALIYUN_SMS_TEMPLATE_CODE with TemplateParam
 * {"code":"<6 digits>"} (a JSON string: Aliyun refuses numbers, isv.INVALID_JSON_PARAM); the phone
 * change notice (R6) through ALIYUN_SMS_NOTICE_TEMPLATE_CODE with {"phone":"<masked new phone>"}, or
 * skipped with a log when that template is not configured. Refusals throw SmsRefused (features/login
 * answers them); nothing here logs the code (R38).
 */
export const aliyunSmsSink = (settings: AliyunSmsSettings, log: Log): SmsSink => {
  const client = aliyunSmsClient(settings)
  const send = async (phone: string, templateCode: string, params: Readonly<Record<string, string>>) => {
    // one mainland number (11 digits, as the contract's Phone schema allows) per call; PhoneNumbers could take a list
    const request = new SendSmsRequest({ phoneNumbers: phone, signName: settings.signName, templateCode, templateParam: JSON.stringify(params) })
    const response = await callAliyun(() => client.sendSms(request))
    return response.body?.bizId ?? ""
  }
  return {
    sendCode: async ({ phone, purpose, code }) => {
      try {
        const bizId = await send(phone, settings.templateCode, { code })
        log.info("sms code handed to aliyun", { phone: maskPhone(phone), purpose, biz_id: bizId })
      } catch (error) {
        if (error instanceof SmsRefused) {
          const fields = { phone: maskPhone(phone), purpose, provider_code: error.providerCode }
          if (error.operatorFault) log.error("aliyun sms refused the send", { ...fields, alert: "sms_provider_config" })
          else log.warn("aliyun sms refused the send", fields)
        }
        throw error
      }
    },
    sendNotice: async (phone, _text, params = {}) => {
      if (settings.noticeTemplateCode === undefined) {
        log.warn("sms notice skipped: ALIYUN_SMS_NOTICE_TEMPLATE_CODE is not set", { phone: maskPhone(phone) })
        return
      }
      await send(phone, settings.noticeTemplateCode, params)
      log.info("sms notice handed to aliyun", { phone: maskPhone(phone) })
    }
  }
}

const SIGN_STATUS: Readonly<Record<number, string>> = { 0: "审核中", 1: "审核通过", 2: "审核未通过", 10: "已取消" }

/**
 * The doctor's check (name "sms"): QuerySmsSign of ALIYUN_SMS_SIGN_NAME, which sends nothing and costs
 * nothing, and proves the AccessKey, its RAM rights and the signature's approval at once.
 */
export const aliyunSmsServiceCheck = (settings: AliyunSmsSettings): ServiceCheck => ({
  name: "sms",
  check: async () => {
    const client = aliyunSmsClient(settings)
    try {
      const response = await callAliyun(() => client.querySmsSign(new QuerySmsSignRequest({ signName: settings.signName })))
      const status = response.body?.signStatus ?? -1
      const label = SIGN_STATUS[status] ?? `状态 ${status}`
      return { ok: status === 1, detail: `Aliyun SMS at ${settings.endpoint}: signature ${settings.signName} ${label}` }
    } catch (error) {
      const reason = error instanceof SmsRefused ? error.providerCode : error instanceof Error ? error.message : String(error)
      return { ok: false, detail: `Aliyun SMS at ${settings.endpoint}: ${reason}` }
    }
  }
})
