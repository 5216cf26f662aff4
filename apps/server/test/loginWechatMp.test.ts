import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { fetchStableToken, wechatMpClient, wechatMpServiceCheck } from "../src/adapters/wechat/wechatMpClient.js"
import { sharedAccessToken } from "../src/adapters/wechat/sharedAccessToken.js"
import { wechatQrKeys } from "../src/db/schema/login.js"
import { users } from "../src/db/schema/users.js"
import { wechatMpTokens } from "../src/db/schema/wechatMp.js"
import type { WechatMpSettings } from "../src/platform/wechatMpConfig.js"
import { lastSms, loginByPhone, type LoginTestServer, Paths, sendCode, startLoginServer } from "./loginHelpers.js"
import { scanEventXml, signedQuery, startWechatMpFake, type WechatMpFake } from "./wechatFakes/wechatMpFake.js"

let fake: WechatMpFake
let server: LoginTestServer
let settings: WechatMpSettings

const CALLBACK = "/api/v1/open/wechat/mp/callback"

beforeAll(async () => {
  fake = await startWechatMpFake()
  settings = { appId: fake.appId, appSecret: fake.appSecret, token: fake.token, apiBase: fake.url }
  server = await startLoginServer({}, (db) => ({ wechatMp: wechatMpClient(settings, db) }))
})
afterAll(async () => {
  await server.stop()
  await fake.close()
})

const newLoginQr = async () => {
  const answer = await server.call("GET", Paths.loginQr, {})
  expect(answer.code).toBe(0)
  return answer.data as { key: string; qr: string; expire_in: number }
}
const check = (key: string) => server.call("GET", Paths.checkLoginQr, { key })
const statusOf = async (key: string) => (await check(key)).data.status as string

/** WeChat's push of a scan, signed with the Token (or with `query` when the test forges or replays one). */
const push = (body: string, query: URLSearchParams = signedQuery(fake.token, { openid: "ignored" })) =>
  fetch(`${server.url}${CALLBACK}?${query.toString()}`, { method: "POST", headers: { "content-type": "text/xml" }, body })

