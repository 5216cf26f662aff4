import { SmsRefused } from "./smsPort.js"

/**
 * Aliyun SMS answers a refused SendSms with HTTP 200 and a `Code` other than "OK" in the body (the
 * SDK does not throw for it): the codes below are from Aliyun's "API错误码" page for Dysms
 * (help.aliyun.com/document_detail/101346) and the SDK's SendSmsResponseBody docs. Request-level
 * failures (a bad signature or AccessKey, throttling of the API itself) come as HTTP 4xx/5xx, which the
 * SDK throws as ClientError/ServerError/ThrottlingError with the same kind of `code`.
 */

/** isv.BUSINESS_LIMIT_CONTROL: the per-number flow control (by default 1 a minute, 5 an hour, 10 a day per signature). */
export const PROVIDER_LIMIT_MESSAGE = "该手机号获取验证码过于频繁，请稍后再试"
/** isv.MOBILE_NUMBER_ILLEGAL: a number the provider will not deliver to (not a mobile, or on a blacklist). */
export const PROVIDER_PHONE_MESSAGE = "该手机号暂时无法接收短信，请检查号码或更换手机号"
/** Everything the user cannot change: the operator's account, signature, template, balance; or a provider fault. */
export const PROVIDER_FAILED_MESSAGE = "短信发送失败，请稍后再试"

const LIMIT_CODES = new Set(["isv.BUSINESS_LIMIT_CONTROL"])
const PHONE_CODES = new Set(["isv.MOBILE_NUMBER_ILLEGAL", "isv.MOBILE_COUNT_OVER_LIMIT"])
/**
 * The operator's to fix (an alert in the log): the account, the balance, the signature or template
 * not approved or not matching, the template's variables, the AccessKey and its RAM rights, the
 * account's own daily cap (isv.DAY_LIMIT_CONTROL, set in the console), the request signature.
 */
const OPERATOR_CODES = new Set([
  "isv.AMOUNT_NOT_ENOUGH", "isv.OUT_OF_SERVICE", "isv.PRODUCT_UN_SUBSCRIPT", "isv.PRODUCT_UNSUBSCRIBE",
  "isv.ACCOUNT_NOT_EXISTS", "isv.ACCOUNT_ABNORMAL", "isv.SECURITY_FROZEN_ACCOUNT",
  "isv.SMS_TEMPLATE_ILLEGAL", "isv.SMS_SIGNATURE_ILLEGAL", "isv.SMS_SIGNATURE_SCENE_ILLEGAL", "isv.SIGN_NAME_ILLEGAL",
  "isv.TEMPLATE_MISSING_PARAMETERS", "isv.TEMPLATE_PARAMS_ILLEGAL", "isv.INVALID_JSON_PARAM", "isv.INVALID_PARAMETERS",
  "isv.PARAM_LENGTH_LIMIT", "isv.PARAM_NOT_SUPPORT_URL", "isv.BLACK_KEY_CONTROL_LIMIT", "isv.DAY_LIMIT_CONTROL",
  "isv.DENY_IP_RANGE", "isv.EXTEND_CODE_ERROR", "isv.DOMESTIC_NUMBER_NOT_SUPPORTED",
  "isp.RAM_PERMISSION_DENY", "Forbidden.RAM", "InvalidAccessKeyId.NotFound", "InvalidAccessKeyId.Inactive",
  "SignatureDoesNotMatch", "IncompleteSignature", "InvalidTimeStamp.Expired", "SignatureNonceUsed", "MissingParameter"
])

/** The refusal for a provider code (an unknown code is a provider failure the operator should look at). */
export const aliyunRefusal = (code: string): SmsRefused => {
  if (LIMIT_CODES.has(code)) return new SmsRefused("limit", code, PROVIDER_LIMIT_MESSAGE, false)
  if (PHONE_CODES.has(code)) return new SmsRefused("phone", code, PROVIDER_PHONE_MESSAGE, false)
  // isp.SYSTEM_ERROR and Throttling.* are the provider's passing faults; anything else unknown is worth a look
  const passing = code.startsWith("isp.SYSTEM") || code.startsWith("Throttling") || code.startsWith("ServiceUnavailable")
  return new SmsRefused("provider", code, PROVIDER_FAILED_MESSAGE, OPERATOR_CODES.has(code) || !passing)
}
