import { randomBytes } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PROVIDER_LIMIT_MESSAGE, PROVIDER_PHONE_MESSAGE } from "../src/adapters/sms/aliyunSmsRefusals.js"
import { aliyunSmsServiceCheck, aliyunSmsSink } from "../src/adapters/sms/aliyunSmsSink.js"
import { SmsRefused } from "../src/adapters/sms/smsPort.js"
import { jsonLog } from "../src/platform/log.js"
import { readSmsSettings, type AliyunSmsSettings } from "../src/platform/smsConfig.js"
import { captchaAnswer, type LoginTestServer, Paths, rewindSends, startLoginServer } from "./loginHelpers.js"
import { type AliyunSmsFake, startAliyunSmsFake } from "./smsFakes/aliyunSmsFake.js"

// the AccessKey secret is made by the test (random, as Aliyun's are), never a fixed string in the repo
const ACCESS_KEY_ID = "LTAI5tFakeTestKey"
const ACCESS_KEY_SECRET = randomBytes(15).toString("base64url")
const SIGN = "米豆AI"
const TEMPLATE = "SMS_465300001"
const NOTICE_TEMPLATE = "SMS_465300002"

let fake: AliyunSmsFake
let server: LoginTestServer
let settings: AliyunSmsSettings

const settingsFrom = (env: Record<string, string>): AliyunSmsSettings => {
  const read = readSmsSettings({ MIDO_SMS: "aliyun", ALIYUN_SMS_ACCESS_KEY_ID: ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET: ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME: SIGN, ALIYUN_SMS_TEMPLATE_CODE: TEMPLATE, ALIYUN_SMS_ENDPOINT: fake.endpoint, ...env })
  if (read.kind !== "aliyun") throw new Error("expected aliyun settings")
  return read
}

beforeAll(async () => {
  fake = await startAliyunSmsFake({ accessKeyId: ACCESS_KEY_ID, accessKeySecret: ACCESS_KEY_SECRET, signName: SIGN, templates: { [TEMPLATE]: ["code"], [NOTICE_TEMPLATE]: ["phone"] } })
  settings = settingsFrom({})
  server = await startLoginServer({ sms: { kind: "aliyun", ...settings } })
})
afterAll(async () => {
  await server.stop()
  await fake.close()
})

const send = async (phone: string) => {
  await rewindSends(server, phone)
  return server.call("POST", Paths.sendVerifySms, { phone, captcha_code: await captchaAnswer(server, phone) })
}

describe("MIDO_SMS=aliyun: the login code goes out through Dysms SendSms (issue 27)", () => {
  it("sends a signed SendSms with the sign, the template and {\"code\":\"<6 digits>\"}; that code logs the user in", async () => {
    const before = fake.delivered.length
    expect(await send("13900000001")).toMatchObject({ code: 0, data: { resend_in: 60 } })
    const sent = fake.delivered.slice(before)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ phone: "13900000001", templateCode: TEMPLATE })
    expect(sent[0]?.params.code).toMatch(/^\d{6}$/)
    const request = fake.requests.at(-1)
    expect(request?.headers.authorization).toMatch(/^ACS3-HMAC-SHA256 Credential=LTAI5tFakeTestKey,/)
    expect(request?.headers["x-acs-action"]).toBe("SendSms")
    const login = await server.call("POST", Paths.login, { phone: "13900000001", code: sent[0]?.params.code })
    expect(login.code).toBe(0)
    // the code never reaches the log (R38)
    expect(server.logs.some((line) => line.includes(sent[0]?.params.code ?? "-"))).toBe(false)
  })

  it("R2 stays in front: a second send within the minute is refused before the provider sees it", async () => {
    expect((await send("13900000002")).code).toBe(0)
    const calls = fake.requests.length
    const again = await server.call("POST", Paths.sendVerifySms, { phone: "13900000002", captcha_code: await captchaAnswer(server, "13900000002") })
    expect(again.code).toBe(429)
    expect(fake.requests.length).toBe(calls)
  })

  it("the provider's flow control (isv.BUSINESS_LIMIT_CONTROL) is a 429 with a clear message, not a 500", async () => {
    fake.refuse("13900000003", "isv.BUSINESS_LIMIT_CONTROL")
    const answer = await send("13900000003")
    expect(answer).toMatchObject({ code: 429, msg: PROVIDER_LIMIT_MESSAGE })
    expect(answer.headers.get("retry-after")).toBe("60")
  })

  it("a number the provider will not deliver to (isv.MOBILE_NUMBER_ILLEGAL) is bad input", async () => {
    fake.refuse("13900000004", "isv.MOBILE_NUMBER_ILLEGAL")
    expect(await send("13900000004")).toMatchObject({ code: 400, msg: PROVIDER_PHONE_MESSAGE })
  })

  it.each(["isv.AMOUNT_NOT_ENOUGH", "isv.SMS_TEMPLATE_ILLEGAL", "isv.SMS_SIGNATURE_ILLEGAL"])("%s is the operator's problem: 503 to the user, an alert in the log", async (code) => {
    const phone = `1390000001${["isv.AMOUNT_NOT_ENOUGH", "isv.SMS_TEMPLATE_ILLEGAL", "isv.SMS_SIGNATURE_ILLEGAL"].indexOf(code)}`
    fake.refuse(phone, code)
    expect(await send(phone)).toMatchObject({ code: 503, msg: "短信发送失败，请稍后再试" })
    const alert = server.logs.find((line) => line.includes(code))
    expect(alert).toContain('"alert":"sms_provider_config"')
    expect(alert).not.toContain(ACCESS_KEY_SECRET)
  })
})

