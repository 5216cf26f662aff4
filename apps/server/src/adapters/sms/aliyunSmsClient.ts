import DysmsModule from "@alicloud/dysmsapi20170525"
import { $OpenApiUtil } from "@alicloud/openapi-core"
import type { AliyunSmsSettings } from "../../platform/smsConfig.js"
import { aliyunRefusal } from "./aliyunSmsRefusals.js"

/**
 * The SDK is CommonJS with `exports.default = Client`: Node's ESM import answers module.exports, so
 * the class is its `default` at run time, while the types (bundler resolution) call it the default itself.
 */
const Dysms = (DysmsModule as unknown as { readonly default?: typeof DysmsModule }).default ?? DysmsModule
type Dysms = InstanceType<typeof DysmsModule>

/** A provider call gives up after this long; the user is answered 503 and may try again (R2 counted the send). */
const CONNECT_TIMEOUT_MS = 5_000
const READ_TIMEOUT_MS = 10_000

/**
 * Aliyun's own Dysms SDK client (@alicloud/dysmsapi20170525 on @alicloud/openapi-core), pointed at
 * ALIYUN_SMS_ENDPOINT. It signs every call with ACS3-HMAC-SHA256 (openapi-core client.js doRequest:
 * `Authorization: ACS3-HMAC-SHA256 Credential=…,SignedHeaders=…,Signature=…`, utils.js getAuthorization)
 * and sends the parameters in the query string. It does not retry a failed call by default.
 */
export const aliyunSmsClient = (settings: AliyunSmsSettings): Dysms =>
  new Dysms(new $OpenApiUtil.Config({
    accessKeyId: settings.accessKeyId,
    accessKeySecret: settings.accessKeySecret,
    endpoint: settings.endpoint,
    protocol: settings.protocol,
    connectTimeout: CONNECT_TIMEOUT_MS,
    readTimeout: READ_TIMEOUT_MS
  }))

/** An SDK error with the vendor's code (an HTTP 4xx/5xx answer), as opposed to a network failure. */
const vendorCode = (error: unknown): string | undefined => {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined
  const { code } = error as { readonly code: unknown }
  // network errors carry Node's own codes (ECONNREFUSED, ETIMEDOUT…): those stay plain failures
  return typeof code === "string" && code !== "" && !/^E[A-Z]+$/.test(code) ? code : undefined
}

/**
 * Runs one SDK call and turns the vendor's refusals, in the body (Code ≠ "OK") or as an HTTP error,
 * into SmsRefused; a network failure is rethrown as it is.
 */
export const callAliyun = async <T extends { readonly body?: { readonly code?: string } }>(call: () => Promise<T>): Promise<T> => {
  let response: T
  try {
    response = await call()
  } catch (error) {
    const code = vendorCode(error)
    if (code !== undefined) throw aliyunRefusal(code)
    throw error
  }
  const code = response.body?.code ?? "NoCode"
  if (code !== "OK") throw aliyunRefusal(code)
  return response
}
