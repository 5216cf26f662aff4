import { eq, sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loginCaptchas, smsCodes } from "../src/db/schema/login.js"
import { users } from "../src/db/schema/users.js"
import { revokeToken } from "../src/platform/tokens.js"
import { captchaAnswer, lastSms, loginByPhone, type LoginTestServer, otherCode, Paths, sendCode, startLoginServer } from "./loginHelpers.js"

let server: LoginTestServer

beforeAll(async () => {
  server = await startLoginServer()
})
afterAll(() => server.stop())

const past = (seconds: number) => new Date(Date.now() - seconds * 1000)

describe("GET captcha (R1)", () => {
  it("issues an SVG captcha for a phone; the development endpoint knows its answer", async () => {
    const answer = await server.call("GET", Paths.captcha, { phone: "13700000001" })
    expect(answer).toMatchObject({ code: 0, data: { expire_in: 300 } })
    expect(answer.data.image).toMatch(/^data:image\/svg\+xml;base64,/)
    const svg = Buffer.from(answer.data.image.split(",")[1], "base64").toString()
    // the characters are outlines, never text a program could read (issue 27)
    expect(svg).toMatch(/<svg[^>]*>.*<path/s)
    expect(svg).not.toMatch(/<text/)
    const dev = await server.call("GET", "/api/dev/captcha?phone=13700000001")
    expect(dev.data.answer).toMatch(/^[A-Za-z0-9]{4,6}$/)
    expect(svg.toUpperCase()).not.toContain(dev.data.answer.toUpperCase())
    // only a hash is stored
    const rows = await server.deps.db.select().from(loginCaptchas).where(eq(loginCaptchas.subject, "phone:13700000001"))
    expect(JSON.stringify(rows)).not.toContain(dev.data.answer)
  })

  it("without a phone and without a login is bad input", async () => {
    expect(await server.call("GET", Paths.captcha, {})).toMatchObject({ code: 400, msg: "请输入手机号" })
  })

  it("refuses a malformed phone and unknown fields (R12)", async () => {
    expect((await server.call("GET", Paths.captcha, { phone: "12345" })).code).toBe(400)
    expect((await server.call("GET", Paths.captcha, { phone: "13700000001", extra: "1" })).code).toBe(400)
  })

  it("the development endpoints check their query", async () => {
    expect((await server.call("GET", "/api/dev/captcha")).status).toBe(400)
    expect((await server.call("GET", "/api/dev/captcha?phone=13799999999")).status).toBe(404)
    expect((await server.call("GET", "/api/dev/sms?phone=13799999999")).status).toBe(404)
  })
})

describe("send_verify_sms needs the captcha of that phone, once (R1)", () => {
  const phone = "13700000010"

  it("no captcha issued, a wrong answer, an expired one, another phone's: refused, nothing sent", async () => {
    expect(await server.call("POST", Paths.sendVerifySms, { phone, captcha_code: "ABCD" })).toMatchObject({ code: 400, msg: expect.stringContaining("图形验证码") })
    await captchaAnswer(server, phone)
    expect((await server.call("POST", Paths.sendVerifySms, { phone, captcha_code: "zzzz" })).code).toBe(400)
    const answer = await captchaAnswer(server, phone)
    await server.deps.db.update(loginCaptchas).set({ expiresAt: past(1) }).where(eq(loginCaptchas.subject, `phone:${phone}`))
    expect((await server.call("POST", Paths.sendVerifySms, { phone, captcha_code: answer })).code).toBe(400)
    const forOther = await captchaAnswer(server, "13700000011")
    expect((await server.call("POST", Paths.sendVerifySms, { phone, captcha_code: forOther })).code).toBe(400)
    expect(await lastSms(server, phone)).toBeUndefined()
  })

  it("a wrong answer consumes the captcha: the right answer afterwards fails", async () => {
    const answer = await captchaAnswer(server, phone)
    expect((await server.call("POST", Paths.sendVerifySms, { phone, captcha_code: answer === "AAAA" ? "BBBB" : "AAAA" })).code).toBe(400)
    expect((await server.call("POST", Paths.sendVerifySms, { phone, captcha_code: answer })).code).toBe(400)
    expect(await lastSms(server, phone)).toBeUndefined()
  })

  it("a valid captcha sends once (case-insensitive); replaying it is refused", async () => {
    const answer = await captchaAnswer(server, phone)
    const sent = await server.call("POST", Paths.sendVerifySms, { phone, captcha_code: answer.toLowerCase() })
    expect(sent).toMatchObject({ code: 0, data: { resend_in: 60 } })
    expect((await lastSms(server, phone))?.sent).toBe(1)
    const replay = await server.call("POST", Paths.sendVerifySms, { phone, captcha_code: answer })
    expect(replay).toMatchObject({ code: 400, msg: expect.stringContaining("图形验证码") })
    expect((await lastSms(server, phone))?.sent).toBe(1)
  })

  it("a newer captcha replaces the older one", async () => {
    const first = await captchaAnswer(server, "13700000012")
    const second = await captchaAnswer(server, "13700000012")
    if (first !== second) expect((await server.call("POST", Paths.sendVerifySms, { phone: "13700000012", captcha_code: first })).code).toBe(400)
    else expect(second).toBe(first)
  })

  it("bad input: missing or malformed fields", async () => {
    expect(await server.call("POST", Paths.sendVerifySms, { phone }).then((a) => a.code)).toBe(400)
    expect(await server.call("POST", Paths.sendVerifySms, { phone: "1380013800", captcha_code: "ABCD" })).toMatchObject({ code: 400, msg: "请输入正确的手机号" })
    expect(await server.call("POST", Paths.sendVerifySms, { phone, captcha_code: "A" })).toMatchObject({ code: 400, msg: "图形验证码不正确" })
  })
})