describe("signatures: the fake checks ACS3-HMAC-SHA256 as Aliyun documents it", () => {
  it("a request signed with another secret is refused by the fake (SignatureDoesNotMatch), and Mido answers 503", async () => {
    const wrong = aliyunSmsSink({ ...settings, accessKeySecret: randomBytes(15).toString("base64url") }, jsonLog(() => undefined))
    const before = fake.delivered.length
    const refusal = await wrong.sendCode({ phone: "13900000020", purpose: "login", code: "123456" }).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(SmsRefused)
    expect(refusal).toMatchObject({ kind: "provider", providerCode: "SignatureDoesNotMatch", operatorFault: true })
    expect(fake.delivered.length).toBe(before)
  })

  it("a recorded request replayed with another number fails the signature; replayed as it was, its nonce is refused", async () => {
    expect((await send("13900000021")).code).toBe(0)
    const recorded = fake.requests.at(-1)
    if (recorded === undefined) throw new Error("no request recorded")
    const headers = Object.fromEntries(Object.entries(recorded.headers).filter(([name, value]) => value !== undefined && !["host", "content-length", "connection"].includes(name))) as Record<string, string>
    const tampered = await fetch(`${fake.endpoint}${recorded.path.replace("13900000021", "13900000022")}`, { method: "POST", headers })
    expect(tampered.status).toBe(400)
    expect(await tampered.json()).toMatchObject({ Code: "SignatureDoesNotMatch" })
    const replayed = await fetch(`${fake.endpoint}${recorded.path}`, { method: "POST", headers })
    expect(await replayed.json()).toMatchObject({ Code: "SignatureNonceUsed" })
  })
})

describe("the phone-change notice (R6) and the doctor's check", () => {
  it("without ALIYUN_SMS_NOTICE_TEMPLATE_CODE the notice is skipped with a log; with it, it goes out with the masked phone", async () => {
    const lines: Array<string> = []
    const before = fake.delivered.length
    await aliyunSmsSink(settings, jsonLog((line) => lines.push(line))).sendNotice("13900000030", "…", { phone: "139****0031" })
    expect(fake.delivered.length).toBe(before)
    expect(lines.join("\n")).toContain("ALIYUN_SMS_NOTICE_TEMPLATE_CODE")
    await aliyunSmsSink(settingsFrom({ ALIYUN_SMS_NOTICE_TEMPLATE_CODE: NOTICE_TEMPLATE }), jsonLog(() => undefined)).sendNotice("13900000030", "…", { phone: "139****0031" })
    expect(fake.delivered.at(-1)).toEqual({ phone: "13900000030", templateCode: NOTICE_TEMPLATE, params: { phone: "139****0031" } })
  })

  it("the check queries the signature (nothing is sent) and never shows the secret", async () => {
    const before = fake.delivered.length
    const good = await aliyunSmsServiceCheck(settings).check()
    expect(good).toEqual({ ok: true, detail: expect.stringContaining("审核通过") })
    const bad = await aliyunSmsServiceCheck({ ...settings, accessKeySecret: "x".repeat(30) }).check()
    expect(bad.ok).toBe(false)
    expect(bad.detail).toContain("SignatureDoesNotMatch")
    expect(JSON.stringify([good, bad])).not.toContain(ACCESS_KEY_SECRET)
    expect(fake.delivered.length).toBe(before)
  })

  it("MIDO_SMS=aliyun without its variables stops the start, naming each missing one", () => {
    expect(() => readSmsSettings({ MIDO_SMS: "aliyun", ALIYUN_SMS_SIGN_NAME: SIGN })).toThrow("MIDO_SMS=aliyun needs ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_TEMPLATE_CODE")
    expect(readSmsSettings({ MIDO_SMS: "aliyun", ALIYUN_SMS_ACCESS_KEY_ID: "a", ALIYUN_SMS_ACCESS_KEY_SECRET: "b", ALIYUN_SMS_SIGN_NAME: "c", ALIYUN_SMS_TEMPLATE_CODE: "d" })).toMatchObject({ endpoint: "dysmsapi.aliyuncs.com", protocol: "https" })
  })
})

