import { json, type RecordedRequest, type RecordingServer, startRecordingServer } from "../engineFakes/recordingHttpServer.js"
import { verifyAcs3 } from "../smsFakes/aliyunAcs3.js"

/**
 * A fake Aliyun 内容安全 (Green, version 2022-03-02) on loopback, as Alibaba documents it:
 * - RPC style, POST "/", x-acs-action / x-acs-version headers, the parameters Service and
 *   ServiceParameters (a JSON string) in a form body (the SDK's green20220302 client.ts
 *   textModerationWithOptions: reqBodyType formData);
 * - every request signed with ACS3-HMAC-SHA256, verified from Aliyun's signature document
 *   (../smsFakes/aliyunAcs3.ts): a bad signature or an unknown AccessKey is refused with HTTP 400/404
 *   and the gateway's code, as is a reused nonce or an old date;
 * - TextModeration (文本审核增强版 API, help.aliyun.com document 434034): `content` of at most 600
 *   characters (longer: Code 402 参数长度不符合接口规范); the answer {Code: 200, Message: "OK",
 *   Data: {labels: "a,b", reason: "{\"riskLevel\":…,\"riskTips\":…,\"riskWords\":…}"}}, labels empty
 *   when nothing was found;
 * - ImageModeration (图片审核2.0版同步检测API): Service baselineCheck with imageUrl; the answer
 *   {Code: 200, Msg: "OK", Data: {DataId, Result: [{Label, Confidence}], RiskLevel}}, Result
 *   [{Label: "nonLabel"}] and RiskLevel "none" when nothing was found;
 * - what hurts: the gateway's flow control (HTTP 400 Throttling.User, "Request was denied due to user
 *   flow control."), Green's own QPS refusal in the body (Code 588), and an account whose service is
 *   not opened (Code 408). Tests script these with `refuseNext`.
 * The fake's risky words and image addresses are the test's script, not Aliyun's models.
 */
export interface AliyunGreenFake {
  readonly endpoint: string
  readonly requests: RecordingServer["requests"]
  /** requests the fake refused for their signature or key, with the code it answered */
  readonly signatureRefusals: Array<string>
  /** the next call answers this instead: a gateway error (HTTP 400 Throttling.User) or a body Code */
  readonly refuseNext: (refusal: { readonly gateway: string } | { readonly code: number }) => void
  /** the Service and ServiceParameters of each accepted call */
  readonly calls: Array<{ readonly action: string; readonly service: string; readonly parameters: Record<string, string> }>
  readonly close: () => Promise<void>
}

export interface AliyunGreenFakeOptions {
  readonly accessKeyId: string
  readonly accessKeySecret: string
  /** text that holds the key answers these labels at this risk level */
  readonly riskyWords: Readonly<Record<string, { readonly labels: string; readonly riskLevel: "high" | "medium" | "low" }>>
  /** an image address containing the key answers this label at high risk */
  readonly riskyImages: Readonly<Record<string, string>>
}

const TEXT_SERVICES = new Set(["nickname_detection", "chat_detection", "comment_detection", "ai_art_detection", "pgc_detection", "ad_compliance_detection"])
const requestId = () => `FAKE-${Math.random().toString(16).slice(2, 10).toUpperCase()}`