describe("the Official Account's parametric QR", () => {
  it("asks qrcode/create for a QR_STR_SCENE with the key as scene and 120 s, and shows WeChat's QR", async () => {
    const qr = await newLoginQr()
    expect(fake.scenes().at(-1)).toBe(qr.key)
    const created = fake.server.requests.filter((request) => request.path.startsWith("/cgi-bin/qrcode/create")).at(-1)
    expect(created?.json).toEqual({ expire_seconds: 120, action_name: "QR_STR_SCENE", action_info: { scene: { scene_str: qr.key } } })
    const svg = Buffer.from(qr.qr.split(",")[1]!, "base64").toString()
    expect(svg).toContain("请使用微信扫一扫")
    expect(svg).not.toContain("/api/dev/wechat/scan")
    expect(await statusOf(qr.key)).toBe("waiting")
  })

  it("a SCAN by a follower whose WeChat is bound logs in; the key hands its token out once", async () => {
    const { token: ownerToken } = await loginByPhone(server, "13600000001")
    const owner = await server.call("GET", Paths.userInfo, undefined, { token: ownerToken })
    await server.deps.db.update(users).set({ wechatOpenid: "oMp_bound_follower_1" }).where(eq(users.uid, owner.data.uid))
    const qr = await newLoginQr()
    const answer = await push(scanEventXml(fake.appId, { event: "SCAN", openid: "oMp_bound_follower_1", scene: qr.key }))
    expect(await answer.text()).toBe("success")
    const success = await check(qr.key)
    expect(success.data).toMatchObject({ status: "success", is_register: false })
    expect((await server.call("GET", Paths.userInfo, undefined, { token: success.data.token })).data.uid).toBe(owner.data.uid)
    expect(await statusOf(qr.key)).toBe("expired")
  })

  it("a new follower's subscribe (qrscene_<key>) asks for a phone, and the bind flow creates the account", async () => {
    const qr = await newLoginQr()
    await push(scanEventXml(fake.appId, { event: "subscribe", openid: "oMp_new_follower_2", scene: qr.key }))
    expect((await check(qr.key)).data).toEqual({ status: "bind_phone", key: qr.key })
    const phone = "13600000002"
    expect((await sendCode(server, phone, Paths.sendWechatBindSms)).code).toBe(0)
    const bound = await server.call("POST", Paths.wechatBindPhone, { key: qr.key, phone, code: (await lastSms(server, phone))!.code })
    expect(bound).toMatchObject({ code: 0, data: { is_register: true } })
    const [row] = await server.deps.db.select().from(users).where(eq(users.phone, phone))
    expect(row?.wechatOpenid).toBe("oMp_new_follower_2")
  })

  it("the UnionID WeChat reports finds the account made through another WeChat app, and is kept for a new one", async () => {
    const { token } = await loginByPhone(server, "13600000005")
    const known = await server.call("GET", Paths.userInfo, undefined, { token })
    await server.deps.db.update(users).set({ wechatOpenid: "oWeb_other_app_5", wechatUnionid: "oUnion_person_5" }).where(eq(users.uid, known.data.uid))
    fake.unionids.set("oMp_same_person_5", "oUnion_person_5")
    const qr = await newLoginQr()
    await push(scanEventXml(fake.appId, { event: "SCAN", openid: "oMp_same_person_5", scene: qr.key }))
    const success = await check(qr.key)
    expect(success.data).toMatchObject({ status: "success", is_register: false })
    expect((await server.call("GET", Paths.userInfo, undefined, { token: success.data.token })).data.uid).toBe(known.data.uid)

    fake.unionids.set("oMp_new_person_6", "oUnion_person_6")
    const fresh = await newLoginQr()
    await push(scanEventXml(fake.appId, { event: "subscribe", openid: "oMp_new_person_6", scene: fresh.key }))
    const phone = "13600000006"
    await sendCode(server, phone, Paths.sendWechatBindSms)
    expect(await server.call("POST", Paths.wechatBindPhone, { key: fresh.key, phone, code: (await lastSms(server, phone))!.code })).toMatchObject({ code: 0 })
    const [row] = await server.deps.db.select().from(users).where(eq(users.phone, phone))
    expect(row).toMatchObject({ wechatOpenid: "oMp_new_person_6", wechatUnionid: "oUnion_person_6" })
  })

  it("a logged-in user binds WeChat by scanning the bind QR", async () => {
    const { token } = await loginByPhone(server, "13600000003")
    const qr = await server.call("GET", Paths.bindQr, {}, { token })
    expect(fake.scenes().at(-1)).toBe(qr.data.key)
    await push(scanEventXml(fake.appId, { event: "SCAN", openid: "oMp_binder_3", scene: qr.data.key }))
    expect((await server.call("GET", Paths.checkBindQr, { key: qr.data.key }, { token })).data).toEqual({ status: "success" })
    const [row] = await server.deps.db.select().from(users).where(eq(users.phone, "13600000003"))
    expect(row?.wechatOpenid).toBe("oMp_binder_3")
  })
})