describe("login by phone and code (R3, R4, R7)", () => {
  it("creates the account on first use with a nickname, an invite code and a nid; then logs in", async () => {
    const first = await loginByPhone(server, "13700000100")
    expect(first.is_register).toBe(true)
    const info = await server.call("GET", Paths.userInfo, undefined, { token: first.token })
    expect(info).toMatchObject({ code: 0, data: { nickname: "米豆用户0100", phone: "137****0100", invite_user_id: 0 } })
    expect(info.data.invite_code).toMatch(/^[A-Z0-9]{6}$/)
    expect(info.data.nid).toMatch(/^\d{8}$/)
    const second = await loginByPhone(server, "13700000100")
    expect(second.is_register).toBe(false)
    expect(second.token).not.toBe(first.token)
    expect((await server.call("GET", Paths.userInfo, undefined, { token: first.token })).code).toBe(0)
  })

  it("attaches the inviter from a valid invite code; unknown codes are ignored", async () => {
    const inviter = await loginByPhone(server, "13700000101")
    const inviterInfo = await server.call("GET", Paths.userInfo, undefined, { token: inviter.token })
    const invited = await loginByPhone(server, "13700000102", { invite_code: inviterInfo.data.invite_code.toLowerCase() })
    const invitedInfo = await server.call("GET", Paths.userInfo, undefined, { token: invited.token })
    expect(invitedInfo.data).toMatchObject({ invite_user_id: inviterInfo.data.uid, invite_user_name: "米豆用户0101" })
    const stray = await loginByPhone(server, "13700000103", { invite_code: "NOSUCH" })
    expect(stray.is_register).toBe(true)
    expect((await server.call("GET", Paths.userInfo, undefined, { token: stray.token })).data.invite_user_id).toBe(0)
    // an existing account's inviter never changes at login
    const again = await loginByPhone(server, "13700000101", { invite_code: invitedInfo.data.invite_code })
    expect((await server.call("GET", Paths.userInfo, undefined, { token: again.token })).data.invite_user_id).toBe(0)
  })

  it("a used code is refused like a wrong one (single use, R3, R4)", async () => {
    const phone = "13700000110"
    await sendCode(server, phone)
    const { code } = (await lastSms(server, phone))!
    expect(await server.call("POST", Paths.login, { phone, code: otherCode(code) })).toMatchObject({ code: 400, msg: "验证码错误或已失效，请重新获取" })
    expect((await server.call("POST", Paths.login, { phone, code })).code).toBe(0)
    expect(await server.call("POST", Paths.login, { phone, code })).toMatchObject({ code: 400, msg: "验证码错误或已失效，请重新获取" })
  })

  it("an expired code and a phone never sent a code get the same answer as a wrong code (R4)", async () => {
    const phone = "13700000111"
    await sendCode(server, phone)
    const { code } = (await lastSms(server, phone))!
    await server.deps.db.update(smsCodes).set({ expiresAt: past(1) }).where(eq(smsCodes.phone, phone))
    expect(await server.call("POST", Paths.login, { phone, code })).toMatchObject({ code: 400, msg: "验证码错误或已失效，请重新获取" })
    expect(await server.call("POST", Paths.login, { phone: "13700000199", code })).toMatchObject({ code: 400, msg: "验证码错误或已失效，请重新获取" })
    expect((await server.deps.db.select().from(users).where(eq(users.phone, phone))).length).toBe(0)
  })

  it("a new code invalidates the previous one (R3)", async () => {
    const phone = "13700000112"
    await sendCode(server, phone)
    const a = (await lastSms(server, phone))!.code
    // past the one-a-minute limit
    await server.deps.db.execute(sql`update sms_send_log set sent_at = sent_at - interval '2 minutes' where phone = ${phone}`)
    await sendCode(server, phone)
    const b = (await lastSms(server, phone))!.code
    if (a !== b) expect(await server.call("POST", Paths.login, { phone, code: a })).toMatchObject({ code: 400 })
    expect((await server.call("POST", Paths.login, { phone, code: b })).code).toBe(0)
  })

  it("a code sent for another purpose does not log in (R3)", async () => {
    const phone = "13700000120"
    expect((await sendCode(server, phone, Paths.sendWechatBindSms)).code).toBe(0)
    const bindCode = (await lastSms(server, phone))!
    expect(bindCode.purpose).toBe("wechat_bind")
    expect(await server.call("POST", Paths.login, { phone, code: bindCode.code })).toMatchObject({ code: 400, msg: "验证码错误或已失效，请重新获取" })
  })

  it("codes are 6 digits and only their hash is stored (R3)", async () => {
    const phone = "13700000113"
    await sendCode(server, phone)
    const { code } = (await lastSms(server, phone))!
    expect(code).toMatch(/^\d{6}$/)
    const rows = await server.deps.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(code)
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(300_000)
  })

  it("10 concurrent logins with one code give exactly one token (R3)", async () => {
    const phone = "13700000116"
    await sendCode(server, phone)
    const { code } = (await lastSms(server, phone))!
    const answers = await Promise.all(Array.from({ length: 10 }, () => server.call("POST", Paths.login, { phone, code })))
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1)
    expect((await server.deps.db.select().from(users).where(eq(users.phone, phone))).length).toBe(1)
  })

  it("bad input: a malformed code or phone, unknown fields", async () => {
    expect(await server.call("POST", Paths.login, { phone: "13700000117", code: "12345" })).toMatchObject({ code: 400, msg: "请输入 6 位数字验证码" })
    expect(await server.call("POST", Paths.login, { phone: "abc", code: "123456" })).toMatchObject({ code: 400 })
    expect((await server.call("POST", Paths.login, { phone: "13700000117", code: "123456", uid: 1 })).code).toBe(400)
  })

  it("revokeToken ends a session once: the token answers -401 afterwards (R7; the logout route: loginLogout.test.ts)", async () => {
    const { token } = await loginByPhone(server, "13700000118")
    expect(await revokeToken(server.deps.db, token, new Date())).toBe(1)
    expect((await server.call("GET", Paths.userInfo, undefined, { token })).code).toBe(-401)
    expect(await revokeToken(server.deps.db, token, new Date())).toBe(0)
  })

  it("logs: no token, no full phone, and the code only in the development sink's line (R38)", async () => {
    const phone = "13700000119"
    const { token } = await loginByPhone(server, phone)
    const code = (await lastSms(server, phone))!.code
    const lines = server.logs.filter((line) => line.includes("0119"))
    expect(lines.some((line) => line.includes('"message":"login"'))).toBe(true)
    expect(server.logs.some((line) => line.includes(token))).toBe(false)
    expect(server.logs.some((line) => line.includes(phone))).toBe(false)
    expect(server.logs.filter((line) => line.includes(`"${code}"`)).every((line) => line.includes('"message":"sms code"'))).toBe(true)
  })
})