export const startAliyunGreenFake = async (options: AliyunGreenFakeOptions): Promise<AliyunGreenFake> => {
  const nonces = new Set<string>()
  const signatureRefusals: Array<string> = []
  const calls: AliyunGreenFake["calls"] = []
  const scripted: Array<{ readonly gateway: string } | { readonly code: number }> = []

  const textModeration = (service: string, parameters: Record<string, string>) => {
    if (!TEXT_SERVICES.has(service)) return json(200, { Code: 400, Message: "service is not supported", RequestId: requestId() })
    const content = parameters.content ?? ""
    if (content === "") return json(200, { Code: 400, Message: "参数为空", RequestId: requestId() })
    if ([...content].length > 600) return json(200, { Code: 402, Message: "参数长度不符合接口规范", RequestId: requestId() })
    const hits = Object.entries(options.riskyWords).filter(([word]) => content.includes(word))
    if (hits.length === 0) return json(200, { Code: 200, Message: "OK", RequestId: requestId(), Data: { labels: "", reason: "", accountId: parameters.accountId } })
    const order = { low: 0, medium: 1, high: 2 } as const
    const worst = hits.map(([, hit]) => hit.riskLevel).sort((a, b) => order[b] - order[a])[0]
    const reason = JSON.stringify({ riskLevel: worst, riskTips: "测试_风险", riskWords: hits.map(([word]) => word).join(",") })
    return json(200, { Code: 200, Message: "OK", RequestId: requestId(), Data: { labels: [...new Set(hits.map(([, hit]) => hit.labels))].join(","), reason, accountId: parameters.accountId } })
  }

  const imageModeration = (service: string, parameters: Record<string, string>) => {
    if (service !== "baselineCheck") return json(200, { Code: 400, Msg: "service is not supported", RequestId: requestId() })
    const url = parameters.imageUrl ?? ""
    if (!/^https?:\/\//.test(url)) return json(200, { Code: 400, Msg: "imageUrl is invalid", RequestId: requestId() })
    const hit = Object.entries(options.riskyImages).find(([part]) => url.includes(part))
    const data = hit === undefined
      ? { DataId: parameters.dataId, Result: [{ Label: "nonLabel" }], RiskLevel: "none" }
      : { DataId: parameters.dataId, Result: [{ Label: hit[1], Confidence: 95.12 }], RiskLevel: "high" }
    return json(200, { Code: 200, Msg: "OK", RequestId: requestId(), Data: data })
  }

  const handle = (request: RecordedRequest) => {
    const verdict = verifyAcs3(request, { [options.accessKeyId]: options.accessKeySecret }, nonces)
    if (!verdict.ok) {
      signatureRefusals.push(verdict.code)
      return json(verdict.code === "InvalidAccessKeyId.NotFound" ? 404 : 400, { RequestId: requestId(), Code: verdict.code, Message: verdict.message })
    }
    if (request.headers["x-acs-version"] !== "2022-03-02") return json(400, { RequestId: requestId(), Code: "InvalidVersion", Message: "Specified parameter Version is not valid." })
    if (request.method !== "POST" || !(request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
      return json(400, { RequestId: requestId(), Code: "MissingParameter", Message: "Service and ServiceParameters are read from a form body." })
    }
    const refusal = scripted.shift()
    if (refusal !== undefined) {
      if ("gateway" in refusal) return json(400, { RequestId: requestId(), Code: refusal.gateway, Message: "Request was denied due to user flow control." })
      return json(200, { RequestId: requestId(), Code: refusal.code, Message: "scripted refusal" })
    }
    const form = new URLSearchParams(request.body.toString("utf8"))
    const service = form.get("Service") ?? ""
    let parameters: Record<string, string>
    try {
      parameters = JSON.parse(form.get("ServiceParameters") ?? "{}") as Record<string, string>
    } catch {
      return json(200, { RequestId: requestId(), Code: 401, Message: "参数不合法" })
    }
    const action = request.headers["x-acs-action"] ?? ""
    calls.push({ action, service, parameters })
    switch (action) {
      case "TextModeration":
        return textModeration(service, parameters)
      case "ImageModeration":
        return imageModeration(service, parameters)
      default:
        return json(404, { RequestId: requestId(), Code: "InvalidAction.NotFound", Message: "Specified api is not found." })
    }
  }

  const server = await startRecordingServer(handle)
  return {
    endpoint: server.url,
    requests: server.requests,
    signatureRefusals,
    refuseNext: (refusal) => scripted.push(refusal),
    calls,
    close: server.close
  }
}