describe("the message callback's signature (sha1 of the sorted Token, timestamp, nonce)", () => {
  it("GET: the console's URL check gets echostr back only when signed with the Token", async () => {
    const good = await fetch(`${server.url}${CALLBACK}?${signedQuery(fake.token, { echostr: "7382916401" }).toString()}`)
    expect([good.status, await good.text()]).toEqual([200, "7382916401"])
    const bad = await fetch(`${server.url}${CALLBACK}?${signedQuery("SomeOtherToken", { echostr: "7382916401" }).toString()}`)
    expect(bad.status).toBe(401)
    expect(await bad.text()).not.toContain("7382916401")
  })

  it("a wrongly signed or unsigned scan changes nothing", async () => {
    const qr = await newLoginQr()
    const xml = scanEventXml(fake.appId, { event: "SCAN", openid: "oMp_forger", scene: qr.key })
    expect((await push(xml, signedQuery("SomeOtherToken"))).status).toBe(401)
    expect((await fetch(`${server.url}${CALLBACK}`, { method: "POST", body: xml })).status).toBe(401)
    expect(await statusOf(qr.key)).toBe("waiting")
    expect(server.logs.some((line) => line.includes("wechat_mp_signature"))).toBe(true)
  })

  it("a replayed push changes nothing: the same event again, another body under a used signature, a stale one", async () => {
    const first = await newLoginQr()
    const query = signedQuery(fake.token)
    const createTime = Math.floor(Date.now() / 1000)
    const xml = scanEventXml(fake.appId, { event: "subscribe", openid: "oMp_replayed_4", scene: first.key, createTime })
    expect(await (await push(xml, query)).text()).toBe("success")
    expect(await statusOf(first.key)).toBe("bind_phone")
    // the signature covers the query only: a captured one must not carry another body (another key)
    const second = await newLoginQr()
    const forged = await push(scanEventXml(fake.appId, { event: "SCAN", openid: "oMp_attacker", scene: second.key }), query)
    expect(await forged.text()).toBe("success")
    // WeChat's retry of the same event (same FromUserName + CreateTime), freshly signed
    await push(scanEventXml(fake.appId, { event: "SCAN", openid: "oMp_replayed_4", scene: second.key, createTime }))
    // a push signed 10 minutes ago
    await push(scanEventXml(fake.appId, { event: "SCAN", openid: "oMp_attacker", scene: second.key }), signedQuery(fake.token, {}, String(createTime - 600)))
    expect(await statusOf(second.key)).toBe("waiting")
    const [row] = await server.deps.db.select({ openid: wechatQrKeys.openid }).from(wechatQrKeys).where(eq(wechatQrKeys.openid, "oMp_attacker"))
    expect(row).toBeUndefined()
  })
})

describe("the access_token shared by every process", () => {
  it("many concurrent callers in two processes fetch it once; a refused token (40001) is refreshed once and the call retried", async () => {
    await server.deps.db.delete(wechatMpTokens)
    const before = fake.tokenFetches()
    // two "processes": two clients with their own token holders on the one database
    const other = wechatMpClient(settings, server.deps.db)
    const mine = server.deps.wechatMp!
    const urls = await Promise.all(Array.from({ length: 8 }, (_, index) => (index % 2 === 0 ? mine : other).sceneQrUrl(`scene_${index}`, 60)))
    expect(urls.every((url) => url.startsWith("http://weixin.qq.com/q/"))).toBe(true)
    expect(fake.tokenFetches() - before).toBe(1)

    fake.forceRefresh()
    const creates = fake.server.requests.length
    expect(await other.sceneQrUrl("after_refresh", 60)).toMatch(/^http:\/\/weixin\.qq\.com\/q\//)
    expect(fake.tokenFetches() - before).toBe(2)
    const paths = fake.server.requests.slice(creates).map((request) => request.path.split("?")[0])
    expect(paths).toEqual(["/cgi-bin/qrcode/create", "/cgi-bin/stable_token", "/cgi-bin/qrcode/create"])
    // the other process uses the refreshed token without fetching one
    await mine.sceneQrUrl("mine_again", 60)
    expect(fake.tokenFetches() - before).toBe(2)
  })

  it("a token past its renew margin is fetched again; a failed fetch leaves no lease behind", async () => {
    const holder = sharedAccessToken(server.deps.db, settings.appId, () => fetchStableToken(settings))
    await server.deps.db.update(wechatMpTokens).set({ expiresAt: new Date(Date.now() + 60_000) })
    const before = fake.tokenFetches()
    await holder.current()
    expect(fake.tokenFetches() - before).toBe(1)
    const broken = sharedAccessToken(server.deps.db, "wx_other_app", () => fetchStableToken({ ...settings, appId: "wx_other_app" }))
    await expect(broken.current()).rejects.toThrow(/40013/)
    const [row] = await server.deps.db.select().from(wechatMpTokens).where(eq(wechatMpTokens.appId, "wx_other_app"))
    expect(row?.refreshingUntil).toBeNull()
  })

  it("the doctor's check fetches a token without printing it or the secret", async () => {
    const good = await wechatMpServiceCheck(settings).check()
    expect(good.ok).toBe(true)
    const bad = await wechatMpServiceCheck({ ...settings, appSecret: "wrong-secret-value" }).check()
    expect(bad).toMatchObject({ ok: false })
    expect(bad.detail).toContain("40125")
    for (const detail of [good.detail, bad.detail]) expect(detail).not.toMatch(/ACCESS_|wrong-secret-value|s3cret/)
  })
})
