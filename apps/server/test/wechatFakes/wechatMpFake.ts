import { createHash, randomBytes } from "node:crypto"
import { type FakeAnswer, json, type RecordingServer, startRecordingServer } from "../engineFakes/recordingHttpServer.js"

/**
 * The WeChat Official Account API as the login flow meets it, on loopback, built from WeChat's docs
 * (developers.weixin.qq.com doc/service/api/base/api_getstableaccesstoken, api/qrcode/qrcodes/api_createqrcode,
 * guide/dev/api/errCode) and node-webot/co-wechat-api (lib/api_common.js, lib/api_qrcode.js) for the fields:
 * - POST /cgi-bin/stable_token (JSON only): wrong appid → 40013, wrong secret → 40125; normal mode answers
 *   the same token while it lives (expires_in counts down); `forceRefresh()` is another party's
 *   force_refresh=true: the old token is dead at once (the calls using it get 40001).
 * - POST /cgi-bin/qrcode/create?access_token=: an unknown or dead token → 40001 "invalid credential";
 *   QR_STR_SCENE needs scene_str of 1–64 characters (40097 otherwise) and expire_seconds ≤ 2592000;
 *   the answer is { ticket, expire_seconds, url } with url http://weixin.qq.com/q/… (what the picture encodes).
 * - `push(…)` plays WeChat's side of the message callback: the event XML of 扫描带参数二维码事件
 *   (subscribe with EventKey qrscene_<scene>, or SCAN with EventKey <scene>), its query signed with
 *   the Token (sha1 of the sorted token, timestamp, nonce).
 */
export interface WechatMpFake {
  readonly url: string
  readonly server: RecordingServer
  readonly appId: string
  readonly appSecret: string
  readonly token: string
  /** How many stable_token calls were answered with a token. */
  readonly tokenFetches: () => number
  /** The scene of every QR created, in order. */
  readonly scenes: () => ReadonlyArray<string>
  /** The UnionID user/info reports for an openid (the account bound to an Open Platform). */
  readonly unionids: Map<string, string>
  /** Another party force-refreshed: the current token stops working at once. */
  readonly forceRefresh: () => void
  readonly close: () => Promise<void>
}

