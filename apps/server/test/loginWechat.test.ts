import { eq, sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { smsCodes, wechatQrKeys } from "../src/db/schema/login.js"
import { users } from "../src/db/schema/users.js"
import { freshIp, lastSms, loginByPhone, type LoginTestServer, otherCode, Paths, rewindSends, sendCode, startLoginServer } from "./loginHelpers.js"

let server: LoginTestServer

beforeAll(async () => {
  server = await startLoginServer()
})
afterAll(() => server.stop())

const NONCE = "nc_h7Gd2LqP0sXw5YzA3bCe"

/** What a person does on the scan page (the development stand-in for WeChat on the phone). */
const scan = async (key: string) => fetch(`${server.url}/api/dev/wechat/scan?key=${key}`)
const confirm = async (key: string, mode: "bound" | "new", phone = "") =>
  fetch(`${server.url}/api/dev/wechat/confirm`, { method: "POST", body: new URLSearchParams({ key, mode, phone }) })

const newLoginQr = async (nonce?: string) => {
  const answer = await server.call("GET", Paths.loginQr, nonce === undefined ? {} : { nonce })
  expect(answer.code).toBe(0)
  return answer.data as { key: string; qr: string; expire_in: number }
}
const check = (key: string, nonce?: string, ip?: string) =>
  server.call("GET", Paths.checkLoginQr, nonce === undefined ? { key } : { key, nonce }, ip === undefined ? {} : { ip })

describe("WeChat QR login (R5)", () => {
  it("answers a 192-bit key, 120 s, and an SVG QR that shows the scan page address", async () => {
    const qr = await newLoginQr(NONCE)
    expect(qr.key).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(qr.expire_in).toBe(120)
    const svg = Buffer.from(qr.qr.split(",")[1]!, "base64").toString()
    expect(svg.replace(/<\/text><text[^>]*>/g, "")).toContain(`/api/dev/wechat/scan?key=${qr.key}`)
    const stored = await server.deps.db.select().from(wechatQrKeys)
    expect(JSON.stringify(stored)).not.toContain(qr.key)
  })

  it("waiting → scanned (scan page) → success with a token, given once; then expired", async () => {
    const { token: ownerToken } = await loginByPhone(server, "13500000001")
    const qr = await newLoginQr(NONCE)
    expect((await check(qr.key, NONCE)).data).toEqual({ status: "waiting" })
    const page = await scan(qr.key)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain("模拟扫码登录（已绑定手机）")
    expect(html).toContain("模拟新微信用户")
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'")
    expect((await check(qr.key, NONCE)).data).toEqual({ status: "scanned" })
    expect((await confirm(qr.key, "bound", "13500000001")).status).toBe(200)
    const success = await check(qr.key, NONCE)
    expect(success.data).toMatchObject({ status: "success", is_register: false })
    const info = await server.call("GET", Paths.userInfo, undefined, { token: success.data.token })
    const owner = await server.call("GET", Paths.userInfo, undefined, { token: ownerToken })
    expect(info.data.uid).toBe(owner.data.uid)
    expect((await check(qr.key, NONCE)).data).toEqual({ status: "expired" })
    expect(server.logs.some((line) => line.includes(success.data.token))).toBe(false)
  })

  it("without the browser's nonce, or with another, the key gives nothing (looks expired)", async () => {
    await loginByPhone(server, "13500000002")
    const qr = await newLoginQr(NONCE)
    await confirm(qr.key, "bound", "13500000002")
    expect((await check(qr.key)).data).toEqual({ status: "expired" })
    expect((await check(qr.key, "nc_someone_elses_nonce_0")).data).toEqual({ status: "expired" })
    expect((await check(qr.key, NONCE)).data.status).toBe("success")
  })

  it("an unknown key and an expired key look the same; confirming an expired key does nothing", async () => {
    expect((await check("wxq_unknown_key_0000000000")).data).toEqual({ status: "expired" })
    const qr = await newLoginQr()
    await server.deps.db.update(wechatQrKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(sql`true`)
    expect((await check(qr.key)).data).toEqual({ status: "expired" })
    expect((await confirm(qr.key, "new")).status).toBe(410)
    expect((await scan(qr.key)).status).toBe(410)
  })

  it("polling faster than once a second on average is refused (10 in any 10 s)", async () => {
    const qr = await newLoginQr()
    const ip = freshIp()
    const answers = []
    for (let index = 0; index < 12; index++) answers.push(await check(qr.key, undefined, ip))
    expect(answers.slice(0, 10).every((answer) => answer.code === 0)).toBe(true)
    expect(answers[11]).toMatchObject({ code: 429 })
    expect(Number(answers[11]!.headers.get("retry-after"))).toBeGreaterThan(0)
  })

  it("at most 10 QR codes a minute per IP", async () => {
    const ip = freshIp()
    for (let index = 0; index < 10; index++) expect((await server.call("GET", Paths.loginQr, {}, { ip })).code).toBe(0)
    expect(await server.call("GET", Paths.loginQr, {}, { ip })).toMatchObject({ code: 429 })
  })

  it("bad input: malformed key or nonce, unknown fields", async () => {
    expect((await server.call("GET", Paths.checkLoginQr, { key: "short" })).code).toBe(400)
    expect((await server.call("GET", Paths.loginQr, { nonce: "bad nonce!" })).code).toBe(400)
    expect((await server.call("GET", Paths.loginQr, { other: "1" })).code).toBe(400)
    expect((await fetch(`${server.url}/api/dev/wechat/confirm`, { method: "POST", body: new URLSearchParams({ key: "x", mode: "new" }) })).status).toBe(400)
    expect((await scan("no")).status).toBe(400)
  })
})

describe("a new WeChat user binds a phone (wechat_bind_phone; R5, R6)", () => {
  const startNewWechat = async () => {
    const qr = await newLoginQr(NONCE)
    await scan(qr.key)
    expect((await confirm(qr.key, "new")).status).toBe(200)
    const state = await check(qr.key, NONCE)
    expect(state.data).toEqual({ status: "bind_phone", key: qr.key })
    return qr.key
  }

  it("bind_phone → send_wechat_bind_sms → wechat_bind_phone creates the account with WeChat bound", async () => {
    const key = await startNewWechat()
    const phone = "13500000010"
    expect((await sendCode(server, phone, Paths.sendWechatBindSms)).code).toBe(0)
    const { code } = (await lastSms(server, phone))!
    const bound = await server.call("POST", Paths.wechatBindPhone, { key, phone, code })
    expect(bound).toMatchObject({ code: 0, data: { is_register: true } })
    const info = await server.call("GET", Paths.userInfo, undefined, { token: bound.data.token })
    expect(info.data).toMatchObject({ phone: "135****0010", nickname: "米豆用户0010" })
    const [row] = await server.deps.db.select().from(users).where(eq(users.phone, phone))
    expect(row?.wechatOpenid).toMatch(/^wx_dev_/)
    // the key served once
    expect((await server.call("POST", Paths.wechatBindPhone, { key, phone, code })).code).toBe(400)
    // the same WeChat now logs straight in
    const again = await newLoginQr()
    expect((await confirm(again.key, "bound", phone)).status).toBe(200)
    expect((await check(again.key)).data).toMatchObject({ status: "success", is_register: false })
  })

  it("binds to an existing phone account that has no WeChat yet (is_register false)", async () => {
    await loginByPhone(server, "13500000011")
    const key = await startNewWechat()
    await rewindSends(server, "13500000011")
    await sendCode(server, "13500000011", Paths.sendWechatBindSms)
    const bound = await server.call("POST", Paths.wechatBindPhone, { key, phone: "13500000011", code: (await lastSms(server, "13500000011"))!.code })
    expect(bound).toMatchObject({ code: 0, data: { is_register: false } })
  })

  it("a phone whose account has another WeChat is refused, and nothing is written (R6: no merge)", async () => {
    await loginByPhone(server, "13500000012")
    await server.deps.db.update(users).set({ wechatOpenid: "wx_other_person" }).where(eq(users.phone, "13500000012"))
    const key = await startNewWechat()
    await rewindSends(server, "13500000012")
    await sendCode(server, "13500000012", Paths.sendWechatBindSms)
    const { code } = (await lastSms(server, "13500000012"))!
    const refused = await server.call("POST", Paths.wechatBindPhone, { key, phone: "13500000012", code })
    expect(refused).toMatchObject({ code: 409, msg: "该手机号已绑定其他微信" })
    const [row] = await server.deps.db.select().from(users).where(eq(users.phone, "13500000012"))
    expect(row?.wechatOpenid).toBe("wx_other_person")
    const [codeRow] = await server.deps.db.select().from(smsCodes).where(eq(smsCodes.phone, "13500000012")).orderBy(sql`id desc`).limit(1)
    expect(codeRow?.usedAt).toBeNull()
    expect((await check(key, NONCE)).data.status).toBe("bind_phone")
  })

  it("a wrong code, a login code instead of the bind code, a key not waiting for a phone: refused", async () => {
    const key = await startNewWechat()
    const phone = "13500000013"
    await sendCode(server, phone, Paths.sendWechatBindSms)
    const { code } = (await lastSms(server, phone))!
    expect(await server.call("POST", Paths.wechatBindPhone, { key, phone, code: otherCode(code) })).toMatchObject({ code: 400, msg: "验证码错误或已失效，请重新获取" })
    const waiting = await newLoginQr()
    expect(await server.call("POST", Paths.wechatBindPhone, { key: waiting.key, phone, code })).toMatchObject({ code: 400, msg: "二维码已失效，请重新扫码" })
    const phone2 = "13500000014"
    await sendCode(server, phone2)
    const loginCode = (await lastSms(server, phone2))!.code
    expect(await server.call("POST", Paths.wechatBindPhone, { key, phone: phone2, code: loginCode })).toMatchObject({ code: 400, msg: "验证码错误或已失效，请重新获取" })
    expect((await server.call("POST", Paths.wechatBindPhone, { key, phone, code: "12" })).code).toBe(400)
  })
})

describe("binding WeChat to the logged-in account (get/check_bind_wechat_qr_code; R6, R11)", () => {
  it("-401 without a login", async () => {
    expect((await server.call("GET", Paths.bindQr, {})).code).toBe(-401)
    expect((await server.call("GET", Paths.checkBindQr, { key: "wxq_9KfT2mZpLx7QeR4sV1nB" })).code).toBe(-401)
  })

  it("a new WeChat is bound: waiting → scanned → success, then expired", async () => {
    const { token } = await loginByPhone(server, "13500000020")
    const qr = (await server.call("GET", Paths.bindQr, { nonce: NONCE }, { token })).data as { key: string }
    expect((await server.call("GET", Paths.checkBindQr, { key: qr.key, nonce: NONCE }, { token })).data).toEqual({ status: "waiting" })
    await scan(qr.key)
    expect((await server.call("GET", Paths.checkBindQr, { key: qr.key, nonce: NONCE }, { token })).data).toEqual({ status: "scanned" })
    expect((await confirm(qr.key, "new")).status).toBe(200)
    expect((await server.call("GET", Paths.checkBindQr, { key: qr.key, nonce: NONCE }, { token })).data).toEqual({ status: "success" })
    expect((await server.call("GET", Paths.checkBindQr, { key: qr.key, nonce: NONCE }, { token })).data).toEqual({ status: "expired" })
    const [row] = await server.deps.db.select().from(users).where(eq(users.phone, "13500000020"))
    expect(row?.wechatOpenid).toMatch(/^wx_dev_/)
  })

  it("a WeChat bound to another account is an error, never a merge", async () => {
    await loginByPhone(server, "13500000021")
    await server.deps.db.update(users).set({ wechatOpenid: "wx_account_b" }).where(eq(users.phone, "13500000021"))
    const { token } = await loginByPhone(server, "13500000022")
    const qr = (await server.call("GET", Paths.bindQr, {}, { token })).data as { key: string }
    expect((await confirm(qr.key, "bound", "13500000021")).status).toBe(409)
    expect(await server.call("GET", Paths.checkBindQr, { key: qr.key }, { token })).toMatchObject({ code: 409, msg: "该微信已绑定其他账号" })
    const [a] = await server.deps.db.select().from(users).where(eq(users.phone, "13500000022"))
    const [b] = await server.deps.db.select().from(users).where(eq(users.phone, "13500000021"))
    expect(a?.wechatOpenid).toBeNull()
    expect(b?.wechatOpenid).toBe("wx_account_b")
  })

  it("an account that already has WeChat cannot have it replaced", async () => {
    const { token } = await loginByPhone(server, "13500000023")
    await server.deps.db.update(users).set({ wechatOpenid: "wx_mine" }).where(eq(users.phone, "13500000023"))
    const qr = (await server.call("GET", Paths.bindQr, {}, { token })).data as { key: string }
    await confirm(qr.key, "new")
    expect(await server.call("GET", Paths.checkBindQr, { key: qr.key }, { token })).toMatchObject({ code: 409, msg: "当前账号已绑定其他微信" })
  })

  it("another user's bind key, or a login key, looks expired (R11)", async () => {
    const { token: alice } = await loginByPhone(server, "13500000024")
    const { token: bob } = await loginByPhone(server, "13500000025")
    const qr = (await server.call("GET", Paths.bindQr, {}, { token: alice })).data as { key: string }
    expect((await server.call("GET", Paths.checkBindQr, { key: qr.key }, { token: bob })).data).toEqual({ status: "expired" })
    const loginQr = await newLoginQr()
    expect((await server.call("GET", Paths.checkBindQr, { key: loginQr.key }, { token: alice })).data).toEqual({ status: "expired" })
    expect((await check(qr.key)).data).toEqual({ status: "expired" })
  })
})
