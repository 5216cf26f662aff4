import { json, type RecordedRequest, type RecordingServer, startRecordingServer } from "../engineFakes/recordingHttpServer.js"
import { verifyAcs3 } from "./aliyunAcs3.js"

/**
 * A fake Dysms API (SendSms, QuerySmsSign, version 2017-05-25) on loopback, as Aliyun documents it:
 * - RPC style: x-acs-action / x-acs-version headers, parameters in the query string (the SDK's
 *   dysmsapi20170525 client.js sendSmsWithOptions, openapi-core doRequest);
 * - every request signed with ACS3-HMAC-SHA256 (./aliyunAcs3.ts); a bad signature, an unknown
 *   AccessKey, an old date or a reused nonce is refused with HTTP 400/404 and the gateway's error code;
 * - a refused send is HTTP 200 with `Code` other than "OK" (SendSms docs; error codes from "API错误码",
 *   help.aliyun.com/document_detail/101346): isv.SMS_SIGNATURE_ILLEGAL for a signature not approved,
 *   isv.SMS_TEMPLATE_ILLEGAL for an unknown template, isv.INVALID_JSON_PARAM when TemplateParam is not
 *   JSON of strings, isv.TEMPLATE_MISSING_PARAMETERS when the template's variable is absent,
 *   isv.MOBILE_NUMBER_ILLEGAL for a number that is not a mainland mobile, and the per-number flow
 *   control isv.BUSINESS_LIMIT_CONTROL ("触发分钟级流控Permits:1": one code a minute per number);
 * - Aliyun does not sign its answers (the SDK checks none): the transport is HTTPS.
 * Tests script a refusal for a number with `refuse(phone, code)`.
 */
export interface AliyunSmsFake {
  readonly endpoint: string
  readonly requests: RecordingServer["requests"]
  /** SendSms calls the fake accepted: phone, template and its parameters */
  readonly delivered: Array<{ readonly phone: string; readonly templateCode: string; readonly params: Record<string, string> }>
  readonly refuse: (phone: string, code: string) => void
  readonly close: () => Promise<void>
}

export interface AliyunSmsFakeOptions {
  readonly accessKeyId: string
  readonly accessKeySecret: string
  readonly signName: string
  /** the approved templates and the variables each needs */
  readonly templates: Readonly<Record<string, ReadonlyArray<string>>>
  /** the signature's approval state for QuerySmsSign (1 approved) */
  readonly signStatus?: number
}

const requestId = () => `FAKE-${Math.random().toString(16).slice(2, 10).toUpperCase()}`
const answer = (code: string, message: string, extra: Record<string, unknown> = {}) => json(200, { Code: code, Message: message, RequestId: requestId(), ...extra })

const parseParams = (text: string): Record<string, string> | undefined => {
  try {
    const parsed = JSON.parse(text) as unknown
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined
    const entries = Object.entries(parsed)
    return entries.every(([, value]) => typeof value === "string") ? Object.fromEntries(entries) as Record<string, string> : undefined
  } catch {
    return undefined
  }
}

export const startAliyunSmsFake = async (options: AliyunSmsFakeOptions): Promise<AliyunSmsFake> => {
  const nonces = new Set<string>()
  const refusals = new Map<string, string>()
  const lastSent = new Map<string, number>()
  const delivered: AliyunSmsFake["delivered"] = []

  const sendSms = (query: URLSearchParams) => {
    const phone = query.get("PhoneNumbers") ?? ""
    const templateCode = query.get("TemplateCode") ?? ""
    if (query.get("SignName") !== options.signName) return answer("isv.SMS_SIGNATURE_ILLEGAL", "该账号下找不到对应签名")
    const variables = options.templates[templateCode]
    if (variables === undefined) return answer("isv.SMS_TEMPLATE_ILLEGAL", "该账号下找不到对应模板")
    const params = parseParams(query.get("TemplateParam") ?? "{}")
    if (params === undefined) return answer("isv.INVALID_JSON_PARAM", "JSON参数不合法，只接受字符串值")
    if (variables.some((name) => params[name] === undefined)) return answer("isv.TEMPLATE_MISSING_PARAMETERS", "模板缺少变量")
    if (!/^1[3-9]\d{9}$/.test(phone)) return answer("isv.MOBILE_NUMBER_ILLEGAL", "非法手机号")
    const scripted = refusals.get(phone)
    if (scripted !== undefined) {
      refusals.delete(phone)
      return answer(scripted, "scripted refusal")
    }
    const now = Date.now()
    if (now - (lastSent.get(phone) ?? 0) < 60_000) return answer("isv.BUSINESS_LIMIT_CONTROL", "触发分钟级流控Permits:1")
    lastSent.set(phone, now)
    delivered.push({ phone, templateCode, params })
    return answer("OK", "OK", { BizId: `${now}^0` })
  }

  const handle = (request: RecordedRequest) => {
    const verdict = verifyAcs3(request, { [options.accessKeyId]: options.accessKeySecret }, nonces)
    if (!verdict.ok) return json(verdict.code === "InvalidAccessKeyId.NotFound" ? 404 : 400, { RequestId: requestId(), Code: verdict.code, Message: verdict.message })
    if (request.headers["x-acs-version"] !== "2017-05-25") return json(400, { RequestId: requestId(), Code: "InvalidVersion", Message: "Specified parameter Version is not valid." })
    const query = new URL(request.path, "http://fake").searchParams
    switch (request.headers["x-acs-action"]) {
      case "SendSms":
        return sendSms(query)
      case "QuerySmsSign":
        if (query.get("SignName") !== options.signName) return answer("isv.SMS_SIGN_ILLEGAL", "签名不存在")
        return answer("OK", "OK", { SignName: options.signName, SignStatus: options.signStatus ?? 1, CreateDate: "2026-01-01 00:00:00", Reason: "" })
      default:
        return json(404, { RequestId: requestId(), Code: "InvalidAction.NotFound", Message: "Specified api is not found." })
    }
  }

  const server = await startRecordingServer(handle)
  return {
    endpoint: server.url,
    requests: server.requests,
    delivered,
    refuse: (phone, code) => refusals.set(phone, code),
    close: server.close
  }
}
