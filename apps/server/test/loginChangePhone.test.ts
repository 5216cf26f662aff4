import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { phoneChangeTickets } from "../src/db/schema/login.js"
import { users } from "../src/db/schema/users.js"
import { issueToken } from "../src/platform/tokens.js"
import {
  captchaAnswer,
  lastSms,
  loginByPhone,
  type LoginTestServer,
  otherCode,
  Paths,
  rewindSends,
  sendCode,
  startLoginServer,
  userCaptchaAnswer
} from "./loginHelpers.js"

let server: LoginTestServer

beforeAll(async () => {
  server = await startLoginServer()
})
afterAll(() => server.stop())

interface Account {
  readonly token: string
  readonly uid: number
  readonly phone: string
}

const account = async (phone: string): Promise<Account> => {
  const { token } = await loginByPhone(server, phone)
  const info = await server.call("GET", Paths.userInfo, undefined, { token })
  await rewindSends(server, phone)
  return { token, uid: info.data.uid, phone }
}

/** Step 1: captcha for the user, a code to the current phone, the ticket. */
const ticketFor = async (user: Account) => {
  const captcha_code = await userCaptchaAnswer(server, user.token, user.uid)
  expect(await server.call("POST", Paths.sendUserSms, { captcha_code }, { token: user.token })).toMatchObject({ code: 0, data: { resend_in: 60 } })
  const sms = (await lastSms(server, user.phone))!
  expect(sms.purpose).toBe("user")
  const auth = await server.call("POST", Paths.changePhoneAuth, { code: sms.code }, { token: user.token })
  expect(auth).toMatchObject({ code: 0, data: { expire_in: 600 } })
  return auth.data.ticket as string
}

/** A code sent to the new phone by send_bind_sms. */
const bindCode = async (user: Account, phone: string) => {
  const sent = await sendCode(server, phone, Paths.sendBindSms, { token: user.token })
  expect(sent.code).toBe(0)
  return (await lastSms(server, phone))!.code
}