export const startWechatMpFake = async (appId = "wx0123456789abcdef", appSecret = "s3cret0123456789abcdef0123456789", token = "MidoMpToken2026"): Promise<WechatMpFake> => {
  let live: { token: string; expiresAt: number } | undefined
  let fetches = 0
  const scenes: Array<string> = []
  const unionids = new Map<string, string>()
  const newToken = () => (live = { token: `ACCESS_${randomBytes(16).toString("hex")}`, expiresAt: Date.now() + 7_200_000 })

  const stableToken = (body: unknown): FakeAnswer => {
    const request = (body ?? {}) as Record<string, unknown>
    if (request.grant_type !== "client_credential") return json(200, { errcode: 40002, errmsg: "invalid grant_type" })
    if (request.appid !== appId) return json(200, { errcode: 40013, errmsg: "invalid appid" })
    if (request.secret !== appSecret) return json(200, { errcode: 40125, errmsg: "invalid appsecret" })
    fetches += 1
    // normal mode: the same token while it lives (the platform renews in its last 5 minutes)
    const current = live !== undefined && live.expiresAt - Date.now() > 300_000 && request.force_refresh !== true ? live : newToken()
    return json(200, { access_token: current.token, expires_in: Math.floor((current.expiresAt - Date.now()) / 1000) })
  }

  const createQr = (query: URLSearchParams, body: unknown): FakeAnswer => {
    if (live === undefined || query.get("access_token") !== live.token) {
      return json(200, { errcode: 40001, errmsg: "invalid credential, access_token is invalid or not latest" })
    }
    const request = (body ?? {}) as { expire_seconds?: unknown; action_name?: unknown; action_info?: { scene?: { scene_str?: unknown } } }
    const scene = request.action_info?.scene?.scene_str
    if (request.action_name !== "QR_STR_SCENE" || typeof scene !== "string" || scene.length < 1 || scene.length > 64) {
      return json(200, { errcode: 40097, errmsg: "invalid args" })
    }
    const expire = typeof request.expire_seconds === "number" ? request.expire_seconds : 30
    if (expire > 2_592_000) return json(200, { errcode: 40097, errmsg: "invalid args" })
    scenes.push(scene)
    const id = randomBytes(12).toString("base64url")
    return json(200, { ticket: `gQ${id}`, expire_seconds: expire, url: `http://weixin.qq.com/q/${id}` })
  }

  /**
   * GET cgi-bin/user/info (获取用户基本信息(UnionID机制), doc/service/api/usermanage/userinfo/api_userinfo):
   * a follower's fields; `unionid` only for the openids the test gave one (an account bound to an Open Platform).
   */
  const userInfo = (query: URLSearchParams): FakeAnswer => {
    if (live === undefined || query.get("access_token") !== live.token) return json(200, { errcode: 40001, errmsg: "invalid credential, access_token is invalid or not latest" })
    const openid = query.get("openid") ?? ""
    if (openid === "") return json(200, { errcode: 40003, errmsg: "invalid openid" })
    const unionid = unionids.get(openid)
    return json(200, { subscribe: 1, openid, language: "zh_CN", subscribe_time: Math.floor(Date.now() / 1000), ...(unionid !== undefined ? { unionid } : {}), remark: "", groupid: 0, tagid_list: [], subscribe_scene: "ADD_SCENE_QR_CODE" })
  }

  const server = await startRecordingServer((request) => {
    const url = new URL(request.path, "http://fake")
    if (request.method === "GET" && url.pathname === "/cgi-bin/user/info") return userInfo(url.searchParams)
    if (request.method !== "POST") return json(200, { errcode: 43002, errmsg: "require POST method" })
    if (url.pathname === "/cgi-bin/stable_token") return stableToken(request.json)
    if (url.pathname === "/cgi-bin/qrcode/create") return createQr(url.searchParams, request.json)
    return json(200, { errcode: 48001, errmsg: "api unauthorized" })
  })

  return {
    url: server.url,
    server,
    appId,
    appSecret,
    token,
    tokenFetches: () => fetches,
    scenes: () => scenes,
    unionids,
    forceRefresh: () => void newToken(),
    close: () => server.close()
  }
}

export interface PushedEvent {
  readonly event: "subscribe" | "SCAN"
  readonly openid: string
  readonly scene: string
  readonly createTime?: number
}

/** The event XML WeChat pushes for a scan of a parametric QR (plaintext mode). */
export const scanEventXml = (appId: string, pushed: PushedEvent): string =>
  `<xml><ToUserName><![CDATA[gh_${appId}]]></ToUserName><FromUserName><![CDATA[${pushed.openid}]]></FromUserName>` +
  `<CreateTime>${pushed.createTime ?? Math.floor(Date.now() / 1000)}</CreateTime><MsgType><![CDATA[event]]></MsgType>` +
  `<Event><![CDATA[${pushed.event}]]></Event><EventKey><![CDATA[${pushed.event === "subscribe" ? `qrscene_${pushed.scene}` : pushed.scene}]]></EventKey>` +
  `<Ticket><![CDATA[gQ_ticket]]></Ticket></xml>`

/** A signed callback query as WeChat sends it (signature, timestamp, nonce; openid on pushes). */
export const signedQuery = (token: string, extra: Record<string, string> = {}, timestamp = String(Math.floor(Date.now() / 1000))): URLSearchParams => {
  const nonce = String(randomBytes(4).readUInt32BE())
  // computed here, not with Mido's helper: the doc's recipe (sort, join, sha1 hex) checked independently
  const signature = createHash("sha1").update([token, timestamp, nonce].sort().join("")).digest("hex")
  return new URLSearchParams({ signature, timestamp, nonce, ...extra })
}
