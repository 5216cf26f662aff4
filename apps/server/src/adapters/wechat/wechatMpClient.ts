import type { Db } from "../../db/database.js"
import type { ServiceCheck } from "../../platform/serviceCheck.js"
import type { WechatMpSettings } from "../../platform/wechatMpConfig.js"
import { type FetchedToken, sharedAccessToken } from "./sharedAccessToken.js"
import type { WechatMp } from "./wechatMpPort.js"

/** An error WeChat answered (errcode ≠ 0) or an answer that is not one. */
export class WechatMpError extends Error {
  constructor(readonly errcode: number, errmsg: string) {
    super(`WeChat API errcode ${errcode}: ${errmsg}`)
  }
}

/**
 * The errcodes that mean "this access_token is no good": 40001 (invalid credential, e.g. after a
 * force refresh elsewhere), 40014 (invalid access_token), 42001 (access_token expired). WeChat's
 * global return codes (developers.weixin.qq.com doc/service/guide/dev/api/errCode, and
 * node-webot/co-wechat-api lib/api_common.js, which retries 40001/42001 once after a refresh).
 */
const TOKEN_REFUSED = new Set([40001, 40014, 42001])
const CALL_TIMEOUT_MS = 10_000

/** A JSON call; `body` undefined is a GET. */
const callJson = async (url: string, body: unknown): Promise<Record<string, unknown>> => {
  const response = await fetch(url, body === undefined
    ? { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) }
    : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal: AbortSignal.timeout(CALL_TIMEOUT_MS) })
  const text = await response.text()
  let answer: unknown
  try {
    answer = JSON.parse(text)
  } catch {
    throw new WechatMpError(-2, `HTTP ${response.status}, not JSON`)
  }
  if (typeof answer !== "object" || answer === null) throw new WechatMpError(-2, `HTTP ${response.status}, not an object`)
  const record = answer as Record<string, unknown>
  // a success carries no errcode, or errcode 0 (co-wechat-api lib/util.js wrapper)
  if (typeof record.errcode === "number" && record.errcode !== 0) throw new WechatMpError(record.errcode, String(record.errmsg ?? ""))
  return record
}

/**
 * getStableAccessToken, normal mode (POST cgi-bin/stable_token, developers.weixin.qq.com
 * doc/service/api/base/api_getstableaccesstoken): repeated calls within the token's life return the
 * same token, so unlike cgi-bin/token a second fetch (another process, the doctor) never invalidates
 * the one in use. force_refresh stays false: it invalidates the token at once and is limited to 20 a day.
 */
export const fetchStableToken = async (settings: WechatMpSettings): Promise<FetchedToken> => {
  const answer = await callJson(`${settings.apiBase}/cgi-bin/stable_token`, { grant_type: "client_credential", appid: settings.appId, secret: settings.appSecret, force_refresh: false })
  if (typeof answer.access_token !== "string" || typeof answer.expires_in !== "number") throw new WechatMpError(-2, "no access_token in the answer")
  return { accessToken: answer.access_token, expiresInSeconds: answer.expires_in }
}

/** The real Official Account over its HTTP API, its token shared through the database. */
export const wechatMpClient = (settings: WechatMpSettings, db: Db): WechatMp => {
  const tokens = sharedAccessToken(db, settings.appId, () => fetchStableToken(settings))

  /** One API call with the shared token (body undefined: a GET); a refused token is discarded and the call made once more. */
  const call = async (path: string, body: unknown, retried = false): Promise<Record<string, unknown>> => {
    const token = await tokens.current()
    const separator = path.includes("?") ? "&" : "?"
    try {
      return await callJson(`${settings.apiBase}${path}${separator}access_token=${encodeURIComponent(token)}`, body)
    } catch (error) {
      if (retried || !(error instanceof WechatMpError) || !TOKEN_REFUSED.has(error.errcode)) throw error
      await tokens.discard(token)
      return call(path, body, true)
    }
  }

  return {
    appId: settings.appId,
    callbackToken: settings.token,
    /**
     * 生成带参数的二维码 (POST cgi-bin/qrcode/create, developers.weixin.qq.com doc/service/api/qrcode/qrcodes/api_createqrcode;
     * field names as in node-webot/co-wechat-api lib/api_qrcode.js): QR_STR_SCENE is the temporary QR with a
     * string scene (1–64 characters); the answer's `url` is what the picture encodes, so Mido draws it
     * itself instead of fetching showqrcode?ticket= for every key.
     */
    sceneQrUrl: async (scene, expireSeconds) => {
      const answer = await call("/cgi-bin/qrcode/create", { expire_seconds: expireSeconds, action_name: "QR_STR_SCENE", action_info: { scene: { scene_str: scene } } })
      if (typeof answer.url !== "string" || answer.url === "") throw new WechatMpError(-2, "no url in the qrcode/create answer")
      return answer.url
    },
    /**
     * 获取用户基本信息(UnionID机制) (GET cgi-bin/user/info?openid=&lang=zh_CN, developers.weixin.qq.com
     * doc/service/api/usermanage/userinfo/api_userinfo; co-wechat-api lib/api_user.js `getUser`):
     * `unionid` is there only when the account is bound to an Open Platform account.
     */
    unionidOf: async (openid) => {
      const answer = await call(`/cgi-bin/user/info?openid=${encodeURIComponent(openid)}&lang=zh_CN`, undefined)
      return typeof answer.unionid === "string" && answer.unionid !== "" ? answer.unionid : undefined
    }
  }
}

/** The doctor's check: a stable access_token fetch (normal mode, so the token in use stays valid). Never prints the token. */
export const wechatMpServiceCheck = (settings: WechatMpSettings): ServiceCheck => ({
  name: "微信公众号登录 (WECHAT_MP_*)",
  check: async () => {
    try {
      const token = await fetchStableToken(settings)
      return { ok: true, detail: `access_token 获取成功，还有 ${token.expiresInSeconds} 秒有效（app id ${settings.appId}）` }
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) }
    }
  }
})