describe("changing the phone (user/change_phone/auth, user/change_phone; R6)", () => {
  it("-401 without a login on every step", async () => {
    expect((await server.call("POST", Paths.sendUserSms, { captcha_code: "ABCD" })).code).toBe(-401)
    expect((await server.call("POST", Paths.sendBindSms, { phone: "13400000099", captcha_code: "ABCD" })).code).toBe(-401)
    expect((await server.call("POST", Paths.changePhoneAuth, { code: "123456" })).code).toBe(-401)
    expect((await server.call("POST", Paths.changePhone, { ticket: "cpt_8f3kQ2xLm9Vb7Rt1", phone: "13400000099", code: "123456" })).code).toBe(-401)
  })

  it("old phone's code → ticket; new phone's code + ticket → the phone changes, masked; old phone notified", async () => {
    const user = await account("13400000001")
    const ticket = await ticketFor(user)
    const code = await bindCode(user, "13400000002")
    const changed = await server.call("POST", Paths.changePhone, { ticket, phone: "13400000002", code }, { token: user.token })
    expect(changed).toMatchObject({ code: 0, data: { phone: "134****0002" } })
    expect((await server.call("GET", Paths.userInfo, undefined, { token: user.token })).data.phone).toBe("134****0002")
    const notices = (await server.call("GET", "/api/dev/sms?phone=13400000001")).data.notices as Array<string>
    expect(notices.at(-1)).toContain("134****0002")
    // the new phone logs in to the same account; the ticket served once
    const again = await loginByPhone(server, "13400000002")
    expect(again.is_register).toBe(false)
    expect((await server.call("POST", Paths.changePhone, { ticket, phone: "13400000003", code }, { token: user.token })).msg).toBe("原手机号验证已失效，请重新验证")
  })

  it("a phone change ends the account's other sessions (a stolen token stops working); the one that changed it stays", async () => {
    const user = await account("13400000060")
    const elsewhere = [await issueToken(server.deps.db, user.uid, new Date()), await issueToken(server.deps.db, user.uid, new Date())]
    const bystander = await account("13400000062")
    // each device has just been seen: its session is kept in this process's session cache, which the change must clear
    for (const token of elsewhere) expect((await server.call("GET", Paths.userInfo, undefined, { token })).code).toBe(0)
    const ticket = await ticketFor(user)
    const code = await bindCode(user, "13400000061")
    expect((await server.call("POST", Paths.changePhone, { ticket, phone: "13400000061", code }, { token: user.token })).code).toBe(0)
    for (const token of elsewhere) expect((await server.call("GET", Paths.userInfo, undefined, { token })).code).toBe(-401)
    expect((await server.call("GET", Paths.userInfo, undefined, { token: user.token })).data.phone).toBe("134****0061")
    expect((await server.call("GET", Paths.userInfo, undefined, { token: bystander.token })).code).toBe(0)
  })

  it("send_user_sms needs the captcha issued for this user, not one for a phone", async () => {
    const user = await account("13400000010")
    const forPhone = await captchaAnswer(server, user.phone)
    expect(await server.call("POST", Paths.sendUserSms, { captcha_code: forPhone }, { token: user.token })).toMatchObject({ code: 400 })
    expect(await lastSms(server, user.phone)).toMatchObject({ purpose: "login" })
  })

  it("change_phone/auth: a wrong code, a login code, malformed input are refused; no ticket is stored", async () => {
    const user = await account("13400000011")
    const captcha_code = await userCaptchaAnswer(server, user.token, user.uid)
    await server.call("POST", Paths.sendUserSms, { captcha_code }, { token: user.token })
    const { code } = (await lastSms(server, user.phone))!
    expect(await server.call("POST", Paths.changePhoneAuth, { code: otherCode(code) }, { token: user.token })).toMatchObject({ code: 400, msg: "验证码错误或已失效，请重新获取" })
    await rewindSends(server, user.phone)
    expect((await sendCode(server, user.phone, Paths.sendVerifySms)).code).toBe(0)
    const loginCode = (await lastSms(server, user.phone))!
    expect(loginCode.purpose).toBe("login")
    if (loginCode.code !== code) expect((await server.call("POST", Paths.changePhoneAuth, { code: loginCode.code }, { token: user.token })).code).toBe(400)
    expect((await server.call("POST", Paths.changePhoneAuth, { code: "abc" }, { token: user.token })).code).toBe(400)
    expect((await server.call("POST", Paths.changePhoneAuth, {}, { token: user.token })).code).toBe(400)
    expect(await server.deps.db.select().from(phoneChangeTickets).where(eq(phoneChangeTickets.uid, user.uid))).toHaveLength(0)
  })

  it("a phone of another account is refused at send and at change, and both rows stay as they were", async () => {
    const alice = await account("13400000020")
    const bob = await account("13400000021")
    const before = await server.deps.db.select().from(users).where(eq(users.uid, bob.uid))
    const refused = await sendCode(server, bob.phone, Paths.sendBindSms, { token: alice.token })
    expect(refused).toMatchObject({ code: 409, msg: "该手机号已绑定其他账号" })
    const ticket = await ticketFor(alice)
    const code = (await lastSms(server, bob.phone))!.code
    expect(await server.call("POST", Paths.changePhone, { ticket, phone: bob.phone, code }, { token: alice.token })).toMatchObject({ code: 409 })
    expect(await server.deps.db.select().from(users).where(eq(users.uid, bob.uid))).toEqual(before)
    expect((await server.call("GET", Paths.userInfo, undefined, { token: alice.token })).data.phone).toBe("134****0020")
  })

  it("the own phone as the new phone is refused", async () => {
    const user = await account("13400000030")
    expect(await sendCode(server, user.phone, Paths.sendBindSms, { token: user.token })).toMatchObject({ code: 400, msg: "新手机号不能与当前手机号相同" })
  })

  it("change without the old phone's ticket, with another user's ticket, or with a wrong new code: refused", async () => {
    const alice = await account("13400000040")
    const bob = await account("13400000041")
    const code = await bindCode(alice, "13400000042")
    expect(await server.call("POST", Paths.changePhone, { ticket: "cpt_made_up_ticket_0000", phone: "13400000042", code }, { token: alice.token }))
      .toMatchObject({ code: 400, msg: "原手机号验证已失效，请重新验证" })
    const bobTicket = await ticketFor(bob)
    expect((await server.call("POST", Paths.changePhone, { ticket: bobTicket, phone: "13400000042", code }, { token: alice.token })).code).toBe(400)
    const aliceTicket = await ticketFor(alice)
    expect(await server.call("POST", Paths.changePhone, { ticket: aliceTicket, phone: "13400000042", code: otherCode(code) }, { token: alice.token }))
      .toMatchObject({ code: 400, msg: "验证码错误或已失效，请重新获取" })
    expect((await server.call("POST", Paths.changePhone, { ticket: aliceTicket, phone: "13400000042" }, { token: alice.token })).code).toBe(400)
    expect((await server.call("GET", Paths.userInfo, undefined, { token: alice.token })).data.phone).toBe("134****0040")
    // the right code still works with the ticket afterwards
    expect((await server.call("POST", Paths.changePhone, { ticket: aliceTicket, phone: "13400000042", code }, { token: alice.token })).code).toBe(0)
  })

  it("an expired ticket is refused", async () => {
    const user = await account("13400000050")
    const ticket = await ticketFor(user)
    const code = await bindCode(user, "13400000051")
    await server.deps.db.update(phoneChangeTickets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(phoneChangeTickets.uid, user.uid))
    expect((await server.call("POST", Paths.changePhone, { ticket, phone: "13400000051", code }, { token: user.token })).msg).toBe("原手机号验证已失效，请重新验证")
  })
})
