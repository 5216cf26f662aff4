import OpenApiModule, { Config, OpenApiRequest, Params } from "@alicloud/openapi-client"
import { RuntimeOptions } from "@alicloud/tea-util"
import type { AliyunGreenSettings } from "../../platform/moderationConfig.js"
import { ModerationUnavailable } from "./contentModerationPort.js"

/**
 * Alibaba's dedicated Green SDK (@alicloud/green20220302) is not on our registry, so its calls are made
 * here with the generic client it is built on (@alicloud/openapi-client, as its client.ts
 * textModerationWithOptions does): RPC style, POST "/", the parameters as a form body, signed with
 * ACS3-HMAC-SHA256 (openapi-client doRequest: x-acs-action, x-acs-version, x-acs-date,
 * x-acs-signature-nonce, x-acs-content-sha256, Authorization). ADR 0024.
 * The package is CommonJS with `exports.default = Client` (the class is its `default` at run time).
 */
const OpenApi = (OpenApiModule as unknown as { readonly default?: typeof OpenApiModule }).default ?? OpenApiModule
type OpenApiClient = InstanceType<typeof OpenApiModule>

export const GREEN_VERSION = "2022-03-02"

/** A check gives up after this long; the user's write is refused with 请稍后再试 (moderation fails closed). */
const CONNECT_TIMEOUT_MS = 3_000
const READ_TIMEOUT_MS = 6_000

export const aliyunGreenClient = (settings: AliyunGreenSettings): OpenApiClient =>
  new OpenApi(new Config({
    accessKeyId: settings.accessKeyId,
    accessKeySecret: settings.accessKeySecret,
    regionId: settings.region,
    endpoint: settings.endpoint,
    protocol: settings.protocol,
    connectTimeout: CONNECT_TIMEOUT_MS,
    readTimeout: READ_TIMEOUT_MS
  }))

/**
 * Green's answer codes that mean "slow down" (the API pages' 错误码 tables: 403 请求超出QPS限制, 588
 * 请求频率超出配额) and the gateway's flow control (HTTP 400 Throttling.User / Throttling.Api).
 */
const THROTTLED_CODES = new Set(["403", "588"])
const isThrottling = (code: string) => THROTTLED_CODES.has(code) || code.startsWith("Throttling")

/** An SDK error with the gateway's code (HTTP 4xx/5xx: a bad signature, an unknown key, throttling), not a network one. */
const gatewayCode = (error: unknown): string | undefined => {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined
  const { code } = error as { readonly code: unknown }
  return typeof code === "string" && code !== "" && !/^E[A-Z]+$/.test(code) ? code : undefined
}

export interface GreenAnswer<Data> {
  readonly Code?: number
  readonly Message?: string
  readonly Msg?: string
  readonly Data?: Data
  readonly RequestId?: string
}

/**
 * One Green action with `Service` and its `ServiceParameters` (a JSON string, as the API wants it).
 * Answers the body's Data when Code is 200; every other outcome is ModerationUnavailable, throttled or
 * not, with the provider's code for the log (a network failure's code is "network").
 */
export const callGreen = async <Data>(client: OpenApiClient, action: "TextModeration" | "ImageModeration", service: string, parameters: Readonly<Record<string, string>>): Promise<Data> => {
  const params = new Params({ action, version: GREEN_VERSION, protocol: "HTTPS", pathname: "/", method: "POST", authType: "AK", style: "RPC", reqBodyType: "formData", bodyType: "json" })
  const request = new OpenApiRequest({ body: { Service: service, ServiceParameters: JSON.stringify(parameters) } })
  let answer: GreenAnswer<Data>
  try {
    const response = await client.callApi(params, request, new RuntimeOptions({}))
    answer = (response as { readonly body?: GreenAnswer<Data> }).body ?? {}
  } catch (error) {
    const code = gatewayCode(error) ?? "network"
    throw new ModerationUnavailable(isThrottling(code) ? "throttled" : "unavailable", code)
  }
  const code = String(answer.Code ?? "NoCode")
  if (code !== "200" || answer.Data === undefined) throw new ModerationUnavailable(isThrottling(code) ? "throttled" : "unavailable", code)
  return answer.Data
}
