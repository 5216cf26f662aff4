import { createHash, timingSafeEqual } from "node:crypto"

/**
 * The callback's signature (developers.weixin.qq.com doc/service/guide/dev/push/ "接入概述" 第二步:
 * token, timestamp and nonce sorted as strings, joined, SHA-1 in hex; node-webot/co-wechat lib/wechat.js
 * `getSignature` does the same). Plaintext mode: the body itself is not signed, only the query.
 */
export const mpSignature = (token: string, timestamp: string, nonce: string): string =>
  createHash("sha1").update([token, timestamp, nonce].sort().join("")).digest("hex")

export const validMpSignature = (token: string, query: { readonly signature?: string; readonly timestamp?: string; readonly nonce?: string }): boolean => {
  const { signature, timestamp, nonce } = query
  if (signature === undefined || timestamp === undefined || nonce === undefined || !/^[0-9a-f]{40}$/i.test(signature)) return false
  return timingSafeEqual(Buffer.from(mpSignature(token, timestamp, nonce), "hex"), Buffer.from(signature.toLowerCase(), "hex"))
}

/** A pushed message's fields by name (all text), or undefined when the body is not WeChat's flat <xml>. */
export type MpMessage = Readonly<Record<string, string>>

const FIELD = /<([A-Za-z]+)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g

/**
 * WeChat's plaintext push: one flat <xml> of fields, strings in CDATA, numbers bare (接收事件推送,
 * doc/service/guide/dev/push/ "关注/取消关注事件", "扫描带参数二维码事件"). Only that shape is read;
 * nested elements (e.g. ScanCodeInfo) are skipped, which no login event has.
 */
export const parseMpMessage = (body: string): MpMessage | undefined => {
  const inner = /^\s*<xml>([\s\S]*)<\/xml>\s*$/.exec(body)?.[1]
  if (inner === undefined) return undefined
  const fields: Record<string, string> = {}
  for (const match of inner.matchAll(FIELD)) fields[match[1]!] = (match[2] ?? match[3] ?? "").trim()
  return fields
}

export interface SceneScan {
  readonly openid: string
  readonly scene: string
  /** WeChat's de-duplication key: MsgId for messages, FromUserName + CreateTime for events (消息排重). */
  readonly dedupeKey: string
}

/**
 * A scan of a parametric QR: a new follower's `subscribe` with EventKey "qrscene_<scene>", or an
 * existing follower's `SCAN` with EventKey "<scene>" (扫描带参数二维码事件; co-wechat's examples read
 * `message.EventKey` the same way). Anything else (a text message, unsubscribe, a menu click, a plain
 * subscribe without a scene) is not a login.
 */
export const sceneScanOf = (message: MpMessage): SceneScan | undefined => {
  const openid = message.FromUserName ?? ""
  const createTime = message.CreateTime ?? ""
  if (message.MsgType !== "event" || openid === "" || !/^\d{1,12}$/.test(createTime)) return undefined
  const eventKey = message.EventKey ?? ""
  const scene = message.Event === "subscribe" && eventKey.startsWith("qrscene_")
    ? eventKey.slice("qrscene_".length)
    : message.Event === "SCAN"
      ? eventKey
      : ""
  if (scene === "" || scene.length > 64) return undefined
  return { openid, scene, dedupeKey: message.MsgId !== undefined && message.MsgId !== "" ? `msg:${message.MsgId}` : `event:${openid}:${createTime}` }
}
